import type { Knex } from 'knex';
import { z } from 'zod';
import {
  externalIdParam,
  notFound,
  parseBody,
  singleLineText,
  TOKENS,
  type ClientDirectory,
  type PluginRouteContext,
  type PluginRouter,
  type WorkspaceDirectory,
} from '../../../../core/plugin-api';
import { MAX_SERIES_CLIENTS, TASK_MESSAGES, TASKS_PERMISSIONS, TASKS_ROUTES, type TaskView } from '../../shared/wire';
import { dueDateOf } from '../due-date';
import { Task } from '../models';
import { createTaskSchema } from '../schemas';
import { TaskViews } from '../task-views';
import { recurrenceSchema } from './recurrence';
import { SeriesService, type StartedSeries } from './series-service';

const MAX_CLIENT_ID_LENGTH = 100;
const clientsMessage = `Select from 1 to ${MAX_SERIES_CLIENTS} clients`;

const recurringWorkSchema = z.object({
  clientIds: z
    .array(singleLineText({ label: 'Client', max: MAX_CLIENT_ID_LENGTH, error: TASK_MESSAGES.clientNotFound }), { error: clientsMessage })
    .min(1, clientsMessage)
    .max(MAX_SERIES_CLIENTS, clientsMessage),
  titleTemplate: createTaskSchema.shape.title,
  description: createTaskSchema.shape.description,
  priority: createTaskSchema.shape.priority,
  assignedToExternalId: createTaskSchema.shape.assignedToExternalId,
  firstDueDate: singleLineText({ label: 'First due date', max: 40, error: TASK_MESSAGES.recurrenceNeedsDueDate }).transform((value, context) => {
    const day = dueDateOf(value.trim());
    if (day) return day;
    context.addIssue({ code: 'custom', message: TASK_MESSAGES.invalidDueDate });
    return z.NEVER;
  }),
  recurrence: recurrenceSchema,
});

const seriesOf = (context: PluginRouteContext) => context.container.get(SeriesService);

async function viewOf(context: PluginRouteContext, task: Task): Promise<TaskView> {
  const views = new TaskViews(
    context.container.get<WorkspaceDirectory>(TOKENS.Workspaces),
    context.container.get<ClientDirectory>(TOKENS.Clients),
    seriesOf(context),
  );
  return views.one(context.membership.workspace, task);
}

/** Mounted before the task routes, so `tasks/recurring-work` is not read as a task id. */
export function seriesRoutes(router: PluginRouter): void {
  router.post(
    `/${TASKS_ROUTES.recurringWork}`,
    { permission: TASKS_PERMISSIONS.create, forbiddenMessage: TASK_MESSAGES.forbiddenCreate },
    async (req, res, context) => {
      const input = parseBody(recurringWorkSchema, req.body);
      const series: StartedSeries[] = await seriesOf(context).createRecurringWork(context.membership.workspace, context.user.id, input);
      res.status(201).json({ series });
    },
  );

  router.post(
    `/${TASKS_ROUTES.stopRepeating(':taskId')}`,
    { permission: TASKS_PERMISSIONS.edit, forbiddenMessage: TASK_MESSAGES.forbiddenEdit },
    async (req, _res, context) => {
      const workspaceId = context.membership.workspace.id;
      const taskId = externalIdParam(req, 'taskId', TASK_MESSAGES.taskNotFound);
      const knex = context.container.get<Knex>(TOKENS.Knex);
      const task = await knex.transaction(async (trx) => {
        const found = await Task.inWorkspace(workspaceId, trx).where('tasks.external_id', taskId).first();
        if (!found) throw notFound(TASK_MESSAGES.taskNotFound);
        await seriesOf(context).stop(trx, found, context.user.id);
        return found;
      });
      return { task: await viewOf(context, task) };
    },
  );
}
