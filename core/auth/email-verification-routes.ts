import express, { type Router } from 'express';
import type { Container } from 'inversify';
import type { Knex } from 'knex';
import type { ActivityService } from '../activity/activity-service';
import type { Mailer } from '../mail/mailer';
import type { Config } from '../platform/config';
import { badRequest } from '../platform/errors';
import { parseBody } from '../platform/http';
import type { Logger } from '../platform/logger';
import type { RedisClient } from '../platform/redis';
import { TOKENS } from '../platform/tokens';
import { AccountMail } from './account-mail';
import { AccountTokens, postedToken } from './account-tokens';
import { MailRequestThrottle } from './mail-request-throttle';
import { answerThenWork } from './neutral-answer';
import { emailRequestSchema } from './schemas';
import { findUserByEmail, User } from './user-model';

export const EMAIL_VERIFIED = 'Your email address is verified. You can sign in now.';
export const VERIFICATION_LINK_INVALID = 'This verification link is invalid or has already been used.';
export const VERIFICATION_LINK_EXPIRED = 'This verification link has expired. Sign in to request a new one.';
export const VERIFICATION_ON_ITS_WAY = 'If this email needs verifying, a new link is on its way.';

/**
 * `{app}/auth/verify-email` and `{app}/auth/resend-verification`. The emailed link opens a page that posts its token
 * here, so a mail scanner that merely opens the link verifies nothing.
 */
export function emailVerificationRoutes(container: Container): Router {
  const config = container.get<Config>(TOKENS.Config);
  const knex = container.get<Knex>(TOKENS.Knex);
  const activity = container.get<ActivityService>(TOKENS.Activity);
  const mailer = container.get<Mailer>(TOKENS.Mailer);
  const logger = container.get<Logger>(TOKENS.Logger);
  const tokens = container.get(AccountTokens);
  const accountMail = container.get(AccountMail);
  const throttle = new MailRequestThrottle(container.get<RedisClient>(TOKENS.Redis), config);
  const router = express.Router();

  router.post('/verify-email', async (req, res) => {
    const token = postedToken(req.body);
    const user = await knex.transaction(async (trx) => {
      const use = await tokens.consume(token, 'verify-email', trx);
      if ('refused' in use) throw badRequest(use.refused === 'expired' ? VERIFICATION_LINK_EXPIRED : VERIFICATION_LINK_INVALID);
      // A second link of an account verified meanwhile (by Google, a reset) still works; only the first verification counts.
      const newlyVerified = await User.query(trx).findById(use.userId).whereNull('email_verified_at').patch({ emailVerifiedAt: new Date() });
      const verified = await User.query(trx).findById(use.userId).throwIfNotFound();
      if (newlyVerified) {
        await activity.record(
          { workspaceId: null, actorUserId: verified.id, action: 'user.email_verified', entityType: 'user', entityId: verified.externalId },
          trx,
        );
      }
      return verified;
    });
    res.json({ message: EMAIL_VERIFIED, email: user.email });
  });

  router.post('/resend-verification', async (req, res) => {
    const { email } = parseBody(emailRequestSchema, req.body);
    await throttle.admit('verify', email);
    await answerThenWork(
      res,
      { status: 202, body: { message: VERIFICATION_ON_ITS_WAY } },
      async () => {
        const user = await findUserByEmail(email);
        if (user && !user.emailVerifiedAt) await mailer.send(await accountMail.verification(user));
      },
      { logger, message: 'a verification email could not be queued' },
    );
  });

  return router;
}
