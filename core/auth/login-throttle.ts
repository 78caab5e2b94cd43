import { createHash } from 'node:crypto';
import type { RedisClient } from '../platform/redis';

export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_SECONDS = 15 * 60;

/** Sign-in attempts since the last success, counted per email and client address in Redis, so the limit holds across web processes. */
export class LoginThrottle {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  private key(email: string, address: string): string {
    const emailHash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
    return `${this.prefix}login-failures:${emailHash}:${address}`;
  }

  /**
   * Counts this attempt before the password is checked, so simultaneous guesses cannot all get in under the limit,
   * and answers the seconds until another attempt is allowed, or 0 when this one may go ahead. A success resets.
   */
  async admitAttempt(email: string, address: string): Promise<number> {
    const key = this.key(email, address);
    const [attempts] = await this.redis.multi().incr(key).expire(key, FAILED_LOGIN_WINDOW_SECONDS, 'NX').exec();
    if (Number(attempts) <= MAX_FAILED_LOGINS) return 0;
    return Math.max(1, await this.redis.ttl(key));
  }

  async reset(email: string, address: string): Promise<void> {
    await this.redis.del(this.key(email, address));
  }
}
