import { Tag } from '@blueprintjs/core';
import type { NoticePriority, NoticeStatus } from '../../../shared/wire';
import { PRIORITY_INTENTS, PRIORITY_LABELS, STATUS_INTENTS, STATUS_LABELS } from '../../notice-display';

export function NoticeStatusBadge({ status }: { status: NoticeStatus }) {
  return (
    <Tag minimal round intent={STATUS_INTENTS[status]} className="notices-details-tag">
      {STATUS_LABELS[status]}
    </Tag>
  );
}

export function NoticePriorityBadge({ priority }: { priority: NoticePriority }) {
  return (
    <Tag minimal intent={PRIORITY_INTENTS[priority]} className="notices-details-tag">
      {PRIORITY_LABELS[priority]} priority
    </Tag>
  );
}
