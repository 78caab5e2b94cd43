import { WorkspaceScopedModel, WorkspaceScopedRow } from '../../../core/plugin-api';
import type { RecurrenceFrequency, TaskPriority, TaskStatus } from '../shared/wire';

/** A piece of the firm's work, optionally for a client and linked to another plugin's record. */
export class Task extends WorkspaceScopedModel {
  static override tableName = 'tasks';
  title!: string;
  description!: string;
  status!: TaskStatus;
  priority!: TaskPriority;
  /** `YYYY-MM-DD`, a calendar date in Asia/Kolkata. */
  dueDate!: string | null;
  assignedTo!: number | null;
  clientId!: number | null;
  entityType!: string | null;
  entityId!: string | null;
  createdBy!: number | null;
  startDate!: Date | null;
  completedAt!: Date | null;
  seriesId!: number | null;
  occurrenceDate!: string | null;
}

/** A recurring series: the template each occurrence copies and the rule that dates them. */
export class TaskSeries extends WorkspaceScopedModel {
  static override tableName = 'tasks_series';
  title!: string;
  description!: string;
  priority!: TaskPriority;
  assignedTo!: number | null;
  clientId!: number | null;
  entityType!: string | null;
  entityId!: string | null;
  createdBy!: number | null;
  frequency!: RecurrenceFrequency | null;
  interval!: number;
  dayOfMonth!: number | null;
  rrule!: string | null;
  createDaysBefore!: number;
  anchorDate!: string;
  /** `YYYY-MM-DD`: the latest occurrence made; the next one comes after it. */
  lastOccurrenceDate!: string;
  stoppedAt!: Date | null;
}

export class TaskComment extends WorkspaceScopedModel {
  static override tableName = 'tasks_comments';
  taskId!: number;
  authorId!: number | null;
  content!: string;
}

/** TASK_DUE_SOON and TASK_OVERDUE already raised for a task and the due date they were about (`day`). */
export class TaskReminderSent extends WorkspaceScopedRow {
  static override tableName = 'tasks_reminders_sent';
  static override idColumn = ['task_id', 'kind', 'day'];
  taskId!: number;
  kind!: 'TASK_DUE_SOON' | 'TASK_OVERDUE';
  day!: string;
}
