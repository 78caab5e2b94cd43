import { Card, Classes } from '@blueprintjs/core';
import { useId } from 'react';
import { formatIndianDateTime } from '@axal/web-sdk';
import { ErrorState, LoadingState } from '@axal/web-sdk/ui';
import { TASK_TOASTS } from '../../shared/wire';
import { useTaskActivity } from '../api';

/** The Activity Log card (spec 2 section 2.8): what happened to the task, who did it and when, newest first. */
export function TaskActivityLog({ workspaceId, taskId }: { workspaceId: string; taskId: string }) {
  const activity = useTaskActivity(workspaceId, taskId);
  const headingId = useId();
  return (
    <Card className="tasks-card" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="tasks-card__title">
        Activity Log
      </h2>
      {activity.isPending ? (
        <LoadingState label="Loading activity log..." />
      ) : activity.error ? (
        <ErrorState title={TASK_TOASTS.fetchActivityFailed} message={activity.error.message} onRetry={() => void activity.refetch()} />
      ) : activity.data.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{TASK_TOASTS.noActivity}</p>
      ) : (
        <ol className="tasks-feed" aria-label="Activity">
          {activity.data.map((entry) => (
            <li key={entry.id} className="tasks-feed__item">
              <p className="tasks-feed__content">
                <strong>{entry.performedBy?.name ?? TASK_TOASTS.unknownUser}</strong> {entry.action}
              </p>
              <time dateTime={entry.performedAt} className={`tasks-feed__time ${Classes.TEXT_MUTED}`}>
                {formatIndianDateTime(entry.performedAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
