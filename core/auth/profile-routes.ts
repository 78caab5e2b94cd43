import express, { type Router } from 'express';
import type { Container } from 'inversify';
import type { ActivityService } from '../activity/activity-service';
import type { Config } from '../platform/config';
import { badRequest, conflict, HttpError, unauthorized } from '../platform/errors';
import { parseBody, requireUser } from '../platform/http';
import type { RedisClient } from '../platform/redis';
import { TOKENS } from '../platform/tokens';
import { sessionGuard } from '../workspaces/access';
import { LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from './password';
import { changePasswordSchema, FRESH_GOOGLE_SIGN_IN_MS, GOOGLE_SIGN_IN_REQUIRED, profileSchema, setPasswordSchema } from './schemas';
import { UNKNOWN_ADDRESS } from './session';
import { SessionRegistry } from './session-registry';
import { User } from './user-model';

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const NO_PASSWORD_TO_CHANGE = 'Your account signs in with Google and has no password to change';
export const PASSWORD_ALREADY_SET = 'Your account already has a password: change it with your current password';

/** `{app}/api/v1/me`: the signed-in user's own profile and password. */
export function profileRoutes(container: Container): Router {
  const config = container.get<Config>(TOKENS.Config);
  const activity = container.get<ActivityService>(TOKENS.Activity);
  // Checking the current password is a password guess like a sign-in, so it counts against the same limit.
  const throttle = new LoginThrottle(container.get<RedisClient>(TOKENS.Redis), config);
  const sessions = container.get(SessionRegistry);
  const router = express.Router();
  const recordSelf = (userId: number, externalId: string, action: string, metadata?: Record<string, unknown>) =>
    activity.record({ workspaceId: null, actorUserId: userId, action, entityType: 'user', entityId: externalId, metadata });

  router.get('/me', sessionGuard, async (req, res) => {
    const user = await User.query().findById(requireUser(req).id);
    if (!user) throw unauthorized();
    // Google-only accounts have no password; the profile page offers the change-password form only when there is one.
    res.json({ user: user.toPublic(), hasPassword: user.passwordHash !== null });
  });

  router.patch('/me', sessionGuard, async (req, res) => {
    const { name } = parseBody(profileSchema, req.body);
    const current = requireUser(req);
    const user = await User.query().patchAndFetchById(current.id, { name });
    if (name !== current.name) await recordSelf(current.id, current.externalId, 'user.profile_updated', { fields: ['name'] });
    res.json({ user: user.toPublic() });
  });

  router.post('/me/password', sessionGuard, async (req, res) => {
    const input = parseBody(changePasswordSchema, req.body);
    const current = requireUser(req);
    const user = await User.query().findById(current.id);
    if (!user) throw unauthorized();
    if (!user.passwordHash) throw badRequest(NO_PASSWORD_TO_CHANGE);
    const address = req.ip ?? UNKNOWN_ADDRESS;
    await throttle.admit(user.email, address, 'password-confirmation');
    if (!(await verifyPassword(input.currentPassword, user.passwordHash))) throw unauthorized(CURRENT_PASSWORD_INCORRECT);
    await throttle.succeeded(user.email, address);
    await User.query()
      .findById(user.id)
      .patch({ passwordHash: await hashPassword(input.newPassword, config.passwordHashCost) });
    // Whoever knew the old password is signed out everywhere else.
    const endedSessions = await sessions.endOtherSessions(user.id, req.sessionID);
    await recordSelf(user.id, user.externalId, 'user.password_changed', { endedSessions });
    res.status(204).end();
  });

  // Without a password a Google-only account could never confirm its identity for steps that ask for it. Only a fresh
  // Google sign-in proves the account's owner is here: an unattended browser must not get a password added.
  router.post('/me/password/initial', sessionGuard, async (req, res) => {
    const input = parseBody(setPasswordSchema, req.body);
    const current = requireUser(req);
    const user = await User.query().findById(current.id);
    if (user?.passwordHash) throw conflict(PASSWORD_ALREADY_SET);
    const googleSignedInAt = req.session.googleSignedInAt;
    if (!googleSignedInAt || Date.now() - googleSignedInAt > FRESH_GOOGLE_SIGN_IN_MS) {
      throw new HttpError(403, GOOGLE_SIGN_IN_REQUIRED, undefined, undefined, { googleSignInRequired: true });
    }
    const updated = await User.query()
      .findById(current.id)
      .whereNull('password_hash')
      .patch({ passwordHash: await hashPassword(input.newPassword, config.passwordHashCost) });
    if (!updated) throw conflict(PASSWORD_ALREADY_SET);
    await recordSelf(current.id, current.externalId, 'user.password_set');
    res.status(204).end();
  });

  return router;
}
