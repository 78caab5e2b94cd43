import type { Intent } from '@blueprintjs/core';
import { kolkataToday } from '@axal/web-sdk';
import { OPEN_TASK_STATUSES, type TaskPriority, type TaskStatus, type TaskView } from '../shared/wire';

export const STATUS_LABELS: Record<TaskStatus, string> = {
  PENDING: 'Pending',
  IN_PROGRESS: 'In Progress',
  COMPLETED: 'Completed',
  BLOCKED: 'Blocked',
};

export const PRIORITY_LABELS: Record<TaskPriority, string> = {
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  URGENT: 'Urgent',
};

export const STATUS_INTENTS: Record<TaskStatus, Intent> = {
  PENDING: 'warning',
  IN_PROGRESS: 'primary',
  COMPLETED: 'success',
  BLOCKED: 'danger',
};

export const PRIORITY_INTENTS: Record<TaskPriority, Intent> = {
  LOW: 'none',
  MEDIUM: 'primary',
  HIGH: 'warning',
  URGENT: 'danger',
};

/** Blueprint's intent colours for the chart, in the tags' order of meaning; each reads on the light and the dark card. */
export const STATUS_COLOURS: Record<TaskStatus, string> = {
  PENDING: '#c87619',
  IN_PROGRESS: '#2d72d2',
  COMPLETED: '#238551',
  BLOCKED: '#cd4246',
};

/** The picker offers no past day (spec 2 sections 2.2 and 2.4); a past day typed in gets this instead of being saved. */
export const PAST_DUE_DATE = 'Pick today or a later date';

/** A due date typed in before today, unless it is the one the task already had (an overdue task keeps its date). */
export const isNewPastDate = (date: string, kept: string | null | undefined, today: string = kolkataToday()): boolean =>
  date !== '' && date !== kept && date < today;

/** An open task whose due date has passed (India's calendar). */
export const isOverdue = (task: Pick<TaskView, 'status' | 'dueDate'>, today: string = kolkataToday()): boolean =>
  task.dueDate !== null && task.dueDate < today && OPEN_TASK_STATUSES.includes(task.status);

/** The assignee's name, marked when they have left the workspace; "Unassigned" when nobody is. */
export function assigneeName(task: Pick<TaskView, 'assignedTo'>): string {
  if (!task.assignedTo) return 'Unassigned';
  return task.assignedTo.isMember ? task.assignedTo.name : `${task.assignedTo.name} (former member)`;
}

/** The shell's pages of a workspace, for links out of the remote. */
export const workspacePaths = (workspaceId: string) => ({
  tasks: `/w/${workspaceId}/tasks`,
  task: (taskId: string) => `/w/${workspaceId}/tasks/${taskId}`,
  client: (clientId: string) => `/w/${workspaceId}/clients/${clientId}`,
});

export const CLIENT_TYPE_LABELS: Record<string, string> = { INDIVIDUAL: 'Individual', BUSINESS: 'Business' };

/** Whether the task belongs to a series that still repeats (not one stopped, nor none). */
export const repeatsNow = (task: Pick<TaskView, 'recurrence'> | null | undefined): boolean => Boolean(task?.recurrence && !task.recurrence.stopped);
