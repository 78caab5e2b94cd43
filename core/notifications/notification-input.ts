import type { Role } from '../platform/identity';
import type { NotificationEventType, NotificationMetadata, NotificationPriority } from './wire';

export interface NotificationInput {
  eventType: NotificationEventType;
  title: string;
  message: string;
  priority?: NotificationPriority;
  /** An app path (with the base path, e.g. `/axal/w/{id}/clients`) the notification leads to. */
  actionUrl?: string | null;
  metadata?: NotificationMetadata;
}

/** Who in the workspace receives a notification; only current members ever do. */
export type NotificationAudience =
  { userId: number } | { userIds: readonly number[] } | { allMembers: true } | { roles: readonly Role[] } | { permission: string };
