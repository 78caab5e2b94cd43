import type { NextFunction, Request, Response } from 'express';
import { HttpError } from '../platform/errors';

declare module 'express-session' {
  interface SessionData {
    /** Epoch ms until which this session counts as having just confirmed its user's password (`POST me/step-up`). */
    stepUpUntil: number;
  }
}

export const STEP_UP_DURATION_MS = 10 * 60 * 1000;
export const STEP_UP_REQUIRED = 'Please verify your identity to continue';

/** The step-up mark's time source; tests move it forward instead of waiting ten minutes. */
export const stepUpClock = { now: (): number => Date.now() };

/** Marks the session as freshly verified for STEP_UP_DURATION_MS and returns when that ends (epoch ms). */
export function markStepUp(req: Request): number {
  const until = stepUpClock.now() + STEP_UP_DURATION_MS;
  req.session.stepUpUntil = until;
  return until;
}

/**
 * For reading or changing secrets: the session must have confirmed its user's password within the last ten minutes.
 * Otherwise 401 `{ error, stepUpRequired: true }`, which the web app answers with "Verify Your Identity" and a retry.
 * Call it after the route's own gates, so a member without the permission still gets 403 and an outsider 404.
 */
export function requireStepUp(req: Request): void {
  const until = req.session?.stepUpUntil;
  if (!until || until <= stepUpClock.now()) throw new HttpError(401, STEP_UP_REQUIRED, undefined, undefined, { stepUpRequired: true });
}

/** `requireStepUp` as a route middleware. */
export function stepUpGuard(req: Request, _res: Response, next: NextFunction): void {
  requireStepUp(req);
  next();
}
