import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiV1, dashboardQueriesKey, type Role } from '@axal/web-sdk';
import {
  TASKS_ROUTES,
  type Recurrence,
  type SortOrder,
  type TaskActivity,
  type TaskClientRef,
  type TaskComment,
  type TaskListResponse,
  type TaskPriority,
  type TaskSortField,
  type TaskStatus,
  type TaskView,
} from '../shared/wire';

const path = (route: string) => `/${route}`;

export const tasksKey = (workspaceId: string) => ['tasks', workspaceId] as const;
const taskKey = (workspaceId: string, taskId: string) => [...tasksKey(workspaceId), 'task', taskId] as const;

/** What the list asks the server for; every field comes from the page's address. */
export interface TaskListFilters {
  search?: string;
  status?: TaskStatus;
  priority?: TaskPriority;
  clientId?: string;
  filter?: 'upcoming';
  sortField?: TaskSortField;
  sortOrder?: SortOrder;
  entityType?: string;
  entityId?: string;
  limit?: number;
}

/** `GET tasks`, a page at a time: the next page starts after the last row of the one before (`nextCursor`). */
export function useTaskList(workspaceId: string, filters: TaskListFilters) {
  return useInfiniteQuery({
    queryKey: [...tasksKey(workspaceId), 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      apiV1<TaskListResponse>(path(TASKS_ROUTES.list), { query: { workspaceId, ...filters, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useTask(workspaceId: string, taskId: string) {
  return useQuery({
    queryKey: taskKey(workspaceId, taskId),
    queryFn: ({ signal }) => apiV1<{ task: TaskView }>(path(TASKS_ROUTES.task(taskId)), { query: { workspaceId }, signal }).then((body) => body.task),
    // A missing task is an answer, not a reason to ask again.
    retry: false,
  });
}

export function useTaskComments(workspaceId: string, taskId: string) {
  return useQuery({
    queryKey: [...taskKey(workspaceId, taskId), 'comments'],
    queryFn: ({ signal }) =>
      apiV1<{ data: TaskComment[] }>(path(TASKS_ROUTES.comments(taskId)), { query: { workspaceId }, signal }).then((body) => body.data),
  });
}

export function useTaskActivity(workspaceId: string, taskId: string) {
  return useQuery({
    queryKey: [...taskKey(workspaceId, taskId), 'activity'],
    queryFn: ({ signal }) =>
      apiV1<{ data: TaskActivity[] }>(path(TASKS_ROUTES.activityLog(taskId)), { query: { workspaceId }, signal }).then((body) => body.data),
  });
}

/** Whatever changed a task: every list, page and card of this workspace's tasks is fetched again. */
export function useInvalidateTasks(workspaceId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tasksKey(workspaceId) }),
      queryClient.invalidateQueries({ queryKey: dashboardQueriesKey(workspaceId) }),
    ]);
}

/** The fields of the create payload (spec 2 section 3); an update sends any of them. */
export interface TaskInput {
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  dueDate: string | null;
  assignedToExternalId: string;
  clientExternalId: string | null;
  entityType?: string;
  entityId?: string;
  recurrence?: Recurrence;
}

export type ApplyTo = 'THIS' | 'SERIES';

export function useCreateTask(workspaceId: string) {
  const invalidate = useInvalidateTasks(workspaceId);
  return useMutation({
    mutationFn: (input: TaskInput) =>
      apiV1<{ task: TaskView }>(path(TASKS_ROUTES.create), { method: 'POST', body: { ...input, workspaceId } }).then((body) => body.task),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateTask(workspaceId: string) {
  const invalidate = useInvalidateTasks(workspaceId);
  return useMutation({
    mutationFn: ({ taskId, changes, applyTo }: { taskId: string; changes: Partial<TaskInput>; applyTo?: ApplyTo }) =>
      apiV1<{ task: TaskView }>(path(TASKS_ROUTES.task(taskId)), { method: 'PATCH', body: { ...changes, applyTo, workspaceId } }).then(
        (body) => body.task,
      ),
    onSuccess: () => invalidate(),
  });
}

export function deleteTask(workspaceId: string, taskId: string) {
  return apiV1<void>(path(TASKS_ROUTES.task(taskId)), { method: 'DELETE', query: { workspaceId } });
}

export function bulkDeleteTasks(workspaceId: string, ids: string[], confirmation: string) {
  return apiV1<{ deleted: number }>(path(TASKS_ROUTES.bulkDelete), { method: 'POST', body: { workspaceId, ids, confirmation } });
}

export function useAddComment(workspaceId: string, taskId: string) {
  const invalidate = useInvalidateTasks(workspaceId);
  return useMutation({
    mutationFn: (content: string) => apiV1(path(TASKS_ROUTES.comments(taskId)), { method: 'POST', body: { workspaceId, content } }),
    onSuccess: () => invalidate(),
  });
}

export function useStopRepeating(workspaceId: string, taskId: string) {
  const invalidate = useInvalidateTasks(workspaceId);
  return useMutation({
    mutationFn: () => apiV1<{ task: TaskView }>(path(TASKS_ROUTES.stopRepeating(taskId)), { method: 'POST', body: { workspaceId } }),
    onSuccess: () => invalidate(),
  });
}

export interface RecurringWorkInput {
  clientIds: string[];
  titleTemplate: string;
  description: string;
  priority: TaskPriority;
  assignedToExternalId: string;
  firstDueDate: string;
  recurrence: Recurrence;
}

export interface RecurringWorkResponse {
  series: { seriesId: string; client: TaskClientRef; task: TaskView }[];
}

export function useCreateRecurringWork(workspaceId: string) {
  const invalidate = useInvalidateTasks(workspaceId);
  return useMutation({
    mutationFn: (input: RecurringWorkInput) =>
      apiV1<RecurringWorkResponse>(path(TASKS_ROUTES.recurringWork), { method: 'POST', body: { ...input, workspaceId } }),
    onSuccess: () => invalidate(),
  });
}

// ---- The core's calls the forms need ----

export interface WorkspaceMember {
  externalId: string;
  name: string;
  image: string | null;
  role: Role;
  /** The clients a CLIENT member stands for (empty for staff, and in the answer a CLIENT member gets). */
  clients: { externalId: string }[];
}

/** `GET workspaces/{id}/members`: who a task may be assigned to. */
export function useWorkspaceMembers(workspaceId: string, enabled = true) {
  return useQuery({
    queryKey: ['workspaces', workspaceId, 'members'],
    queryFn: ({ signal }) => apiV1<{ members: WorkspaceMember[] }>(`/workspaces/${workspaceId}/members`, { signal }),
    select: (body) => body.members,
    enabled,
  });
}

/** The workspace's name, which bulk delete asks for (the shell's workspace query, shared by key). */
export function useWorkspaceName(workspaceId: string) {
  return useQuery({
    queryKey: ['workspaces', workspaceId],
    queryFn: () => apiV1<{ name: string }>(`/workspaces/${workspaceId}`),
    select: (workspace) => workspace.name,
  });
}

// ---- Dashboard (spec 1 section 2.7): the core gathers every plugin's figures ----

export interface RecentTask {
  externalId: string;
  title: string;
  status: TaskStatus;
  priority: TaskPriority;
  dueDate: string | null;
  assignee: string | null;
  url: string;
}

export interface TaskStatusCount {
  name: TaskStatus;
  value: number;
}
