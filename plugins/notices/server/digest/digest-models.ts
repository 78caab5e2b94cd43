import { WorkspaceScopedRow } from '../../../../core/plugin-api';

/** A member who asked for the daily notices digest of one workspace (their profile's switch). */
export class NoticeDigestSubscription extends WorkspaceScopedRow {
  static override tableName = 'notices_digest_subscriptions';
  static override idColumn = ['workspace_id', 'user_id'];
  userId!: number;
  createdAt!: Date;
}

/**
 * The day a member's digest was looked at. The row is claimed before the mail is queued, so a second worker running
 * the same day's job finds it taken; a day with nothing to tell keeps its row too, as "looked at, nothing new".
 */
export class NoticeDigestSent extends WorkspaceScopedRow {
  static override tableName = 'notices_digests_sent';
  static override idColumn = ['workspace_id', 'user_id', 'day'];
  userId!: number;
  /** `YYYY-MM-DD` in Asia/Kolkata. */
  day!: string;
  sentAt!: Date;
}
