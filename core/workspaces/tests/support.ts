import type { Knex } from 'knex';
import type Test from 'supertest/lib/test';
import { API, type TestSession } from '../../plugin-api/testing/http';
import { sharedHost } from '../../plugin-api/testing/root-hooks';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export const WORKSPACE_NOT_FOUND = { error: 'Workspace not found' };
export const NO_PERMISSION = { error: 'You do not have permission to do this' };

export const db = (): Knex => sharedHost().host.knex;

/** A request to `{app}/api/v1<path>` as `session`, with its CSRF token on every state-changing method. */
export function call(session: TestSession, method: Method, path: string, body?: unknown): Test {
  const request = session.agent[method](`${API}${path}`);
  if (method !== 'get') request.set('X-CSRF-Token', session.csrf);
  return body === undefined ? request : request.send(body as object);
}

/** A raw body sent as JSON, for bodies the JSON encoder would never produce. */
export function callWithRawJson(session: TestSession, method: Method, path: string, raw: string): Test {
  const request = session.agent[method](`${API}${path}`).set('Content-Type', 'application/json');
  if (method !== 'get') request.set('X-CSRF-Token', session.csrf);
  return request.send(raw);
}

export async function internalIdOf(workspaceExternalId: string): Promise<number> {
  const row = await db()('workspaces').where({ external_id: workspaceExternalId }).first('id');
  if (!row) throw new Error(`no workspace ${workspaceExternalId}`);
  return row.id;
}

/** Every table with a workspace_id column: core tables and those of every installed plugin. */
export async function workspaceScopedTables(): Promise<string[]> {
  const rows: { table_name: string }[] = await db()('information_schema.columns')
    .where({ table_schema: 'public', column_name: 'workspace_id' })
    .orderBy('table_name')
    .select('table_name');
  return rows.map((row) => row.table_name);
}

/** All the data of one workspace: its own row and its rows in every workspace-scoped table. */
export async function dataOfWorkspace(workspaceId: number): Promise<Record<string, unknown[]>> {
  const data: Record<string, unknown[]> = { workspaces: await db()('workspaces').where({ id: workspaceId }).select('*') };
  for (const table of await workspaceScopedTables()) {
    data[table] = await db()(table).where({ workspace_id: workspaceId }).orderByRaw('1, 2').select('*');
  }
  return data;
}

export async function roleIn(workspaceExternalId: string, userExternalId: string): Promise<string | null> {
  const row = await db()('workspace_members as m')
    .join('workspaces as w', 'w.id', 'm.workspace_id')
    .join('users as u', 'u.id', 'm.user_id')
    .where({ 'w.external_id': workspaceExternalId, 'u.external_id': userExternalId })
    .first('m.role');
  return row?.role ?? null;
}

export async function ownerCount(workspaceExternalId: string): Promise<number> {
  const [{ count }] = await db()('workspace_members as m')
    .join('workspaces as w', 'w.id', 'm.workspace_id')
    .where({ 'w.external_id': workspaceExternalId, 'm.role': 'OWNER' })
    .count({ count: '*' });
  return Number(count);
}

export async function activityActions(workspaceExternalId: string): Promise<string[]> {
  const rows: { action: string }[] = await db()('activity_log')
    .where({ workspace_id: await internalIdOf(workspaceExternalId) })
    .orderBy('id')
    .select('action');
  return rows.map((row) => row.action);
}
