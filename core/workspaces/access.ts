import type { NextFunction, Request, Response } from 'express';
import { User } from '../auth/user-model';
import { badRequest, forbidden, notFound, unauthorized } from '../platform/errors';
import { isExternalId, type Membership } from '../platform/http';
import type { TableCache } from '../platform/table-cache';
import type { WatchedTable } from '../platform/table-changes';
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

/** The nil UUID, which no workspace has: what a request naming no workspace (or a malformed id) is joined with. */
const NO_WORKSPACE = '00000000-0000-0000-0000-000000000000';

/** What the plugin route gate reads, and so what its kept answers depend on. */
export const PLUGIN_ROUTE_ACCESS_TABLES: readonly WatchedTable[] = ['users', 'workspaces', 'workspace_members', 'workspace_plugins'];

export interface PluginRouteAccessRow {
  id: number;
  external_id: string;
  name: string;
  email: string;
  image: string | null;
  workspace_id: number | null;
  workspace_external_id: string | null;
  workspace_name: string | null;
  role: Role | null;
  plugin_enabled: boolean | null;
}

/**
 * Gates 1 to 3 of a plugin route (signed-in user, membership, plugin switched on) with the answers of
 * sessionGuard and membershipGuard, in one query instead of three, whose answer `accessRows` keeps until one of its
 * tables changes: these routes are the product's busiest. `isDefaultEnabled` decides for a workspace that never
 * stored a switch for the plugin.
 */
export function pluginRouteGuard(
  pluginId: string,
  isDefaultEnabled: boolean,
  notEnabledMessage: string,
  accessRows: TableCache<PluginRouteAccessRow>,
) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    const userId = req.session?.userId;
    if (!userId) throw unauthorized();
    const named = workspaceIdOf(req);
    const workspaceExternalId = typeof named === 'string' && isExternalId(named) ? named.toLowerCase() : null;
    const row = await accessRows.read(`${userId}:${workspaceExternalId ?? ''}:${pluginId}`, () =>
      readPluginRouteAccess(userId, workspaceExternalId, pluginId),
    );
    if (!row) throw unauthorized();
    req.user = { id: row.id, externalId: row.external_id, name: row.name, email: row.email, image: row.image };
    if (named === undefined || named === '') throw badRequest('Workspace ID is required');
    if (!row.role || row.workspace_id === null) throw notFound(WORKSPACE_NOT_FOUND);
    req.membership = { workspace: { id: row.workspace_id, externalId: row.workspace_external_id!, name: row.workspace_name! }, role: row.role };
    if (!(row.plugin_enabled ?? isDefaultEnabled)) throw notFound(notEnabledMessage);
    next();
  };
}

function readPluginRouteAccess(userId: number, workspaceExternalId: string | null, pluginId: string): Promise<PluginRouteAccessRow | undefined> {
  return User.knex()('users as u')
    .leftJoin('workspaces as w', (join) => join.onVal('w.external_id', workspaceExternalId ?? NO_WORKSPACE))
    .leftJoin('workspace_members as m', (join) => join.on('m.workspace_id', 'w.id').andOn('m.user_id', 'u.id'))
    .leftJoin('workspace_plugins as p', (join) => join.on('p.workspace_id', 'w.id').andOnVal('p.plugin_id', pluginId))
    .where('u.id', userId)
    .first(
      'u.id',
      'u.external_id',
      'u.name',
      'u.email',
      'u.image',
      'm.workspace_id',
      'w.external_id as workspace_external_id',
      'w.name as workspace_name',
      'm.role',
      'p.enabled as plugin_enabled',
    );
}

/** Gate 3: the member's role holds the permission. */
export function permissionGuard(permissions: PermissionService, permission: string, message?: string) {
  if (!permissions.has(permission)) throw new Error(`Unknown permission ${permission}`);
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (!permissions.can(req.membership?.role, permission)) throw forbidden(message);
    next();
  };
}
