import express, { type Router } from 'express';
import type { Container } from 'inversify';
import type { Knex } from 'knex';
import { raw } from 'objection';
import type { ActivityService } from '../activity/activity-service';
import type { Mailer } from '../mail/mailer';
import type { Config } from '../platform/config';
import { badRequest } from '../platform/errors';
import { parseBody } from '../platform/http';
import type { Logger } from '../platform/logger';
import type { RedisClient } from '../platform/redis';
import { TOKENS } from '../platform/tokens';
import { AccountMail } from './account-mail';
import { AccountTokens, postedToken, type TokenUse } from './account-tokens';
import { MailRequestThrottle } from './mail-request-throttle';
import { answerThenWork } from './neutral-answer';
import { hashPassword } from './password';
import { emailRequestSchema, resetPasswordSchema } from './schemas';
import { SessionRegistry } from './session-registry';
import { findUserByEmail, User } from './user-model';

export const RESET_LINK_SENT = 'If an account exists for this email, we have sent a link to reset its password.';
export const PASSWORD_RESET = 'Your password has been reset. Sign in with your new password.';
export const RESET_LINK_INVALID = 'This password reset link is invalid or has already been used.';
export const RESET_LINK_EXPIRED = 'This password reset link has expired. Ask for a new one.';

function refuseDeadLink(use: TokenUse): asserts use is { userId: number } {
  if ('refused' in use) throw badRequest(use.refused === 'expired' ? RESET_LINK_EXPIRED : RESET_LINK_INVALID);
}

/**
 * `{app}/auth/forgot-password` and `{app}/auth/reset-password`: a 1-hour single-use link by email, then a new password
 * under the sign-up rules, which signs the account out everywhere.
 */
export function passwordResetRoutes(container: Container): Router {
  const config = container.get<Config>(TOKENS.Config);
  const knex = container.get<Knex>(TOKENS.Knex);
  const activity = container.get<ActivityService>(TOKENS.Activity);
  const mailer = container.get<Mailer>(TOKENS.Mailer);
  const logger = container.get<Logger>(TOKENS.Logger);
  const tokens = container.get(AccountTokens);
  const accountMail = container.get(AccountMail);
  const sessions = container.get(SessionRegistry);
  const throttle = new MailRequestThrottle(container.get<RedisClient>(TOKENS.Redis), config);
  const router = express.Router();

  // A Google-only account may ask too: the link sets its first password.
  router.post('/forgot-password', async (req, res) => {
    const { email } = parseBody(emailRequestSchema, req.body);
    await throttle.admit('reset', email);
    await answerThenWork(
      res,
      { status: 202, body: { message: RESET_LINK_SENT } },
      async () => {
        const user = await findUserByEmail(email);
        if (user) await mailer.send(await accountMail.passwordReset(user));
      },
      { logger, message: 'a password reset email could not be queued' },
    );
  });

  router.post('/reset-password', async (req, res) => {
    const token = postedToken(req.body);
    // A dead link is told before the password is checked and hashed: choosing a password for it would be wasted.
    refuseDeadLink(await tokens.check(token, 'reset-password'));
    const { password } = parseBody(resetPasswordSchema, req.body);
    const passwordHash = await hashPassword(password, config.passwordHashCost);
    const user = await knex.transaction(async (trx) => {
      const use = await tokens.consume(token, 'reset-password', trx);
      refuseDeadLink(use);
      // Whoever holds the link reads the account's mailbox, so the address is proven too.
      return User.query(trx)
        .patchAndFetchById(use.userId, { passwordHash, emailVerifiedAt: raw('coalesce(email_verified_at, now())') })
        .throwIfNotFound();
    });
    // After the commit: a sign-in with the old password just before it must not keep a session either.
    const endedSessions = await sessions.endAllSessions(user.id);
    await activity.record({
      workspaceId: null,
      actorUserId: user.id,
      action: 'user.password_reset',
      entityType: 'user',
      entityId: user.externalId,
      metadata: { endedSessions },
    });
    res.json({ message: PASSWORD_RESET });
  });

  return router;
}
