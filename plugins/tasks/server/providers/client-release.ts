import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import {
  clientLifecyclePoint,
  TOKENS,
  type ActivityService,
  type ClientBeingDeleted,
  type ClientLifecycleContext,
  type WorkspaceDirectory,
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

type ReleasedTask = Pick<Task, 'externalId' | 'assignedTo' | 'status'>;

/** One history entry on each task, by the member deleting the client, within the deleting transaction. */
async function recordOnEach(
  tasks: ReleasedTask[],
  action: string,
  metadataOf: (task: ReleasedTask) => Record<string, unknown>,
  workspaceId: number,
  trx: Knex.Transaction,
  context: ClientLifecycleContext,
): Promise<void> {
  const activity = context.container.get<ActivityService>(TOKENS.Activity);
  for (const task of tasks) {
    const entry = {
      workspaceId,
      actorUserId: context.actorUserId,
      action,
      entityType: TASK_ENTITY,
      entityId: task.externalId,
      metadata: metadataOf(task),
    };
    await activity.record(entry, trx);
  }
}
type ReleasedSeries = Pick<TaskSeries, 'id' | 'assignedTo'>;

/**
 * A CLIENT member sees no task without a client, so the deleted client's open tasks and series given to one go to the
 * member deleting the client, who can hand them on; finished tasks keep who did them.
 */
async function handOnFromClientMembers(
  workspaceId: number,
  tasks: ReleasedTask[],
  series: ReleasedSeries[],
  trx: Knex.Transaction,
  context: ClientLifecycleContext,
): Promise<void> {
  const assignees = [...tasks, ...series].map((row) => row.assignedTo).filter((id): id is number => id !== null);
  if (!assignees.length) return;
  const people = await context.container.get<WorkspaceDirectory>(TOKENS.Workspaces).people(workspaceId, [...assignees, context.actorUserId]);
  const givenToClientMember = (row: { assignedTo: number | null }) => row.assignedTo !== null && people.get(row.assignedTo)?.role === 'CLIENT';
  const handOver = { assignedTo: context.actorUserId };
  const seriesHandedOn = series.filter(givenToClientMember).map((row) => row.id);
  if (seriesHandedOn.length) await TaskSeries.inWorkspace(workspaceId, trx).whereIn('id', seriesHandedOn).patch(handOver);
  const handedOn = tasks.filter((task) => task.status !== 'COMPLETED' && givenToClientMember(task));
  if (!handedOn.length) return;
  await Task.inWorkspace(workspaceId, trx)
    .whereIn(
      'external_id',
      handedOn.map((task) => task.externalId),
    )
    .patch(handOver);
  const to = people.get(context.actorUserId)?.name ?? null;
  await recordOnEach(
    handedOn,
    TASK_ACTIONS.reassigned,
    (task) => ({ from: people.get(task.assignedTo!)?.name ?? null, to }),
    workspaceId,
    trx,
    context,
  );
}

/**
 * A deleted client's tasks stay as the workspace's own tasks: the client and the CLIENT link go, and each task's
 * history says which client it was for. Its series keep creating tasks, without the client.
 */
async function releaseClientTasks(client: ClientBeingDeleted, trx: Knex.Transaction, context: ClientLifecycleContext): Promise<void> {
  const { workspaceId } = client;
  await Task.inWorkspace(workspaceId, trx).modify(linkedToClient<Task>(client, Task.tableName)).patch(NO_LINK);
  await TaskSeries.inWorkspace(workspaceId, trx).modify(linkedToClient<TaskSeries>(client, TaskSeries.tableName)).patch(NO_LINK);
  const released = await Task.inWorkspace(workspaceId, trx)
    .modify(ofClient<Task>(client, Task.tableName))
    .patch({ clientId: null })
    .returning(['external_id', 'assigned_to', 'status'])
    .castTo<ReleasedTask[]>();
  const releasedSeries = await TaskSeries.inWorkspace(workspaceId, trx)
    .modify(ofClient<TaskSeries>(client, TaskSeries.tableName))
    .patch({ clientId: null })
    .returning(['id', 'assigned_to'])
    .castTo<ReleasedSeries[]>();
  await recordOnEach(released, TASK_ACTIONS.clientRemoved, () => ({ clientName: client.name }), workspaceId, trx, context);
  await handOnFromClientMembers(workspaceId, released, releasedSeries, trx, context);
}

export const taskClientRelease = clientLifecyclePoint.contribute({ beforeDelete: releaseClientTasks });
