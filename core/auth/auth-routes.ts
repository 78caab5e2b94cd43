import express, { type Router } from 'express';
import type { Container } from 'inversify';
import type { Knex } from 'knex';
import type { ActivityService } from '../activity/activity-service';
import type { Mailer } from '../mail/mailer';
import type { Config } from '../platform/config';
import { conflict, HttpError, unauthorized } from '../platform/errors';
import { parseBody } from '../platform/http';
import type { RedisClient } from '../platform/redis';
import { TOKENS } from '../platform/tokens';
import { AccountMail } from './account-mail';
import { csrfTokenOf } from './csrf';
import { LoginThrottle } from './login-throttle';
import { hashPassword } from './password';
import { PasswordCheck } from './password-check';
import { loginSchema, signupSchema } from './schemas';
import { signOut, UNKNOWN_ADDRESS } from './session';
import { SessionRegistry } from './session-registry';
import { findUserByEmail, User } from './user-model';

export const EMAIL_ALREADY_REGISTERED = 'This email is already registered. Please login instead.';
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_CREATED = 'Account created: Please check your email to verify your account.';
export const VERIFICATION_REQUIRED = 'Please verify your email address before signing in. We sent you a link when you signed up.';

/** `{app}/auth/*`: CSRF token, sign-up (which mails the verification link), sign-in, sign-out and the current session. */
export function authRoutes(container: Container): Router {
  const config = container.get<Config>(TOKENS.Config);
  const knex = container.get<Knex>(TOKENS.Knex);
  const mailer = container.get<Mailer>(TOKENS.Mailer);
  const accountMail = container.get(AccountMail);
  const activity = container.get<ActivityService>(TOKENS.Activity);
  const throttle = new LoginThrottle(container.get<RedisClient>(TOKENS.Redis), config);
  const passwords = container.get(PasswordCheck);
  const sessions = container.get(SessionRegistry);
  const providers = { google: config.google !== null };
  const router = express.Router();

  router.get('/csrf', (req, res) => {
    res.json({ csrfToken: csrfTokenOf(req) });
  });

  router.post('/signup', async (req, res) => {
    const input = parseBody(signupSchema, req.body);
    if (await findUserByEmail(input.email)) throw conflict(EMAIL_ALREADY_REGISTERED);
    const passwordHash = await hashPassword(input.password, config.passwordHashCost);
    const { user, verification } = await knex.transaction(async (trx) => {
      const created = await User.query(trx)
        .insert({ name: input.name, email: input.email, passwordHash })
        // Read back every column so the answer carries the defaults (image) the database filled in.
        .returning('*')
        .catch((error: { constraint?: string }) => {
          // Two sign-ups racing for one email: the unique index decides, and the loser gets the same answer.
          if (error.constraint === 'users_email_lower_unique') throw conflict(EMAIL_ALREADY_REGISTERED);
          throw error;
        });
      await activity.record(
        { workspaceId: null, actorUserId: created.id, action: 'user.signed_up', entityType: 'user', entityId: created.externalId },
        trx,
      );
      return { user: created, verification: await accountMail.verification(created, trx) };
    });
    await mailer.send(verification);
    res.status(201).json({ user: user.toPublic(), message: ACCOUNT_CREATED });
  });

  router.post('/login', async (req, res) => {
    const input = parseBody(loginSchema, req.body);
    const address = req.ip ?? UNKNOWN_ADDRESS;
    await throttle.admit(input.email, address, 'login');
    const user = await findUserByEmail(input.email);
    if (!(await passwords.matches(user?.passwordHash, input.password)) || !user) throw unauthorized(INVALID_CREDENTIALS);
    await throttle.succeeded(input.email, address);
    // Told only to whoever knows the password, so it reveals nothing a wrong guess could learn.
    if (!user.emailVerifiedAt) throw new HttpError(403, VERIFICATION_REQUIRED, undefined, undefined, { verificationRequired: true });
    const csrfToken = await sessions.signIn(req, user.id, { remember: input.remember === true, viaGoogle: false });
    res.json({ user: user.toPublic(), csrfToken });
  });

  router.post('/logout', async (req, res) => {
    const userId = req.session.userId;
    const sessionId = req.sessionID;
    await signOut(req, res, config);
    if (userId !== undefined) await sessions.forget(userId, sessionId);
    res.status(204).end();
  });

  const signedInUser = async (req: express.Request) => (req.session.userId ? await User.query().findById(req.session.userId) : undefined);

  router.get('/session', async (req, res) => {
    const user = await signedInUser(req);
    if (!user) {
      res.status(401).json({ error: 'Not signed in', providers });
      return;
    }
    res.json({ user: user.toPublic(), providers });
  });

  // The web app asks on every page who is signed in; there, being signed out is an answer, not an error.
  router.get('/status', async (req, res) => {
    const user = await signedInUser(req);
    res.json({ user: user?.toPublic() ?? null, providers });
  });

  return router;
}
