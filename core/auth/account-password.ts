import { HttpError, unauthorized } from '../platform/errors';
import type { SessionUser } from '../platform/http';
import type { LoginThrottle } from './login-throttle';
import { verifyPassword } from './password';
import { User } from './user-model';

export const ACCOUNT_PASSWORD_INCORRECT = 'Your account password is incorrect';

/**
 * Step-up check before a sensitive change: the signed-in user types their own password again. Failures count
 * towards the same per-email-and-address limit as sign-in, so this is no side door for guessing a password.
 */
export async function confirmAccountPassword(throttle: LoginThrottle, user: SessionUser, password: string, address: string): Promise<void> {
  const retryAfter = await throttle.admitAttempt(user.email, address);
  if (retryAfter > 0) {
    const minutes = Math.ceil(retryAfter / 60);
    throw new HttpError(429, `Too many incorrect password attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, undefined, {
      'Retry-After': String(retryAfter),
    });
  }
  const stored = await User.query().findById(user.id);
  if (!(await verifyPassword(password, stored?.passwordHash ?? null))) throw unauthorized(ACCOUNT_PASSWORD_INCORRECT);
  await throttle.reset(user.email, address);
}
