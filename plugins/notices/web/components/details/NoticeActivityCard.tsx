import { Card, Classes } from '@blueprintjs/core';
import { useId } from 'react';
import { formatIndianDateTime, formatRelativeTime } from '@axal/web-sdk';
import { ErrorState, LoadingState } from '@axal/web-sdk/ui';
import { NOTICE_TOASTS } from '../../../shared/wire';
import { useNoticeActivities } from '../../details-api';

const UNKNOWN_PERFORMER = 'Unknown User';

/** The Activity card (spec 2 section 2.10): what happened to the notice, who did it and how long ago, newest first. */
export function NoticeActivityCard({ workspaceId, noticeId }: { workspaceId: string; noticeId: string }) {
  const activities = useNoticeActivities(workspaceId, noticeId);
  const headingId = useId();
  return (
    <Card className="notices-details-card" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="notices-details-card__title">
        Activity
      </h2>
      {activities.isPending ? (
        <LoadingState label={NOTICE_TOASTS.activityLoading} />
      ) : activities.error ? (
        <ErrorState title="Failed to fetch activity" message={activities.error.message} onRetry={() => void activities.refetch()} />
      ) : activities.data.length === 0 ? (
        <p className={`notices-details-text ${Classes.TEXT_MUTED}`}>{NOTICE_TOASTS.noActivity}</p>
      ) : (
        <ol className="notices-details-list" aria-label="Activity entries">
          {activities.data.map((entry) => (
            <li key={entry.id} className="notices-details-list__item">
              <p className="notices-details-text">{entry.action}</p>
              <p className={`notices-details-activity__meta ${Classes.TEXT_MUTED}`}>
                {entry.performedBy?.name ?? UNKNOWN_PERFORMER} ·{' '}
                <time dateTime={entry.createdAt} title={formatIndianDateTime(entry.createdAt)}>
                  {formatRelativeTime(entry.createdAt)}
                </time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
