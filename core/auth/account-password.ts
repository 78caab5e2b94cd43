import { unauthorized } from '../platform/errors';
import type { SessionUser } from '../platform/http';
import type { LoginThrottle } from './login-throttle';
import { verifyPassword } from './password';
import { User } from './user-model';

export const ACCOUNT_PASSWORD_INCORRECT = 'Your account password is incorrect';

/**
 * Step-up check before a sensitive change: the signed-in user types their own password again. Failures count
 * towards the same limits as sign-in, so this is no side door for guessing a password.
 */
export async function confirmAccountPassword(throttle: LoginThrottle, user: SessionUser, password: string, address: string): Promise<void> {
  await throttle.admit(user.email, address, 'password-confirmation');
  const stored = await User.query().findById(user.id);
  if (!(await verifyPassword(password, stored?.passwordHash ?? null))) throw unauthorized(ACCOUNT_PASSWORD_INCORRECT);
  await throttle.succeeded(user.email, address);
}
