import { Button, Classes, Tooltip } from '@blueprintjs/core';
import { useEffect, useId, useRef, useState } from 'react';
import { serverReasonOf } from '@axal/web-sdk';
import { showToast } from '@axal/web-sdk/ui';
import { SYNC_REQUEST_REFRESH_MS } from '../../../shared/wire';
import { useInvalidateNotices } from '../../api';
import { useNoticeSyncStatus, useRefreshNotices } from '../../sync-api';
import { refreshAnswerToast, refreshButtonView, refreshFailureToast, SYNC_REQUEST_HOLD_MS, syncRequestStillShown } from './sync-display';
import './sync.css';

interface RefreshNoticesButtonProps {
  workspaceId: string;
  /** When the page last heard of a sync that ended, from the batch stream the list page follows. */
  finishedSeenAt: number | null;
}

/**
 * 'Refresh Notices' (spec 2 section 2.9): asks for a portal sync, then reads 'Syncing {n} client(s)...' with the
 * progress tooltip while the sync-status stream says one runs. Busy, it stays focusable (`aria-disabled`), so keyboard
 * users reach the tooltip, which is also the button's description.
 */
export function RefreshNoticesButton({ workspaceId, finishedSeenAt }: RefreshNoticesButtonProps) {
  const refresh = useRefreshNotices(workspaceId);
  const status = useNoticeSyncStatus(workspaceId, true);
  const invalidate = useInvalidateNotices(workspaceId);
  const [requestedAt, setRequestedAt] = useState<number | null>(null);
  // The time the mark is judged at: the request's, then the end of its hold (nothing else about it depends on the clock).
  const [markCheckedAt, setMarkCheckedAt] = useState(0);
  const pageRefresh = useRef<ReturnType<typeof setTimeout>>(undefined);
  const descriptionId = useId();

  useEffect(() => () => clearTimeout(pageRefresh.current), []);
  useEffect(() => {
    if (requestedAt === null) return undefined;
    const timer = setTimeout(() => setMarkCheckedAt(Date.now()), requestedAt + SYNC_REQUEST_HOLD_MS - Date.now());
    return () => clearTimeout(timer);
  }, [requestedAt]);

  const running = status.message?.syncInProgress === true;
  const requestShown = syncRequestStillShown(requestedAt, markCheckedAt, {
    statusAt: status.receivedAt,
    statusSaysRunning: running,
    finishedSeenAt,
  });
  const view = refreshButtonView({
    requesting: refresh.isPending,
    syncInProgress: running || requestShown,
    details: running ? (status.message?.syncDetails ?? null) : null,
  });

  const onRefresh = () => {
    if (view.busy) return;
    refresh.mutate(undefined, {
      onSuccess: (answer) => {
        void showToast(refreshAnswerToast(answer));
        if (!answer.success) return;
        const at = Date.now();
        setRequestedAt(at);
        setMarkCheckedAt(at);
        // spec 2 section 4: the page's data again a second after the request.
        clearTimeout(pageRefresh.current);
        pageRefresh.current = setTimeout(() => void invalidate(), SYNC_REQUEST_REFRESH_MS);
      },
      onError: (error) => void showToast(refreshFailureToast(serverReasonOf(error))),
    });
  };

  return (
    <>
      <Tooltip
        disabled={!view.tooltip}
        placement="bottom"
        content={
          view.tooltip ? (
            <span className="notices-sync-tooltip">
              <span>{view.tooltip.summary}</span>
              <span>{view.tooltip.clients}</span>
            </span>
          ) : (
            ''
          )
        }
      >
        <Button
          icon="refresh"
          text={view.text}
          className={view.busy ? Classes.DISABLED : undefined}
          aria-disabled={view.busy || undefined}
          aria-busy={refresh.isPending || undefined}
          aria-describedby={view.tooltip ? descriptionId : undefined}
          onClick={onRefresh}
        />
      </Tooltip>
      {view.tooltip && (
        <span id={descriptionId} className="visually-hidden">
          {`${view.tooltip.summary}. ${view.tooltip.clients}`}
        </span>
      )}
    </>
  );
}
