import { Classes, Tag } from '@blueprintjs/core';
import { formatLongDate } from '@axal/web-sdk';
import type { TaskPriority, TaskStatus, TaskView } from '../../shared/wire';
import { isOverdue, PRIORITY_INTENTS, PRIORITY_LABELS, STATUS_INTENTS, STATUS_LABELS } from '../task-display';

export function StatusTag({ status }: { status: TaskStatus }) {
  return (
    <Tag minimal round intent={STATUS_INTENTS[status]} className="tasks-tag">
      {STATUS_LABELS[status]}
    </Tag>
  );
}

export function PriorityTag({ priority }: { priority: TaskPriority }) {
  return (
    <Tag minimal intent={PRIORITY_INTENTS[priority]} className="tasks-tag">
      {PRIORITY_LABELS[priority]}
    </Tag>
  );
}

/** A task's due date as it reads wherever it shows ('MMM d, yyyy'), tagged Overdue while the task is open past it. */
export function DueDate({ task, prefix = '' }: { task: Pick<TaskView, 'status' | 'dueDate'>; prefix?: string }) {
  return (
    <span className="tasks-due">
      {prefix}
      {task.dueDate ? formatLongDate(task.dueDate) : <span className={Classes.TEXT_MUTED}>Not set</span>}
      {isOverdue(task) && (
        <Tag minimal intent="danger" icon="time" className="tasks-tag">
          Overdue
        </Tag>
      )}
    </span>
  );
}
