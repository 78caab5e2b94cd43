import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { forbidden } from '../platform/errors';

export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const newCsrfToken = () => randomBytes(32).toString('base64url');

/** The token for this session, made on first request. */
export function csrfTokenOf(req: Request): string {
  req.session.csrfToken ??= newCsrfToken();
  return req.session.csrfToken;
}

/** Synchroniser-token check for every state-changing request under the app path. */
export function csrfGuard(req: Request, _res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method)) return next();
  const expected = req.session?.csrfToken;
  const sent = req.get(CSRF_HEADER);
  if (typeof expected !== 'string' || typeof sent !== 'string' || !sameBytes(sent, expected)) throw forbidden('Invalid CSRF token');
  next();
}

/** Lengths are compared in bytes: a header of non-ASCII characters can match the token's length but not its byte length. */
function sameBytes(sent: string, expected: string): boolean {
  const sentBytes = Buffer.from(sent);
  const expectedBytes = Buffer.from(expected);
  return sentBytes.length === expectedBytes.length && timingSafeEqual(sentBytes, expectedBytes);
}
