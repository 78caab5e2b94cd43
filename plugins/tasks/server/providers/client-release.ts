import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import {
  clientLifecyclePoint,
  TOKENS,
  type ActivityService,
  type ClientBeingDeleted,
  type ClientLifecycleContext,
} from '../../../../core/plugin-api';
import { CLIENT_ENTITY_TYPE, TASK_ENTITY } from '../../shared/wire';
import { TASK_ACTIONS } from '../activity-text';
import { Task, TaskSeries } from '../models';

/** The rows whose client it is. */
function ofClient<M extends Task | TaskSeries>(client: ClientBeingDeleted, table: string) {
  return (query: QueryBuilder<M, M[]>) => {
    query.where(`${table}.client_id`, client.id);
  };
}

/** The rows linked to the client as the CLIENT entity they were made for (their client may since be another). */
function linkedToClient<M extends Task | TaskSeries>(client: ClientBeingDeleted, table: string) {
  return (query: QueryBuilder<M, M[]>) => {
    query.where(`${table}.entity_type`, CLIENT_ENTITY_TYPE).where(`${table}.entity_id`, client.externalId);
  };
}

const NO_LINK = { entityType: null, entityId: null };

/**
 * A deleted client's tasks stay as the workspace's own tasks: the client and the CLIENT link go, and each task's
 * history says which client it was for. Its series keep creating tasks, without the client.
 */
async function releaseClientTasks(client: ClientBeingDeleted, trx: Knex.Transaction, context: ClientLifecycleContext): Promise<void> {
  await Task.inWorkspace(client.workspaceId, trx).modify(linkedToClient<Task>(client, Task.tableName)).patch(NO_LINK);
  await TaskSeries.inWorkspace(client.workspaceId, trx).modify(linkedToClient<TaskSeries>(client, TaskSeries.tableName)).patch(NO_LINK);
  const released = await Task.inWorkspace(client.workspaceId, trx)
    .modify(ofClient<Task>(client, Task.tableName))
    .patch({ clientId: null })
    .returning('external_id')
    .castTo<Pick<Task, 'externalId'>[]>();
  await TaskSeries.inWorkspace(client.workspaceId, trx).modify(ofClient<TaskSeries>(client, TaskSeries.tableName)).patch({ clientId: null });
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
