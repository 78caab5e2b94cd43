import { format, parseISO } from 'date-fns';
import { searchPoint, TOKENS, type ClientDirectory, type MemberContext, type SearchHit } from '../../../../core/plugin-api';
import { TASK_PROVIDERS, TASK_SEARCH_HIT_TYPE, TASK_TOASTS } from '../../shared/wire';
import { Task } from '../models';
import { applyFilters, type TaskFilters } from '../task-list-query';
import { taskUrl, visibleTasks } from './member-scope';

/** `2026-03-05` as a task's due date reads wherever it shows (spec 2 section 9): "Mar 5, 2026". */
const formatDueDate = (date: string) => format(parseISO(date), 'MMM d, yyyy');

/** The list's filters with none set: the search narrows by its term alone, as `GET tasks?search=` does. */
const NO_FILTERS: TaskFilters = {
  statuses: null,
  priorities: null,
  clientId: null,
  search: null,
  entity: null,
  dueBetween: null,
  assigneeUserId: null,
};

/** Whose work it is and when it is due: "Sharma Traders · Due Mar 5, 2026". */
const subtitleOf = (clientName: string | null, dueDate: string | null) =>
  [clientName ?? TASK_TOASTS.workspaceTask, dueDate ? `Due ${formatDueDate(dueDate)}` : null].filter(Boolean).join(' · ');

/** Tasks whose title or description holds the term, newest first, each what the asking member may open. */
async function searchTasks(term: string, context: MemberContext, limit: number): Promise<SearchHit[]> {
  const tasks = await Task.inWorkspace(context.workspace.id)
    .modify(await visibleTasks(context))
    .modify(applyFilters({ ...NO_FILTERS, search: term }))
    .orderBy([
      { column: 'tasks.created_at', order: 'desc' },
      { column: 'tasks.id', order: 'desc' },
    ])
    .limit(limit)
    .select('external_id', 'title', 'due_date', 'client_id');
  const clientIds = tasks.flatMap((task) => (task.clientId === null ? [] : [task.clientId]));
  const clients = await context.container.get<ClientDirectory>(TOKENS.Clients).byIds(context.workspace.id, clientIds);
  return tasks.map((task) => ({
    type: TASK_SEARCH_HIT_TYPE,
    id: task.externalId,
    title: task.title,
    subtitle: subtitleOf(task.clientId === null ? null : (clients.get(task.clientId)?.name ?? null), task.dueDate),
    url: taskUrl(context, task.externalId),
  }));
}

export const taskSearch = searchPoint.contribute({ id: TASK_PROVIDERS.search, search: searchTasks });
