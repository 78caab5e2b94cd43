import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import type { ClientDirectory } from '../../../core/plugin-api';
import type { Task } from './models';
import type { TaskViewer } from './tokens';

/**
 * The CLIENT rule: a CLIENT member sees only the tasks of the clients they stand for; tasks without a client are the
 * firm's own and hidden from them. Null means no limit (staff).
 */
export type VisibleClients = number[] | null;

export const visibleClientsOf = (
  clients: ClientDirectory,
  workspaceId: number,
  viewer: TaskViewer,
  trx?: Knex.Transaction,
): Promise<VisibleClients> => clients.clientsOfMember(workspaceId, { role: viewer.role, userId: viewer.userId }, trx);

/** A query modifier, so callers keep building the query. */
export function onlyVisible(visible: VisibleClients) {
  return (query: QueryBuilder<Task, Task[]>) => {
    if (visible) query.whereIn('tasks.client_id', visible);
  };
}
