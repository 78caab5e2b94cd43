import express, { type Router } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import type { Config } from '../platform/config';
import { conflict, unauthorized } from '../platform/errors';
import { parseBody, requireUser } from '../platform/http';
import type { RedisClient } from '../platform/redis';
import { TOKENS } from '../platform/tokens';
import { sessionGuard } from '../workspaces/access';
import { confirmAccountPassword } from './account-password';
import { LoginThrottle } from './login-throttle';
import { markStepUp } from './step-up';
import { User } from './user-model';

export const NO_PASSWORD_TO_VERIFY =
  'Your account signs in with Google: set a password on your profile page first, then verify your identity with it';

const ACCOUNT_PASSWORD_REQUIRED = 'Please enter your account password';

const stepUpSchema = z.object({
  password: z.string({ error: ACCOUNT_PASSWORD_REQUIRED }).min(1, ACCOUNT_PASSWORD_REQUIRED).max(1000, ACCOUNT_PASSWORD_REQUIRED),
});

/** `{app}/api/v1/me/step-up`: "Verify Your Identity", the password typed again before secrets are read or changed. */
export function stepUpRoutes(container: Container): Router {
  const config = container.get<Config>(TOKENS.Config);
  const throttle = new LoginThrottle(container.get<RedisClient>(TOKENS.Redis), config);
  const router = express.Router();

  router.post('/me/step-up', sessionGuard, async (req, res) => {
    const { password } = parseBody(stepUpSchema, req.body);
    const current = requireUser(req);
    const user = await User.query().findById(current.id);
    if (!user) throw unauthorized();
    if (!user.passwordHash) throw conflict(NO_PASSWORD_TO_VERIFY);
    await confirmAccountPassword(throttle, current, password, req.ip ?? 'unknown');
    res.json({ stepUpUntil: markStepUp(req) });
  });

  return router;
}
