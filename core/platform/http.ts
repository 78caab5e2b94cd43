import type { NextFunction, Request, Response } from 'express';
import type { ZodType } from 'zod';
import { badRequest, notFound, validationError } from './errors';
import type { Role, SessionUser } from './identity';
import { textProblem } from './text-rule';

/** Handlers read the user with the membership, so both come from here. */
export type { SessionUser } from './identity';

export interface WorkspaceRef {
  id: number;
  externalId: string;
  name: string;
}

export interface Membership {
  workspace: WorkspaceRef;
  role: Role;
}

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
    user?: SessionUser;
    membership?: Membership;
  }
}

declare module 'express-session' {
  interface SessionData {
    userId: number;
    csrfToken: string;
    /** Epoch ms after which the session is void whatever the cookie says. */
    absoluteExpiresAt: number;
    oauth: { intent: 'login' | 'signup'; callbackUrl: string };
    grant: { response?: { access_token?: string; error?: unknown } };
  }
}

/**
 * The request's body or query as the schema reads it (400 with a message per field otherwise). Whatever the schema
 * lets through keeps the text rule too, so a plugin's plain `z.string()` never hands a NUL or a megabyte to its code.
 */
export function parseBody<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw validationError(result.error);
  const problem = textProblem(result.data);
  if (problem) throw badRequest(problem.message, { [problem.field]: [problem.message] });
  return result.data;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isExternalId(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** An id that cannot exist is answered like one that does not: 404, with no hint either way. */
export function externalIdParam(req: Request, name: string, message = 'Not found'): string {
  const value = req.params[name];
  if (!isExternalId(value)) throw notFound(message);
  return value.toLowerCase();
}

export function requireUser(req: Request): SessionUser {
  if (!req.user) throw new Error('requireUser used on a route without the session guard');
  return req.user;
}

export function requireMembership(req: Request): Membership {
  if (!req.membership) throw new Error('requireMembership used on a route without the workspace guard');
  return req.membership;
}

export type Middleware = (req: Request, res: Response, next: NextFunction) => void | Promise<void>;
