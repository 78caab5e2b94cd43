import { Tag } from '@blueprintjs/core';
import type { TaskPriority, TaskStatus } from '../../shared/wire';
import { PRIORITY_INTENTS, PRIORITY_LABELS, STATUS_INTENTS, STATUS_LABELS } from '../task-display';

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

export function OverdueTag() {
  return (
    <Tag minimal intent="danger" icon="time" className="tasks-tag">
      Overdue
    </Tag>
  );
}
