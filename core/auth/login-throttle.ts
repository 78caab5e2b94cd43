import { createHash } from 'node:crypto';
import type { RedisClient } from '../platform/redis';

export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_SECONDS = 15 * 60;

/** Failed sign-ins counted per email and client address in Redis, so the limit holds across web processes. */
export class LoginThrottle {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  private key(email: string, address: string): string {
    const emailHash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
    return `${this.prefix}login-failures:${emailHash}:${address}`;
  }

  /** Seconds until another attempt is allowed, or 0 when the attempt may go ahead. */
  async retryAfterSeconds(email: string, address: string): Promise<number> {
    const key = this.key(email, address);
    const failures = Number((await this.redis.get(key)) ?? 0);
    if (failures < MAX_FAILED_LOGINS) return 0;
    return Math.max(1, await this.redis.ttl(key));
  }

  async recordFailure(email: string, address: string): Promise<void> {
    const key = this.key(email, address);
    await this.redis.multi().incr(key).expire(key, FAILED_LOGIN_WINDOW_SECONDS, 'NX').exec();
  }

  async reset(email: string, address: string): Promise<void> {
    await this.redis.del(this.key(email, address));
  }
}
