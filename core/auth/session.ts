import { RedisStore } from 'connect-redis';
import type { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import type { Config } from '../platform/config';
import type { RedisClient } from '../platform/redis';

export const SESSION_COOKIE = 'axal.sid';
export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
export const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;
const ANONYMOUS_SESSION_SECONDS = 2 * 60 * 60;

export function createSessionMiddleware(config: Config, redis: RedisClient) {
  const store = new RedisStore({
    client: redis,
    // The stored session's lifetime is fixed by its absolute expiry at save time; touching it on every request
    // would only cost a Redis round trip.
    disableTouch: true,
    prefix: `${config.redisKeyPrefix}sess:`,
    ttl: (data) => (data.absoluteExpiresAt ? Math.max(1, Math.ceil((data.absoluteExpiresAt - Date.now()) / 1000)) : ANONYMOUS_SESSION_SECONDS),
  });
  return session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store,
    resave: false,
    saveUninitialized: false,
    proxy: config.trustProxy,
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.isProduction, path: config.basePath },
  });
}

/** A signed-in session ends at its absolute expiry even if the browser keeps the cookie or the user stays active. */
export function enforceAbsoluteLifetime(req: Request, _res: Response, next: NextFunction): void {
  const expiresAt = req.session?.absoluteExpiresAt;
  if (expiresAt && expiresAt < Date.now()) {
    req.session.regenerate((error) => next(error));
    return;
  }
  next();
}

/** Starts a fresh signed-in session (new id, so a planted id is worthless) and returns its CSRF token. */
export async function signIn(req: Request, userId: number, remember: boolean, newCsrfToken: () => string): Promise<string> {
  await new Promise<void>((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
  req.session.userId = userId;
  req.session.absoluteExpiresAt = Date.now() + (remember ? REMEMBER_ME_MS : BROWSER_SESSION_MS);
  // A remembered login survives closing the browser; otherwise the cookie is a browser-session cookie.
  req.session.cookie.maxAge = remember ? REMEMBER_ME_MS : undefined;
  req.session.csrfToken = newCsrfToken();
  await new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
  return req.session.csrfToken;
}

export async function signOut(req: Request, res: Response, config: Config): Promise<void> {
  await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
  res.clearCookie(SESSION_COOKIE, { path: config.basePath, httpOnly: true, sameSite: 'lax', secure: config.isProduction });
}
