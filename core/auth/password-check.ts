import { randomBytes } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Config } from '../platform/config';
import { TOKENS } from '../platform/tokens';
import { hashPassword, verifyPassword } from './password';

/**
 * The sign-in password check. An unknown email, or an account without a password (Google only), is checked against a
 * dummy hash of the same cost, made once at start-up: every sign-in does the same scrypt work, so the answer's timing
 * does not tell which emails have accounts.
 */
@injectable()
export class PasswordCheck {
  private readonly dummyHash: Promise<string>;

  constructor(@inject(TOKENS.Config) config: Config) {
    this.dummyHash = hashPassword(randomBytes(24).toString('base64url'), config.passwordHashCost);
  }

  async matches(storedHash: string | null | undefined, password: string): Promise<boolean> {
    const matches = await this.verify(password, storedHash ?? (await this.dummyHash));
    return Boolean(storedHash) && matches;
  }

  /** One scrypt verification; a method of its own so a test can see which hash each sign-in was checked against. */
  verify(password: string, hash: string): Promise<boolean> {
    return verifyPassword(password, hash);
  }
}
