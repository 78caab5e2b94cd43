import type { NextFunction, Request, Response } from 'express';
import { User } from '../auth/user-model';
import { badRequest, forbidden, notFound, unauthorized } from '../platform/errors';
import { isExternalId, type Membership } from '../platform/http';
import type { Role } from '../platform/identity';
import type { PermissionService } from './permissions';

export const WORKSPACE_NOT_FOUND = 'Workspace not found';

/** Gate 1: a signed-in user. */
export async function sessionGuard(req: Request, _res: Response, next: NextFunction): Promise<void> {
  const userId = req.session?.userId;
  const user = userId ? await User.query().findById(userId) : undefined;
  if (!user) throw unauthorized();
  req.user = { id: user.id, ...user.toPublic() };
  next();
}

/**
 * Where a request names its workspace: the path (`/workspaces/:workspaceId/...`), or, for the spec's
 * plugin routes, the query or body (`workspaceId`, `workspaceExternalId`).
 */
export function workspaceIdOf(req: Request): unknown {
  const named = req.params.workspaceId ?? req.query.workspaceId ?? req.query.workspaceExternalId;
  if (named !== undefined) return named;
  // Read last: a large body is not read before this gate (core/platform/request-body.ts), and asking for it answers 413.
  const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
  return body.workspaceId ?? body.workspaceExternalId;
}

export async function findMembership(userId: number, workspaceExternalId: string): Promise<Membership | null> {
  const row = await User.knex()('workspace_members as m')
    .join('workspaces as w', 'w.id', 'm.workspace_id')
    .where({ 'm.user_id': userId, 'w.external_id': workspaceExternalId.toLowerCase() })
    .first('w.id', 'w.external_id', 'w.name', 'm.role');
  return row ? { workspace: { id: row.id, externalId: row.external_id, name: row.name }, role: row.role as Role } : null;
}

/** Gate 2: membership of the named workspace. A non-member learns nothing: 404, as for a workspace that does not exist. */
export async function membershipGuard(req: Request, _res: Response, next: NextFunction): Promise<void> {
  const workspaceId = workspaceIdOf(req);
  if (workspaceId === undefined || workspaceId === '') throw badRequest('Workspace ID is required');
  const membership = isExternalId(workspaceId) ? await findMembership(req.user!.id, workspaceId) : null;
  if (!membership) throw notFound(WORKSPACE_NOT_FOUND);
  req.membership = membership;
  next();
}

/** Gate 3: the member's role holds the permission. */
export function permissionGuard(permissions: PermissionService, permission: string, message?: string) {
  if (!permissions.has(permission)) throw new Error(`Unknown permission ${permission}`);
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (!permissions.can(req.membership?.role, permission)) throw forbidden(message);
    next();
  };
}
