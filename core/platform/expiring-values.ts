import { inject, injectable } from 'inversify';
import type { Config } from './config';
import type { RedisClient } from './redis';
import { TOKENS } from './tokens';

/**
 * Small JSON values every web and worker process sees, each forgotten after its time (a job's outcome kept for the
 * page that follows it). On Redis, under the installation's key prefix; callers name their keys after their plugin.
 */
@injectable()
export class ExpiringValues {
  constructor(
    @inject(TOKENS.Redis) private readonly redis: RedisClient,
    @inject(TOKENS.Config) private readonly config: Config,
  ) {}

  private keyOf(key: string): string {
    return `${this.config.redisKeyPrefix}values:${key}`;
  }

  /**
   * Keeps `value` under `key` for `ttlSeconds` (a whole number from 1), replacing what was there; with `onlyIfAbsent`,
   * only when nothing is kept there yet. Answers whether it was kept.
   */
  async put(key: string, value: unknown, ttlSeconds: number, { onlyIfAbsent = false }: { onlyIfAbsent?: boolean } = {}): Promise<boolean> {
    if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1) throw new RangeError(`ttlSeconds must be a whole number from 1, not ${ttlSeconds}`);
    const answer = await this.redis.set(this.keyOf(key), JSON.stringify(value), {
      expiration: { type: 'EX', value: ttlSeconds },
      ...(onlyIfAbsent ? { condition: 'NX' as const } : {}),
    });
    return answer === 'OK';
  }

  /** The value kept under `key`, or null once it has expired (or was never kept). */
  async get<T>(key: string): Promise<T | null> {
    const stored = await this.redis.get(this.keyOf(key));
    return stored === null ? null : (JSON.parse(stored) as T);
  }
}
