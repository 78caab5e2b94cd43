import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  ApiError,
  apiV1,
  appPath,
  BATCH_NOTIFICATION_STREAM_EVENT,
  followEventStream,
  type BatchNotificationStreamEvent,
  type NotificationBatchResponse,
  type NotificationDto,
} from '@axal/web-sdk';
import { NOTICE_ENTITY, NOTICE_SYNC_ROUTES, SYNC_REFETCH_THROTTLE_MS, type RefreshResponse, type SyncStatusMessage } from '../shared/wire';
import { abortAfter } from './abort-after';
import {
  createThrottle,
  mergeSyncNotifications,
  SYNC_NOTIFICATIONS_KEPT,
  tellsOfCompletedSync,
  tellsOfFinishedSync,
} from './components/sync/sync-display';

/** spec 2 section 9: the batch list is given up on after 5 s. */
const BATCH_FETCH_TIMEOUT_MS = 5_000;

/** `POST notices/refresh` (spec 2 section 7): starts a portal sync of the workspace's clients. */
export function useRefreshNotices(workspaceId: string) {
  return useMutation({
    mutationFn: () => apiV1<RefreshResponse>(`/${NOTICE_SYNC_ROUTES.refresh}`, { method: 'POST', body: { workspaceExternalId: workspaceId } }),
  });
}

function streamUrl(path: string, query: Record<string, string>): string {
  const url = new URL(appPath(`/api/v1/${path}`), window.location.origin);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

export interface SyncStatusState {
  /** The latest word of `GET notices/sync-status`, or null while not connected. */
  message: SyncStatusMessage | null;
  /** When it arrived (ms since the epoch). */
  receivedAt: number | null;
}

const NO_STATUS: SyncStatusState = { message: null, receivedAt: null };

/** Follows `GET notices/sync-status` (spec 2 section 7) while `enabled`: whether a sync runs, and how far it got. */
export function useNoticeSyncStatus(workspaceId: string, enabled: boolean): SyncStatusState {
  const [state, setState] = useState<SyncStatusState & { workspaceId: string }>({ ...NO_STATUS, workspaceId });
  useEffect(() => {
    if (!enabled || !workspaceId) return undefined;
    return followEventStream(() => streamUrl(NOTICE_SYNC_ROUTES.syncStatus, { workspaceExternalId: workspaceId }), {
      events: {
        message: (event) => setState({ message: JSON.parse(event.data) as SyncStatusMessage, receivedAt: Date.now(), workspaceId }),
      },
      // Disconnected, the page cannot tell whether a sync runs: the button is usable (the server refuses a second run).
      onError: () => setState({ ...NO_STATUS, workspaceId }),
    });
  }, [workspaceId, enabled]);
  return enabled && state.workspaceId === workspaceId ? state : NO_STATUS;
}

/** `GET notifications/batch` of the workspace's notice syncs; none (a 404) or a failure is an empty list (spec 2 section 8). */
async function fetchSyncNotifications(workspaceId: string, signal: AbortSignal): Promise<NotificationDto[]> {
  const request = abortAfter(signal, BATCH_FETCH_TIMEOUT_MS);
  try {
    const { notifications } = await apiV1<NotificationBatchResponse>('/notifications/batch', {
      query: { workspaceId, entityType: NOTICE_ENTITY, limit: SYNC_NOTIFICATIONS_KEPT },
      signal: request.signal,
    });
    return notifications;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404) && !signal.aborted) console.warn('Could not read the notice sync notifications', error);
    return [];
  } finally {
    request.release();
  }
}

export interface SyncNotificationsState {
  /** The member's notice sync notifications, newest first, for the sync banner. */
  notifications: NotificationDto[];
  /** True until the first list is known ('Loading sync status...'). */
  loading: boolean;
  /** When the page last heard of a sync that ended (ms since the epoch), or null. */
  finishedSeenAt: number | null;
}

interface FeedState extends SyncNotificationsState {
  workspaceId: string;
}

const feedStart = (workspaceId: string): FeedState => ({ workspaceId, notifications: [], loading: true, finishedSeenAt: null });

/**
 * The notice sync notifications of the signed-in member, kept live through the batch stream while `enabled`, and
 * `onSyncCompleted` called on a completed sync at most once per SYNC_REFETCH_THROTTLE_MS (spec 2 section 4 "Notices
 * live refresh"). The list is read once the stream has started, so no notification falls between the two. The
 * stream's first event id is the member's latest notification sequence in the workspace: 0 means they have none
 * at all, and the list, which would answer 404 for none, is not asked.
 */
export function useNoticeSyncNotifications(workspaceId: string, enabled: boolean, onSyncCompleted: () => void): SyncNotificationsState {
  const [state, setState] = useState<FeedState>(() => feedStart(workspaceId));
  const onCompleted = useRef(onSyncCompleted);
  useEffect(() => {
    onCompleted.current = onSyncCompleted;
  });

  useEffect(() => {
    if (!enabled || !workspaceId) return undefined;
    const update = (change: (current: FeedState) => Partial<FeedState>) =>
      setState((current) => {
        const base = current.workspaceId === workspaceId ? current : feedStart(workspaceId);
        return { ...base, ...change(base) };
      });
    const controller = new AbortController();
    const refetch = createThrottle(() => onCompleted.current(), SYNC_REFETCH_THROTTLE_MS);
    let lastEventId = '';
    let listAsked = false;

    const readList = (memberHasNone: boolean) => {
      if (listAsked) return;
      listAsked = true;
      const list = memberHasNone ? Promise.resolve([]) : fetchSyncNotifications(workspaceId, controller.signal);
      void list.then((notifications) => {
        if (!controller.signal.aborted)
          update((current) => ({ notifications: mergeSyncNotifications(current.notifications, notifications, 'list'), loading: false }));
      });
    };

    const close = followEventStream(
      () => streamUrl('notifications/batch/stream', { workspaceId, entityType: NOTICE_ENTITY, ...(lastEventId ? { lastEventId } : {}) }),
      {
        events: {
          [BATCH_NOTIFICATION_STREAM_EVENT]: (event) => {
            if (event.lastEventId) lastEventId = event.lastEventId;
            readList(event.lastEventId === '0');
            const { notifications } = JSON.parse(event.data) as BatchNotificationStreamEvent;
            if (!notifications.length) return;
            const finished = tellsOfFinishedSync(notifications);
            update((current) => ({
              notifications: mergeSyncNotifications(current.notifications, notifications, 'stream'),
              finishedSeenAt: finished ? Date.now() : current.finishedSeenAt,
            }));
            if (tellsOfCompletedSync(notifications)) refetch.call();
          },
        },
        // The banner does not wait on a stream that cannot start: the list alone, until the stream comes back.
        onError: () => readList(false),
      },
    );
    return () => {
      controller.abort();
      refetch.cancel();
      close();
    };
  }, [workspaceId, enabled]);

  if (!enabled) return { notifications: [], loading: false, finishedSeenAt: null };
  return state.workspaceId === workspaceId ? state : feedStart(workspaceId);
}
