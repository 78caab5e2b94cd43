import type { NotificationDto } from '@axal/web-sdk';
import type { ToastContent } from '@axal/web-sdk/ui';
import { NOTICE_SYNC_TEXTS, PLATFORM_LABELS, SYNC_TOOLTIP_CLIENT_NAMES, type RefreshResponse, type SyncStatusMessage } from '../../../shared/wire';

type SyncDetails = NonNullable<SyncStatusMessage['syncDetails']>;

/** 'GST, Income Tax': the platforms as people name them; an unknown one as the server sent it. */
export const platformsText = (platforms: readonly string[]): string => platforms.map((platform) => PLATFORM_LABELS[platform] ?? platform).join(', ');

/** 'Sharma Traders, Verma Textiles, Rao Exports +2 more': at most three names, then how many are left out. */
export function clientNamesText(details: Pick<SyncDetails, 'clientNames' | 'clientCount'>): string {
  const shown = details.clientNames.slice(0, SYNC_TOOLTIP_CLIENT_NAMES);
  // The server may send fewer names than clients; the count is what the '+N more' is about.
  const more = Math.max(details.clientNames.length, details.clientCount) - shown.length;
  return more > 0 ? `${shown.join(', ')} ${NOTICE_SYNC_TEXTS.moreClients(more)}` : shown.join(', ');
}

export interface RefreshButtonView {
  text: string;
  /** True while a refresh is asked for or a sync runs: the button does nothing then. */
  busy: boolean;
  /** spec 2 section 2.9: the sentence, then the clients' names; null when no details are known. */
  tooltip: { summary: string; clients: string } | null;
}

/**
 * What the Refresh Notices button says (spec 2 section 2.9): 'Refreshing...' while the request runs, then
 * 'Syncing {n} client(s)...' with the progress tooltip while a sync runs ('Sync In Progress' when its details are not
 * known yet), else 'Refresh Notices'.
 */
export function refreshButtonView(state: { requesting: boolean; syncInProgress: boolean; details: SyncDetails | null }): RefreshButtonView {
  if (state.requesting) return { text: NOTICE_SYNC_TEXTS.refreshing, busy: true, tooltip: null };
  if (!state.syncInProgress) return { text: NOTICE_SYNC_TEXTS.refresh, busy: false, tooltip: null };
  const details = state.details;
  if (!details || details.clientCount <= 0) return { text: NOTICE_SYNC_TEXTS.inProgress, busy: true, tooltip: null };
  const percent = Math.min(Math.max(Math.round(details.progress), 0), 100);
  return {
    text: NOTICE_SYNC_TEXTS.syncing(details.clientCount),
    busy: true,
    tooltip: {
      summary: NOTICE_SYNC_TEXTS.tooltip(details.clientCount, platformsText(details.platforms), percent),
      clients: clientNamesText(details),
    },
  };
}

/** spec 2 section 8: 'Refresh Failed' with the server's reason, or 'Failed to refresh notices' when it gave none. */
export const refreshFailureToast = (reason: string | undefined): ToastContent => ({
  title: NOTICE_SYNC_TEXTS.refreshFailed,
  message: reason?.trim() || NOTICE_SYNC_TEXTS.refreshFailedText,
  intent: 'danger',
});

/** What the answer of `POST notices/refresh` tells the member: the start of the sync, or why it did not start. */
export const refreshAnswerToast = (answer: RefreshResponse): ToastContent =>
  answer.success ? { message: answer.message, intent: 'success' } : refreshFailureToast(answer.error);

/** How long a refresh the page asked for counts as a sync in progress when nothing says otherwise. */
export const SYNC_REQUEST_HOLD_MS = 15_000;
/**
 * The sync-status stream looks at the run about once a second: a "not running" it sends this long after the request
 * is about a run that has already ended, not one that has not been seen yet.
 */
export const SYNC_STATUS_SETTLE_MS = 3_000;

export interface SyncEvidence {
  /** When the page last heard from the sync-status stream (ms), and what it said. */
  statusAt: number | null;
  statusSaysRunning: boolean;
  /** When the page last heard of a finished sync (SYNC_COMPLETED or SYNC_FAILED) on the batch stream (ms). */
  finishedSeenAt: number | null;
}

/**
 * Whether the sync the page asked for at `requestedAt` still shows as in progress on the page's own account (spec 2
 * section 4: "after a refresh request the UI marks a sync as in progress"). The mark gives way once the sync-status
 * stream reports the run (it speaks for it from then on), once a finished sync is heard of, once the stream says
 * "not running" well after the request, or after SYNC_REQUEST_HOLD_MS at most.
 */
export function syncRequestStillShown(requestedAt: number | null, now: number, evidence: SyncEvidence): boolean {
  if (requestedAt === null || now - requestedAt >= SYNC_REQUEST_HOLD_MS) return false;
  if (evidence.finishedSeenAt !== null && evidence.finishedSeenAt >= requestedAt) return false;
  if (evidence.statusAt === null || evidence.statusAt < requestedAt) return true;
  if (evidence.statusSaysRunning) return false;
  return evidence.statusAt - requestedAt < SYNC_STATUS_SETTLE_MS;
}

export interface Throttle {
  /** Runs the action now, or once at the end of the current interval when it ran less than an interval ago. */
  call(): void;
  cancel(): void;
}

/**
 * At most one run of `action` per `intervalMs`; a call inside the interval is not lost but runs when it ends, so the
 * last of a burst of events is always acted on.
 */
export function createThrottle(action: () => void, intervalMs: number, now: () => number = Date.now): Throttle {
  let lastRun = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    lastRun = now();
    action();
  };
  return {
    call() {
      if (timer !== undefined) return;
      const wait = lastRun + intervalMs - now();
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** The sync notifications the page keeps for the banner: plenty for its choice, which looks at the newest ones. */
export const SYNC_NOTIFICATIONS_KEPT = 20;

const newestFirst = (a: NotificationDto, b: NotificationDto) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

/**
 * The banner's notifications after `incoming` arrived, newest first (a running sync's notification moves to its
 * latest report). What the stream brings is the latest word on a notification; what the list fetch brings only fills
 * in those the stream has not told of, since the list may have been read before the stream's news.
 */
export function mergeSyncNotifications(
  current: readonly NotificationDto[],
  incoming: readonly NotificationDto[],
  source: 'stream' | 'list',
): NotificationDto[] {
  const byId = new Map(current.map((notification) => [notification.id, notification]));
  for (const notification of incoming) {
    if (source === 'stream' || !byId.has(notification.id)) byId.set(notification.id, notification);
  }
  return [...byId.values()].sort(newestFirst).slice(0, SYNC_NOTIFICATIONS_KEPT);
}

/** Whether a batch of notifications tells of a sync that ended (completed, or failed for every client). */
export const tellsOfFinishedSync = (notifications: readonly NotificationDto[]): boolean =>
  notifications.some((notification) => notification.eventType === 'SYNC_COMPLETED' || notification.eventType === 'SYNC_FAILED');

/** Whether a batch of notifications tells of a completed sync: the notices list may have new rows (spec 2 section 4). */
export const tellsOfCompletedSync = (notifications: readonly NotificationDto[]): boolean =>
  notifications.some((notification) => notification.eventType === 'SYNC_COMPLETED');
