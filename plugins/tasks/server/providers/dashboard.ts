import { dashboardPoint, TOKENS, type MemberContext, type WorkspaceDirectory } from '../../../../core/plugin-api';
import { OPEN_TASK_STATUSES, TASK_PROVIDERS, TASK_STATUSES, type RecentTask, type TaskStatus, type TaskStatusCounts } from '../../shared/wire';
import { Task } from '../models';
import { taskUrl, visibleTasks } from './member-scope';

async function pendingTasks(context: MemberContext): Promise<number> {
  return Task.inWorkspace(context.workspace.id)
    .modify(await visibleTasks(context))
    .whereIn('tasks.status', OPEN_TASK_STATUSES)
    .resultSize();
}

async function recentTasks(context: MemberContext, limit: number): Promise<RecentTask[]> {
  const tasks = await Task.inWorkspace(context.workspace.id)
    .modify(await visibleTasks(context))
    .orderBy([
      { column: 'tasks.created_at', order: 'desc' },
      { column: 'tasks.id', order: 'desc' },
    ])
    .limit(limit)
    .select('external_id', 'title', 'status', 'priority', 'due_date', 'assigned_to');
  const assigneeIds = tasks.flatMap((task) => (task.assignedTo === null ? [] : [task.assignedTo]));
  const people = await context.container.get<WorkspaceDirectory>(TOKENS.Workspaces).people(context.workspace.id, assigneeIds);
  return tasks.map((task) => ({
    externalId: task.externalId,
    title: task.title,
    status: task.status,
    priority: task.priority,
    dueDate: task.dueDate,
    assignee: task.assignedTo === null ? null : (people.get(task.assignedTo)?.name ?? null),
    url: taskUrl(context, task.externalId),
  }));
}

/** "Task Status Distribution": every status in a fixed order, zeros included, so the chart's colours never shift. */
async function taskStats(context: MemberContext): Promise<TaskStatusCounts> {
  const rows = await Task.inWorkspace(context.workspace.id)
    .modify(await visibleTasks(context))
    .groupBy('tasks.status')
    .select('tasks.status')
    .count({ total: '*' })
    .castTo<{ status: TaskStatus; total: string }[]>();
  const counts = new Map(rows.map((row) => [row.status, Number(row.total)]));
  return TASK_STATUSES.map((status) => ({ name: status, value: counts.get(status) ?? 0 }));
}

export const taskDashboard = dashboardPoint.contribute({
  stats: [{ id: TASK_PROVIDERS.pendingStat, label: 'Pending Tasks', value: pendingTasks }],
  recent: [{ id: TASK_PROVIDERS.recentList, items: recentTasks }],
  graphs: [{ id: TASK_PROVIDERS.statusGraph, series: taskStats }],
});
