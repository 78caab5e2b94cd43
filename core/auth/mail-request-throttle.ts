import { createHash } from 'node:crypto';
import type { Config } from '../platform/config';
import { HttpError } from '../platform/errors';
import type { RedisClient } from '../platform/redis';

/** Which email is asked for: a new verification link or a password reset link. Each has counters of its own. */
export type MailRequestPurpose = 'verify' | 'reset';

export const MAIL_REQUEST_REFUSED = 'Please wait before asking for another email.';

/** Per address: one request a minute, five an hour. */
export const MAIL_REQUEST_WINDOWS = [
  { seconds: 60, limit: 1 },
  { seconds: 60 * 60, limit: 5 },
] as const;

// KEYS: one counter per window; ARGV: each window's seconds and limit in turn. Refuses (answering the seconds to wait)
// when any counter is at its limit; otherwise counts the request in every counter. One step, so requests sent at once
// cannot all slip in under a limit, and a refused request counts nowhere.
const ADMIT = `
local wait = 0
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') >= tonumber(ARGV[2 * i]) then
    local remaining = redis.call('TTL', KEYS[i])
    if remaining < 1 then remaining = tonumber(ARGV[2 * i - 1]) end
    if remaining > wait then wait = remaining end
  end
end
if wait > 0 then return wait end
for i = 1, #KEYS do
  redis.call('INCR', KEYS[i])
  redis.call('EXPIRE', KEYS[i], ARGV[2 * i - 1], 'NX')
end
return 0`;

/** The counters of one address's requests, one per window (in MAIL_REQUEST_WINDOWS' order). */
export function mailRequestKeys(redisKeyPrefix: string, purpose: MailRequestPurpose, email: string): string[] {
  const emailHash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
  return MAIL_REQUEST_WINDOWS.map(({ seconds }) => `${redisKeyPrefix}mail-requests:${purpose}:${emailHash}:${seconds}`);
}

/**
 * Requests for an email to an address (resend verification, forgot password), counted in Redis per purpose and
 * lower-cased address, whether or not an account has it: the answer never tells which addresses have accounts,
 * and nobody can flood an inbox through the app.
 */
export class MailRequestThrottle {
  constructor(
    private readonly redis: RedisClient,
    private readonly config: Pick<Config, 'redisKeyPrefix'>,
  ) {}

  /** Counts this request, or refuses it with 429 and `Retry-After` while the address is at a limit. */
  async admit(purpose: MailRequestPurpose, email: string): Promise<void> {
    const wait = (await this.redis.eval(ADMIT, {
      keys: mailRequestKeys(this.config.redisKeyPrefix, purpose, email),
      arguments: MAIL_REQUEST_WINDOWS.flatMap(({ seconds, limit }) => [String(seconds), String(limit)]),
    })) as number;
    if (wait > 0) throw new HttpError(429, MAIL_REQUEST_REFUSED, undefined, { 'Retry-After': String(wait) });
  }
}
