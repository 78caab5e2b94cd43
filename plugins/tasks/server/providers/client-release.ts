import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import {
  clientLifecyclePoint,
  TOKENS,
  type ActivityService,
  type ClientBeingDeleted,
  type ClientLifecycleContext,
} from '../../../../core/plugin-api';
import { TASK_ENTITY } from '../../shared/wire';
import { TASK_ACTIONS } from '../activity-text';
import { Task, TaskSeries } from '../models';

/** The entity type of a task or series made for a client (from its page, or by "New recurring work"). */
const CLIENT_ENTITY = 'CLIENT';

/** The rows that name the client: as their client, or as the CLIENT entity they were made for. */
function namingClient<M extends Task | TaskSeries>(client: ClientBeingDeleted, table: string) {
  return (query: QueryBuilder<M, M[]>) => {
    query.where((naming) => {
      naming.where(`${table}.client_id`, client.id).orWhere((entity) => {
        entity.where(`${table}.entity_type`, CLIENT_ENTITY).where(`${table}.entity_id`, client.externalId);
      });
    });
  };
}

/** Clears the client and a CLIENT entity link of that client; any other entity link stays. */
function releasedColumns(client: ClientBeingDeleted) {
  const keepOtherEntity = (column: string) =>
    Task.raw(`case when entity_type = ? and entity_id = ? then null else ${column} end`, [CLIENT_ENTITY, client.externalId]);
  return { clientId: null, entityType: keepOtherEntity('entity_type'), entityId: keepOtherEntity('entity_id') };
}

/**
 * A deleted client's tasks stay as the workspace's own tasks: the client and the CLIENT link go, and each task's
 * history says which client it was for. Its series keep creating tasks, without the client.
 */
async function releaseClientTasks(client: ClientBeingDeleted, trx: Knex.Transaction, context: ClientLifecycleContext): Promise<void> {
  const released = await Task.inWorkspace(client.workspaceId, trx)
    .modify(namingClient<Task>(client, Task.tableName))
    .patch(releasedColumns(client))
    .returning('external_id')
    .castTo<Pick<Task, 'externalId'>[]>();
  await TaskSeries.inWorkspace(client.workspaceId, trx).modify(namingClient<TaskSeries>(client, TaskSeries.tableName)).patch(releasedColumns(client));
  const activity = context.container.get<ActivityService>(TOKENS.Activity);
  for (const task of released) {
    await activity.record(
      {
        workspaceId: client.workspaceId,
        actorUserId: context.actorUserId,
        action: TASK_ACTIONS.clientRemoved,
        entityType: TASK_ENTITY,
        entityId: task.externalId,
        metadata: { clientName: client.name },
      },
      trx,
    );
  }
}

export const taskClientRelease = clientLifecyclePoint.contribute({ beforeDelete: releaseClientTasks });
