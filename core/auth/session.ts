import { RedisStore } from 'connect-redis';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session, { type SessionData } from 'express-session';
import type { Config } from '../platform/config';
import type { RedisClient } from '../platform/redis';

declare module 'express-session' {
  interface SessionData {
    /** The id the user sees for this session in their list of sessions: the raw session id is the cookie's secret. */
    publicId: string;
    /** Epoch ms of the sign-in. */
    signedInAt: number;
    /** Epoch ms of the latest request, kept to the minute: the idle timeout counts from here. */
    lastActiveAt: number;
    /** The client address of the latest request, as Express reads it under TRUST_PROXY. */
    clientAddress: string;
    device: SessionDevice;
    /** Epoch ms of the sign-in, when it was a Google sign-in: a first password needs a recent one. */
    googleSignedInAt: number;
  }
}

export interface SessionDevice {
  /** "Chrome 126", or "Unknown browser". */
  browser: string;
  /** "Windows 10", or null when the user agent does not say. */
  os: string | null;
}

export const SESSION_COOKIE = 'axal.sid';
export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
export const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;
export const UNKNOWN_ADDRESS = 'unknown';
const ANONYMOUS_SESSION_SECONDS = 2 * 60 * 60;
/** How stale `lastActiveAt` may get: it is written at most this often, so a busy session is not a Redis write per request. */
const ACTIVITY_RESOLUTION_MS = 60 * 1000;
/** An ended session's id stays refused at least this long, so a request still in flight cannot write it back. */
const MIN_ENDED_MARK_SECONDS = 60;

/** The Redis set of a user's session ids, which the sessions list reads. */
export const userSessionsKey = (config: Pick<Config, 'redisKeyPrefix'>, userId: number) => `${config.redisKeyPrefix}user-sessions:${userId}`;

/** Whether a stored session is over: past its absolute expiry, or signed in and idle for longer than the timeout. */
export function sessionHasEnded(data: Partial<SessionData>, now: number, idleTimeoutMs: number): boolean {
  if (data.absoluteExpiresAt !== undefined && data.absoluteExpiresAt < now) return true;
  return data.userId !== undefined && data.lastActiveAt !== undefined && now - data.lastActiveAt > idleTimeoutMs;
}

// A session is written only while no "ended" mark exists for its id, in one step with the check; a signed-in one is
// listed under its user (KEYS[3]) in the same step, so no list can catch it stored but unlisted, or the other way round.
const SAVE_UNLESS_ENDED = `
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
if KEYS[3] then
  redis.call('SADD', KEYS[3], ARGV[3])
  redis.call('EXPIRE', KEYS[3], ARGV[4])
end
return 1`;

// Deleting a session leaves an "ended" mark for as long as the session could still have lived.
const END_SESSION = `
local remaining = redis.call('TTL', KEYS[1])
redis.call('DEL', KEYS[1])
if remaining < tonumber(ARGV[1]) then remaining = tonumber(ARGV[1]) end
redis.call('SET', KEYS[2], '1', 'EX', remaining)
return 1`;

type StoreCallback = (error?: unknown) => void;

/**
 * connect-redis, except that a session once destroyed (signed out, revoked, expired) is never written back. express-session
 * saves a changed session when its response ends; without the mark, a request of a revoked session that was still in
 * flight (or a long event stream ending) would store it again, signed in.
 */
export class SessionStore extends RedisStore {
  readonly endedPrefix: string;

  constructor(
    private readonly redis: RedisClient,
    private readonly config: Config,
  ) {
    const lifetimeSeconds = (data: SessionData) => {
      if (!data.absoluteExpiresAt) return ANONYMOUS_SESSION_SECONDS;
      const idleEnd = (data.lastActiveAt ?? Date.now()) + config.sessionIdleTimeoutMs;
      return Math.max(1, Math.ceil((Math.min(data.absoluteExpiresAt, idleEnd) - Date.now()) / 1000));
    };
    super({ client: redis, prefix: `${config.redisKeyPrefix}sess:`, disableTouch: true, ttl: lifetimeSeconds });
    this.endedPrefix = `${config.redisKeyPrefix}sess-ended:`;
  }

  override async set(sid: string, data: SessionData, callback?: StoreCallback): Promise<void> {
    const lifetime = typeof this.ttl === 'function' ? this.ttl(data) : this.ttl;
    const keys = [this.prefix + sid, this.endedPrefix + sid];
    if (data.userId !== undefined) keys.push(userSessionsKey(this.config, data.userId));
    // The list outlives each of its sessions: none lives longer than a remembered one from its latest save.
    const listLifetime = String(REMEMBER_ME_MS / 1000);
    await this.settle(this.redis.eval(SAVE_UNLESS_ENDED, { keys, arguments: [JSON.stringify(data), String(lifetime), sid, listLifetime] }), callback);
  }

  override async destroy(sid: string, callback?: StoreCallback): Promise<void> {
    await this.settle(
      this.redis.eval(END_SESSION, { keys: [this.prefix + sid, this.endedPrefix + sid], arguments: [String(MIN_ENDED_MARK_SECONDS)] }),
      callback,
    );
  }

  private async settle(work: Promise<unknown>, callback?: StoreCallback): Promise<void> {
    try {
      await work;
    } catch (error) {
      if (!callback) throw error;
      callback(error);
      return;
    }
    callback?.();
  }
}

export const regenerateSession = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));

export const saveSession = (req: Request) => new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));

/**
 * A session past its absolute expiry, or idle for longer than the timeout, is replaced by an empty one before anything
 * reads it: it answers as signed out. A signed-in session's last activity and address are kept to the minute.
 */
function sessionLifetime(idleTimeoutMs: number) {
  const activityResolutionMs = Math.min(ACTIVITY_RESOLUTION_MS, idleTimeoutMs / 4);
  return async (req: Request): Promise<void> => {
    const current = req.session;
    if (!current) return;
    const now = Date.now();
    if (sessionHasEnded(current, now, idleTimeoutMs)) {
      await regenerateSession(req);
      return;
    }
    if (current.userId === undefined || (current.lastActiveAt !== undefined && now - current.lastActiveAt < activityResolutionMs)) return;
    current.lastActiveAt = now;
    current.clientAddress = req.ip ?? UNKNOWN_ADDRESS;
    // Saved now rather than when the response ends: an event stream's response ends hours later.
    await saveSession(req);
  };
}

/** The session (in Redis, behind the `axal.sid` cookie) with its absolute and idle limits applied. */
export function createSessionMiddleware(config: Config, redis: RedisClient): RequestHandler {
  const sessions = session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store: new SessionStore(redis, config),
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.isProduction, path: config.basePath },
  });
  const lifetime = sessionLifetime(config.sessionIdleTimeoutMs);
  return (req: Request, res: Response, next: NextFunction) =>
    sessions(req, res, (error?: unknown) => {
      if (error) next(error);
      else lifetime(req).then(() => next(), next);
    });
}

export async function signOut(req: Request, res: Response, config: Config): Promise<void> {
  await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
  res.clearCookie(SESSION_COOKIE, { path: config.basePath, httpOnly: true, sameSite: 'lax', secure: config.isProduction });
}
