import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import type { ClientDirectory, Role } from '../../../core/plugin-api';
import type { Notice } from './models';

/**
 * The CLIENT rule: a CLIENT member sees only the notices of the clients they stand for. Null means no limit (staff).
 * Every notice has a client, so there are no firm-only notices to hide beyond that.
 */
export type VisibleClients = number[] | null;

export const visibleClientsOf = (
  clients: ClientDirectory,
  workspaceId: number,
  viewer: { userId: number; role: Role },
  trx?: Knex.Transaction,
): Promise<VisibleClients> => clients.clientsOfMember(workspaceId, { role: viewer.role, userId: viewer.userId }, trx);

/** A query modifier, so callers keep building the query. */
export function onlyVisible(visible: VisibleClients) {
  return (query: QueryBuilder<Notice, Notice[]>) => {
    if (visible) query.whereIn('notices.client_id', visible);
  };
}
