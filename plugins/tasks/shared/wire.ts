/**
 * The tasks plugin as it crosses the wire (spec 2 sections 2.1-2.8, 3, 4, 5, 7, 8, 9): one definition for the
 * server and the web remote. No Node-only APIs here.
 *
 * Every path is relative to `{app}/api/v1/`. Every call names its workspace by external id in the query
 * (`workspaceId` or `workspaceExternalId`) or the body (`workspaceId` / `workspaceExternalId`). Errors are
 * `{ error, details? }`.
 */

export const TASK_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'BLOCKED'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** Not COMPLETED: what the dashboard counts as pending and `filter=upcoming` lists. */
export const OPEN_TASK_STATUSES: readonly TaskStatus[] = ['PENDING', 'IN_PROGRESS', 'BLOCKED'];

export const TASK_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** Kept generic so any plugin can link its records; the spec names these two. */
export const TASK_ENTITY_TYPES = ['CLIENT', 'NOTICE'] as const;
/** The link of a task made for a client (from its page, or by "New recurring work"). */
export const CLIENT_ENTITY_TYPE = 'CLIENT';
export type TaskEntityType = (typeof TASK_ENTITY_TYPES)[number];

export const TASK_SORT_FIELDS = ['title', 'dueDate', 'createdAt'] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

export const RECURRENCE_FREQUENCIES = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** `interval` 1-12 (every n weeks, months, quarters or years); `dayOfMonth` 1-31 for monthly, quarterly and yearly (31 means the month's last day). */
export type Recurrence =
  | { frequency: RecurrenceFrequency; interval: number; dayOfMonth?: number | null; createDaysBefore?: number }
  | { rrule: string; createDaysBefore?: number };

// ---- Constants (spec 2 section 9) ----

export const TASK_SEARCH_DEBOUNCE_MS = 500;
export const TASK_DESCRIPTION_PREVIEW = 100;
export const DEFAULT_TASK_PAGE_SIZE = 25;
export const MAX_TASK_PAGE_SIZE = 100;
/** `filter=upcoming`: open tasks due from today to this many days ahead. */
export const UPCOMING_DAYS = 7;
export const RECENT_TASKS_ON_DASHBOARD = 4;
export const MAX_BULK_DELETE = 500;
export const MAX_TITLE_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 10_000;
export const MAX_COMMENT_LENGTH = 5_000;
export const MAX_CREATE_DAYS_BEFORE = 60;
/** "New recurring work": at most this many clients in one go. */
export const MAX_SERIES_CLIENTS = 200;
export const SERIES_TITLE_CLIENT_PLACEHOLDER = '{client}';

export const TASKS_ROUTES = {
  list: 'tasks',
  create: 'tasks',
  bulkDelete: 'tasks/bulk-delete',
  /** "New recurring work": one series per selected client from a template. */
  recurringWork: 'tasks/recurring-work',
  task: (id: string) => `tasks/${id}`,
  comments: (id: string) => `tasks/${id}/comments`,
  activityLog: (id: string) => `tasks/${id}/activity-log`,
  attachments: (id: string) => `tasks/${id}/attachments`,
  attachment: (id: string, attachmentId: string) => `tasks/${id}/attachments/${attachmentId}`,
  stopRepeating: (id: string) => `tasks/${id}/stop-repeating`,
} as const;

export const TASKS_PERMISSIONS = {
  create: 'tasks.create',
  edit: 'tasks.edit',
  delete: 'tasks.delete',
  comment: 'tasks.comment',
} as const;

export const TASK_EVENT_TYPES = ['TASK_ASSIGNED', 'TASK_COMMENTED', 'TASK_DUE_SOON', 'TASK_OVERDUE'] as const;

/** Entity type of a task in the core activity log and on document attachments. */
export const TASK_ENTITY = 'TASK';

/** What the plugin adds to the dashboard, the search and the calendar: the keys of the core's answers and the item types. */
export const TASK_PROVIDERS = {
  pendingStat: 'pendingTasks',
  recentList: 'recentTasks',
  statusGraph: 'taskStats',
  search: 'tasks',
  calendar: 'taskDueDates',
} as const;
export const TASK_SEARCH_HIT_TYPE = 'task';
export const TASK_DUE_CALENDAR_TYPE = 'task-due';

export const TASK_MESSAGES = {
  // spec 2 section 5
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  assigneeRequired: 'Assignee is required',
  workspaceRequired: 'Workspace ID is required',
  commentEmpty: 'Comment cannot be empty',
  // beyond the spec, in its voice
  invalidStatus: 'Status must be one of PENDING, IN_PROGRESS, COMPLETED, BLOCKED',
  invalidPriority: 'Priority must be one of LOW, MEDIUM, HIGH, URGENT',
  invalidDueDate: 'Due date must be a date such as 2026-03-31',
  assigneeNotMember: 'The assignee must be a member of this workspace',
  assigneeCannotSeeTask: 'A client member can be assigned only tasks of the clients they stand for',
  clientNotFound: 'Client not found',
  entityIncomplete: 'entityType and entityId go together',
  taskNotFound: 'Task not found',
  seriesNotFound: 'This task does not repeat',
  bulkConfirmation: 'Type the workspace name to confirm',
  bulkNothingSelected: 'Select at least one task',
  bulkTooMany: `Select at most ${MAX_BULK_DELETE} tasks`,
  bulkSomeMissing: 'Some of the selected tasks no longer exist; nothing was deleted',
  invalidCursor: 'The page cursor is not valid; start from the first page',
  invalidRecurrence: 'The repeat rule is not valid',
  clientOnlyOwn: 'You can only see the tasks of your own clients',
  forbiddenCreate: 'Only staff can create tasks',
  forbiddenEdit: 'Only staff can edit tasks',
  forbiddenDelete: 'You do not have permission to delete tasks',
  forbiddenComment: 'You cannot comment on this task',
  invalidSortField: 'sortField must be one of title, dueDate, createdAt',
  invalidSortOrder: 'sortOrder must be asc or desc',
  invalidListFilter: 'filter must be upcoming',
  invalidAssignedToFilter: 'assignedTo must be me',
  documentRequired: 'Choose a document to attach',
  recurrenceNeedsDueDate: 'A repeating task needs a due date',
  recurrenceOnlyForSeries: 'Apply a new repeat rule to the whole series',
} as const;

/** spec 2 section 8: the web app's toasts and errors. */
export const TASK_TOASTS = {
  created: 'Task created successfully',
  updated: 'Task updated successfully',
  deleted: 'Task deleted successfully',
  bulkDeleted: (count: number) => `${count} task(s) deleted`,
  reassigned: 'Task reassigned successfully',
  commentAdded: 'Comment added successfully',
  createFailed: 'Failed to create task',
  updateFailed: 'Failed to update task',
  deleteFailed: 'Failed to delete task',
  bulkDeleteFailed: 'Failed to delete tasks',
  reassignFailed: 'Failed to reassign task',
  commentFailed: 'Failed to add comment',
  listFailed: (message: string) => `Failed to load tasks: ${message}`,
  empty: 'No tasks found',
  workspaceTask: 'Workspace Task',
  noComments: 'No comments yet.',
  noActivity: 'No activities yet.',
  unknownUser: 'Unknown User',
  // spec 2 section 8 "Other fetches", and the web's own wording beyond the spec
  fetchTaskFailed: 'Failed to fetch task',
  fetchMembersFailed: 'Failed to fetch workspace members',
  fetchClientsFailed: 'Failed to fetch clients',
  fetchCommentsFailed: 'Failed to fetch comments',
  fetchActivityFailed: 'Failed to fetch activity log',
  dashboardFailed: 'Failed to load dashboard data. Please try again later.',
  seriesCreated: (count: number) => `${count} recurring series created`,
  seriesCreateFailed: 'Failed to create recurring work',
  seriesStopped: 'The task no longer repeats',
  stopSeriesFailed: 'Failed to stop repeating',
} as const;

// ---- Answers ----

export interface TaskPerson {
  externalId: string;
  name: string;
  image: string | null;
  /** False for someone who has left the workspace: shown as a former member until reassigned. */
  isMember: boolean;
}

export interface TaskClientRef {
  externalId: string;
  name: string;
  clientType: string;
}

export interface RecurrenceView {
  frequency: RecurrenceFrequency | null;
  interval: number;
  dayOfMonth: number | null;
  rrule: string | null;
  createDaysBefore: number;
  /** Human wording, e.g. "Monthly on day 20". */
  summary: string;
  /** The due date of the next occurrence not created yet; null once the series has stopped. */
  nextDueDate: string | null;
  /** The due dates of the next occurrences not created yet (up to 3); empty once the series has stopped. */
  upcomingDueDates: string[];
  stopped: boolean;
}

export interface TaskView {
  externalId: string;
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  /** `YYYY-MM-DD` (Asia/Kolkata) or null. */
  dueDate: string | null;
  assignedTo: TaskPerson | null;
  client: TaskClientRef | null;
  entityType: string | null;
  entityId: string | null;
  workspaceExternalId: string;
  createdBy: { name: string } | null;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
  startDate: string | null;
  completedAt: string | null;
  seriesId: string | null;
  recurrence: RecurrenceView | null;
}

export interface TaskListResponse {
  tasks: TaskView[];
  nextCursor: string | null;
}

export interface TaskComment {
  id: string;
  content: string;
  author: { name: string } | null;
  createdAt: string;
}

export interface TaskActivity {
  id: string;
  /** e.g. "created the task", "changed status from PENDING to IN_PROGRESS". */
  action: string;
  performedAt: string;
  performedBy: { name: string } | null;
  /** The machine-readable action (`task.created`, `task.updated`, ...) and its details (field, from, to). */
  type: string;
  metadata: Record<string, unknown>;
}

/** An entry of `recentTasks` in `GET dashboard/recent`. */
export interface RecentTask {
  externalId: string;
  title: string;
  status: TaskStatus;
  priority: TaskPriority;
  dueDate: string | null;
  /** The assignee's name; null when nobody is assigned. */
  assignee: string | null;
  /** The task's page, under `{app}`. */
  url: string;
}

/** `taskStats` in `GET dashboard/graphs`: every status in the order of TASK_STATUSES, zeros included. */
export type TaskStatusCounts = { name: TaskStatus; value: number }[];
