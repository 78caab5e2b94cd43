import type { FailedClient, NotificationDto } from '../../notifications/wire';
import { formatRelativeTime } from './format';

const MINUTE_MS = 60_000;
/** A started or running sync that has said nothing for longer than this is taken to have stalled (spec 2 section 9). */
export const SYNC_IN_PROGRESS_WINDOW_MS = 15 * MINUTE_MS;
/** How long a finished sync, completed or failed, stays on the banner. */
export const SYNC_FINISHED_WINDOW_MS = 60 * MINUTE_MS;
export const FAILED_CLIENTS_SHOWN = 3;
/** The width of the progress bar while a sync has not reported how far it got. */
export const DEFAULT_SYNC_PROGRESS = 0.25;

const IN_PROGRESS_TYPES = new Set(['SYNC_STARTED', 'SYNC_IN_PROGRESS']);
const INVALID_CREDENTIALS = /invalid[\s_-]*credentials/i;

export type SyncBannerTone = 'in-progress' | 'completed' | 'failed' | 'other';

export interface FailedClientLine {
  clientName: string;
  invalidCredentials: boolean;
}

export interface SyncBannerModel {
  notification: NotificationDto;
  tone: SyncBannerTone;
  /** From 0 to 1; set only for a sync in progress. */
  progress: number | null;
  failedClients: FailedClientLine[];
  /** How many failed clients are left out of the list ('+ N more'). */
  moreFailedClients: number;
  ageLabel: string;
}

const ageOf = (notification: NotificationDto, now: Date) => now.getTime() - new Date(notification.createdAt).getTime();

/**
 * Which notification the sync banner shows (spec 2 section 4): a started or running sync no more than 15 minutes old
 * and not made obsolete by a later one; else a completed sync under 60 minutes old; else a failed one under 60
 * minutes old; else the first notification. The list is taken in the order given, newest first from the server.
 */
export function selectSyncNotification(notifications: readonly NotificationDto[], now: Date = new Date()): NotificationDto | null {
  const running = notifications.find(
    (notification) =>
      IN_PROGRESS_TYPES.has(notification.eventType) && !notification.metadata.obsolete && ageOf(notification, now) <= SYNC_IN_PROGRESS_WINDOW_MS,
  );
  const finished = (eventType: string) =>
    notifications.find((notification) => notification.eventType === eventType && ageOf(notification, now) < SYNC_FINISHED_WINDOW_MS);
  return running ?? finished('SYNC_COMPLETED') ?? finished('SYNC_FAILED') ?? notifications[0] ?? null;
}

export function syncBannerTone(notification: NotificationDto): SyncBannerTone {
  if (IN_PROGRESS_TYPES.has(notification.eventType)) return 'in-progress';
  if (notification.eventType === 'SYNC_COMPLETED') return 'completed';
  if (notification.eventType === 'SYNC_FAILED') return 'failed';
  return 'other';
}

function progressOf(notification: NotificationDto): number {
  const progress = notification.metadata.progress;
  if (!progress || !(progress.total > 0) || !Number.isFinite(progress.completed)) return DEFAULT_SYNC_PROGRESS;
  return Math.min(Math.max(progress.completed / progress.total, 0), 1);
}

const failedClientLine = ({ clientName, error }: FailedClient): FailedClientLine => ({
  clientName,
  invalidCredentials: INVALID_CREDENTIALS.test(error ?? ''),
});

/** Everything the banner draws for one notification, so the component only lays it out. */
export function syncBannerModel(notification: NotificationDto, now: Date = new Date()): SyncBannerModel {
  const tone = syncBannerTone(notification);
  const failed = tone === 'failed' || tone === 'completed' ? (notification.metadata.failedClients ?? []) : [];
  return {
    notification,
    tone,
    progress: tone === 'in-progress' ? progressOf(notification) : null,
    failedClients: failed.slice(0, FAILED_CLIENTS_SHOWN).map(failedClientLine),
    moreFailedClients: Math.max(failed.length - FAILED_CLIENTS_SHOWN, 0),
    ageLabel: formatRelativeTime(notification.createdAt, now),
  };
}
