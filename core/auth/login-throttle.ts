import { createHash } from 'node:crypto';
import type { Config } from '../platform/config';
import { HttpError } from '../platform/errors';
import type { RedisClient } from '../platform/redis';

/** Failures of one email from one address: someone mistyping, stopped early. */
export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_SECONDS = 15 * 60;

/** What the attempt checks, for the words of the refusal. */
export type PasswordAttempt = 'login' | 'password-confirmation';

const COUNTERS = ['emailAndAddress', 'account', 'address'] as const;
type Counter = (typeof COUNTERS)[number];

const REFUSALS: Record<PasswordAttempt, Record<Counter, string>> = {
  login: {
    emailAndAddress: 'Too many failed login attempts.',
    account: 'Too many failed login attempts for this account.',
    address: 'Too many failed login attempts from your network.',
  },
  'password-confirmation': {
    emailAndAddress: 'Too many incorrect password attempts.',
    account: 'Too many incorrect password attempts for this account.',
    address: 'Too many incorrect password attempts from your network.',
  },
};

// KEYS: the counters; ARGV: the window, then each counter's limit. Refuses (answering which counter and its seconds to
// wait) when any counter is at its limit; otherwise counts the attempt in every counter. One step, so simultaneous
// guesses cannot all slip in under a limit, and a refused attempt counts nowhere.
const ADMIT = `
local refusedBy, wait = 0, 0
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') >= tonumber(ARGV[i + 1]) then
    local remaining = redis.call('TTL', KEYS[i])
    if remaining < 1 then remaining = tonumber(ARGV[1]) end
    if remaining > wait then refusedBy, wait = i, remaining end
  end
end
if refusedBy > 0 then return {refusedBy, wait} end
for i = 1, #KEYS do
  redis.call('INCR', KEYS[i])
  redis.call('EXPIRE', KEYS[i], ARGV[1], 'NX')
end
return {0, 0}`;

// KEYS[1]: the email-and-address counter, cleared; the others: the account and address counters, which give back only
// this attempt, so one's own success never clears the failures others caused.
const SUCCEEDED = `
redis.call('DEL', KEYS[1])
for i = 2, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
return 1`;

/**
 * Password attempts counted in Redis (so the limits hold across web processes) in three counters over 15 minutes: per
 * email and client address (5, cleared by a success), per account from any address, and per address against any
 * account (both from config). Failed sign-ins and failed password confirmations of a signed-in user count alike.
 */
export class LoginThrottle {
  private readonly limits: Record<Counter, number>;

  constructor(
    private readonly redis: RedisClient,
    private readonly config: Pick<Config, 'redisKeyPrefix' | 'loginThrottle'>,
  ) {
    this.limits = {
      emailAndAddress: MAX_FAILED_LOGINS,
      account: config.loginThrottle.failuresPerAccount,
      address: config.loginThrottle.failuresPerAddress,
    };
  }

  private keys(email: string, address: string): string[] {
    const emailHash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
    const prefix = `${this.config.redisKeyPrefix}login-failures`;
    return [`${prefix}:email+address:${emailHash}:${address}`, `${prefix}:account:${emailHash}`, `${prefix}:address:${address}`];
  }

  /**
   * Counts this attempt before the password is checked, or refuses it with 429 and `Retry-After` when a counter is at
   * its limit. Unknown emails are counted too, so probing for accounts is throttled like guessing passwords.
   */
  async admit(email: string, address: string, attempt: PasswordAttempt): Promise<void> {
    const [refusedBy, wait] = (await this.redis.eval(ADMIT, {
      keys: this.keys(email, address),
      arguments: [String(FAILED_LOGIN_WINDOW_SECONDS), ...COUNTERS.map((counter) => String(this.limits[counter]))],
    })) as [number, number];
    if (refusedBy === 0) return;
    const minutes = Math.ceil(wait / 60);
    const reason = REFUSALS[attempt][COUNTERS[refusedBy - 1]];
    throw new HttpError(429, `${reason} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, undefined, {
      'Retry-After': String(wait),
    });
  }

  /** The password was right. */
  async succeeded(email: string, address: string): Promise<void> {
    await this.redis.eval(SUCCEEDED, { keys: this.keys(email, address) });
  }
}
