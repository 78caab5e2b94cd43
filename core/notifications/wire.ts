/**
 * Notifications as they cross the wire (spec 2 sections 3, 4 and 7): one definition for the server, the shell and the
 * plugins' web parts. No Node-only APIs here.
 */

export const CORE_EVENT_TYPES = [
  'SYNC_STARTED',
  'SYNC_IN_PROGRESS',
  'SYNC_COMPLETED',
  'SYNC_FAILED',
  'SYSTEM_ERROR',
  'SYSTEM_INFO',
  'SYSTEM_WARNING',
] as const;
export type CoreEventType = (typeof CORE_EVENT_TYPES)[number];
/** A core type, or one a plugin registers (upper snake case, e.g. `DSC_EXPIRING`). */
export type NotificationEventType = CoreEventType | (string & {});

export const NOTIFICATION_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

export const NOTIFICATION_STATUSES = ['unread', 'read'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export interface NotificationProgress {
  completed: number;
  total: number;
  step?: string;
  details?: string;
}

export interface FailedClient {
  clientName: string;
  error: string;
}

export interface NotificationMetadata {
  /** What kind of work the notification reports on, e.g. `GST`, `INCOME_TAX`, `CREDENTIAL_IMPORT`. */
  syncType?: string;
  /** Set when a later notification of the same work supersedes this one. */
  obsolete?: boolean;
  progress?: NotificationProgress;
  failedClients?: FailedClient[];
  /** The kind of record the notification is about, used by the batch list and stream filter. */
  entityType?: string;
  [key: string]: unknown;
}

export interface NotificationDto {
  id: string;
  eventType: NotificationEventType;
  title: string;
  message: string;
  priority: NotificationPriority;
  status: NotificationStatus;
  actionUrl: string | null;
  metadata: NotificationMetadata;
  createdAt: string;
}

/** `GET notifications`: a page, the total for the status filter, and the unread count of the whole workspace. */
export interface NotificationListResponse {
  notifications: NotificationDto[];
  count: number;
  unreadCount: number;
}

/** `GET notifications/batch` */
export interface NotificationBatchResponse {
  notifications: NotificationDto[];
}

/**
 * Data of the `notifications` server-sent event: the notifications raised or changed since the previous event (a
 * progress notification is sent again each time it moves on, one that is superseded again with `metadata.obsolete`),
 * so a list merges them by id. The first event of a new connection carries none, only the unread count. Events of new
 * or changed notifications have an `id:`; reconnecting with it (the `Last-Event-ID` header, or the `lastEventId` query
 * parameter for a new EventSource) first replays each notification changed since, once, one event each. A read, and
 * a new notification the stream's filter leaves out, come as events without an id that only move the unread count.
 */
export interface NotificationStreamEvent {
  notifications: NotificationDto[];
  unreadCount: number;
}

/** Data of the `batch-notifications` server-sent event: as `notifications`, for batch work only (those with a `syncType`). */
export interface BatchNotificationStreamEvent {
  notifications: NotificationDto[];
}

export const NOTIFICATION_STREAM_EVENT = 'notifications';
export const BATCH_NOTIFICATION_STREAM_EVENT = 'batch-notifications';

/** Sent just before the server ends a stream on purpose; after `logout`, `membership-removed` or `workspace-deleted` a reconnect is refused. */
export const NOTIFICATION_STREAM_END_EVENT = 'end';
export const NOTIFICATION_STREAM_END_REASONS = ['logout', 'session-expired', 'membership-removed', 'workspace-deleted', 'shutdown'] as const;
export type NotificationStreamEndReason = (typeof NOTIFICATION_STREAM_END_REASONS)[number];
export interface NotificationStreamEndEvent {
  reason: NotificationStreamEndReason;
}

/** Stream `mode`: every notification (`all`, the default) or only the SYNC_* ones (`sync`). */
export const NOTIFICATION_STREAM_MODES = ['all', 'sync'] as const;

export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_BELL_SIZE = 10;
export const NOTIFICATION_STREAM_RETRY_MS = 5_000;
export const NOTIFICATION_HEARTBEAT_MS = 15_000;
