import { WorkspaceScopedModel } from '../plugin-api/base-model';
import type { NotificationDto, NotificationEventType, NotificationMetadata, NotificationPriority, NotificationStatus } from './wire';

/** One notification of one member. `syncType` and `entityType` are generated from the metadata by the database. */
export class Notification extends WorkspaceScopedModel {
  static override tableName = 'notifications';
  static override jsonAttributes = ['metadata'];
  userId!: number;
  eventType!: NotificationEventType;
  title!: string;
  message!: string;
  priority!: NotificationPriority;
  status!: NotificationStatus;
  actionUrl!: string | null;
  metadata!: NotificationMetadata;
  jobKey!: string | null;
  /** The id of the server-sent event that last carried this notification. */
  sequence!: number;
  readAt!: Date | null;
  syncType?: string | null;
  entityType?: string | null;

  toDto(): NotificationDto {
    return {
      id: this.externalId,
      eventType: this.eventType,
      title: this.title,
      message: this.message,
      priority: this.priority,
      status: this.status,
      actionUrl: this.actionUrl,
      metadata: this.metadata,
      createdAt: new Date(this.createdAt).toISOString(),
    };
  }
}
