import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { raw } from 'objection';
import { PluginLoadError } from '../plugins/plugin-discovery';
import type { PluginRegistry } from '../plugins/plugin-registry';
import { notFound } from '../platform/errors';
import { notificationEventTypesPoint } from '../plugin-api/extension-points';
import type { EventBus } from '../platform/events';
import { ROLES } from '../platform/identity';
import type { Logger } from '../platform/logger';
import type { JobContext } from '../platform/queue';
import { TOKENS } from '../platform/tokens';
import type { PermissionService } from '../workspaces/permissions';
import { JobProgressNotification, type JobProgressOptions } from './job-progress';
import { Notification } from './models';
import type { NotificationAudience, NotificationInput } from './notification-input';
import type { NotificationBatchQuery, NotificationListQuery, NotificationStreamQuery } from './schemas';
import { CORE_EVENT_TYPES, NOTIFICATION_PRIORITIES, type NotificationDto, type NotificationListResponse } from './wire';

export const NOTIFICATIONS_CHANGED_EVENT = 'notifications.changed';
export const NOTIFICATION_NOT_FOUND = 'Notification not found';
export const NO_BATCH_NOTIFICATIONS = 'No notifications found';
/** A stream that comes back after a long time gets the latest changes it missed, up to this many. */
export const MAX_REPLAYED_NOTIFICATIONS = 500;

const EVENT_TYPE_PATTERN = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;
/** First key of the advisory lock that orders the notification writes of one workspace. */
const WRITE_LOCK_NAMESPACE = 0x4e4f54;
const NEXT_SEQUENCE = "nextval('notification_sequence')";

export type { NotificationAudience, NotificationInput };

export interface RaiseOptions {
  /** Raise within this (outermost) transaction: the rows commit with it, and streams hear of them once it has. */
  trx?: Knex.Transaction;
  exceptUserIds?: readonly number[];
}

/** A notification as the event bus carries it; `sequence` is null for a change streams do not replay (a read). */
export interface ChangedNotification {
  sequence: number | null;
  notification: NotificationDto;
}

export interface NotificationDelivery {
  userId: number;
  unreadCount: number;
  notifications: ChangedNotification[];
}

export interface NotificationsChangedEvent {
  workspaceId: number;
  deliveries: NotificationDelivery[];
}

/** Which notifications a stream carries: all, or batch work only; optionally SYNC_* only and of one entity type. */
export interface StreamFilter extends Pick<NotificationStreamQuery, 'mode' | 'entityType'> {
  batch: boolean;
}

export function matchesStreamFilter(notification: NotificationDto, filter: StreamFilter): boolean {
  if (filter.batch && typeof notification.metadata.syncType !== 'string') return false;
  if (filter.mode === 'sync' && !notification.eventType.startsWith('SYNC_')) return false;
  return !filter.entityType || notification.metadata.entityType === filter.entityType;
}

/**
 * Notifications (spec 2 sections 3, 4, 7): raised by the core, plugins and jobs for one member or a workspace
 * audience, read and marked by their owner only, and announced on the event bus so the streams of every web
 * process hear of them.
 */
@injectable()
export class NotificationService {
  private readonly eventTypes = new Set<string>(CORE_EVENT_TYPES);

  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Events) private readonly events: EventBus,
    @inject(TOKENS.Permissions) private readonly permissions: PermissionService,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(TOKENS.PluginRegistry) registry: PluginRegistry,
  ) {
    for (const { pluginId, value } of registry.contributions(notificationEventTypesPoint)) {
      for (const eventType of value) {
        if (!EVENT_TYPE_PATTERN.test(eventType))
          throw new PluginLoadError([`Plugin ${pluginId}: notification event type "${eventType}" is not upper snake case`]);
        this.eventTypes.add(eventType);
      }
    }
  }

  /** For event types decided at run time; plugins normally declare theirs in `contributes.notificationEventTypes`. */
  registerEventType(eventType: string): void {
    if (!EVENT_TYPE_PATTERN.test(eventType)) throw new Error(`Notification event type "${eventType}" is not upper snake case`);
    this.eventTypes.add(eventType);
  }

  /** Raises one notification for each member of the audience; returns nothing when the audience is empty. */
  async raise(workspaceId: number, audience: NotificationAudience, input: NotificationInput, options: RaiseOptions = {}): Promise<NotificationDto[]> {
    this.assertValid(input);
    const created = await this.write(workspaceId, options.trx, (trx) =>
      this.insert(trx, workspaceId, this.recipients(trx, workspaceId, audience, options.exceptUserIds), input, null),
    );
    return created.map((notification) => notification.toDto());
  }

  /** For producers whose own work must not fail because a notification could not be raised: the failure is logged. */
  async raiseBestEffort(workspaceId: number, audience: NotificationAudience, input: NotificationInput, options: RaiseOptions = {}): Promise<void> {
    try {
      await this.raise(workspaceId, audience, input, options);
    } catch (error) {
      this.logger.warn({ err: (error as Error).message, workspaceId, eventType: input.eventType }, 'notification could not be raised');
    }
  }

  /**
   * The notification a job keeps up to date as it goes (started, in progress, completed or failed). With the job's
   * context, each progress report also reaches the queue.
   */
  forJob(options: JobProgressOptions, context?: Pick<JobContext, 'reportProgress'>): JobProgressNotification {
    return new JobProgressNotification(this, options, context);
  }

  async list(userId: number, workspaceId: number, query: NotificationListQuery): Promise<NotificationListResponse> {
    const owned = () => Notification.query(this.knex).where({ user_id: userId, workspace_id: workspaceId });
    const [page, counts] = await Promise.all([
      owned()
        .modify((builder) => {
          if (query.status) builder.where('status', query.status);
        })
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(query.limit)
        .offset(query.offset),
      this.counts(this.knex, userId, workspaceId),
    ]);
    const count = query.status === 'unread' ? counts.unread : query.status === 'read' ? counts.total - counts.unread : counts.total;
    return { notifications: page.map((notification) => notification.toDto()), count, unreadCount: counts.unread };
  }

  /** Notifications about batch work (those with a `syncType`), newest first; none is a 404 (spec 2 section 7). */
  async batch(userId: number, workspaceId: number, query: NotificationBatchQuery): Promise<NotificationDto[]> {
    const rows = await Notification.query(this.knex)
      .where({ user_id: userId, workspace_id: workspaceId })
      .whereNotNull('sync_type')
      .modify((builder) => {
        if (query.entityType) builder.where('entity_type', query.entityType);
      })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(query.limit);
    if (!rows.length) throw notFound(NO_BATCH_NOTIFICATIONS);
    return rows.map((notification) => notification.toDto());
  }

  /** Marks the owner's notification read; one already read changes nothing, so the unread count falls by one at most. */
  async markRead(userId: number, workspaceId: number, externalId: string): Promise<{ notification: NotificationDto; unreadCount: number }> {
    const owned = () => Notification.query(this.knex).where({ user_id: userId, workspace_id: workspaceId, external_id: externalId });
    const [marked] = await owned().where('status', 'unread').patch({ status: 'read', readAt: new Date() }).returning('*');
    const notification = marked ?? (await owned().first());
    if (!notification) throw notFound(NOTIFICATION_NOT_FOUND);
    const { unread } = await this.counts(this.knex, userId, workspaceId);
    if (marked) {
      await this.publish({
        workspaceId,
        deliveries: [{ userId, unreadCount: unread, notifications: [{ sequence: null, notification: marked.toDto() }] }],
      });
    }
    return { notification: notification.toDto(), unreadCount: unread };
  }

  /** Marks every unread notification of the owner in the workspace read; with none unread nothing changes at all. */
  async markAllRead(userId: number, workspaceId: number): Promise<{ updated: number; unreadCount: number }> {
    const updated = await Notification.query(this.knex)
      .where({ user_id: userId, workspace_id: workspaceId, status: 'unread' })
      .patch({ status: 'read', readAt: new Date() });
    if (updated) await this.publish({ workspaceId, deliveries: [{ userId, unreadCount: 0, notifications: [] }] });
    return { updated, unreadCount: 0 };
  }

  /** Where a new stream starts: the latest sequence of the member's notifications, and their unread count. */
  async streamStart(userId: number, workspaceId: number): Promise<{ lastSequence: number; unreadCount: number }> {
    const row = await this.knex('notifications')
      .where({ user_id: userId, workspace_id: workspaceId })
      .first(this.knex.raw('coalesce(max(sequence), 0) as last_sequence'), this.knex.raw(`count(*) filter (where status = 'unread') as unread`));
    return { lastSequence: Number(row.last_sequence), unreadCount: Number(row.unread) };
  }

  /** What a stream that saw up to `afterSequence` missed, oldest first, at most MAX_REPLAYED_NOTIFICATIONS. */
  async missedSince(
    userId: number,
    workspaceId: number,
    afterSequence: number,
    filter: StreamFilter,
  ): Promise<{ missed: ChangedNotification[]; unreadCount: number }> {
    const [rows, counts] = await Promise.all([
      Notification.query(this.knex)
        .where({ user_id: userId, workspace_id: workspaceId })
        .where('sequence', '>', afterSequence)
        .modify((builder) => {
          if (filter.batch) builder.whereNotNull('sync_type');
          if (filter.mode === 'sync') builder.where('event_type', 'like', 'SYNC\\_%');
          if (filter.entityType) builder.where('entity_type', filter.entityType);
        })
        .orderBy('sequence', 'desc')
        .limit(MAX_REPLAYED_NOTIFICATIONS),
      this.counts(this.knex, userId, workspaceId),
    ]);
    const missed = rows.reverse().map((row) => ({ sequence: row.sequence, notification: row.toDto() }));
    return { missed, unreadCount: counts.unread };
  }

  /**
   * A stage of a job's notification (see JobProgressNotification). A new stage supersedes every earlier notification
   * of the job; an in-place one updates the job's current notification of its type, and starts one if there is none.
   */
  async recordJobStage(
    job: JobProgressOptions,
    input: NotificationInput,
    { inPlace, trx }: { inPlace: boolean; trx?: Knex.Transaction },
  ): Promise<NotificationDto[]> {
    this.assertValid(input);
    const written: Notification[] = [];
    await this.write(job.workspaceId, trx, async (transaction) => {
      if (inPlace) written.push(...(await this.advance(transaction, job.workspaceId, job.jobKey, input)));
      if (written.length) return written;
      written.push(
        ...(await this.insert(transaction, job.workspaceId, this.recipients(transaction, job.workspaceId, job.audience), input, job.jobKey)),
      );
      const superseded = await this.supersede(
        transaction,
        job.workspaceId,
        job.jobKey,
        written.map((notification) => notification.id),
      );
      return [...written, ...superseded];
    });
    return written.map((notification) => notification.toDto());
  }

  /**
   * Runs a change of the workspace's notifications in the caller's transaction or its own, and publishes the rows
   * it returns once committed. The workspace row is share-locked before the advisory lock (the order every writer
   * takes them in, as inserting already takes the first), so the writes of one workspace commit in the order of their
   * sequences and a stream never sees a later event before an earlier one.
   */
  private async write(
    workspaceId: number,
    trx: Knex.Transaction | undefined,
    change: (trx: Knex.Transaction) => Promise<Notification[]>,
  ): Promise<Notification[]> {
    const run = async (transaction: Knex.Transaction) => {
      await transaction.raw('select 1 from workspaces where id = ? for key share', [workspaceId]);
      await transaction.raw('select pg_advisory_xact_lock(?, ?)', [WRITE_LOCK_NAMESPACE, workspaceId % 2_147_483_647]);
      const changed = await change(transaction);
      return { changed, event: changed.length ? await this.changedEvent(transaction, workspaceId, changed) : null };
    };
    if (trx) {
      const { changed, event } = await run(trx);
      if (event)
        trx.executionPromise.then(
          () => this.publish(event),
          () => undefined,
        );
      return changed;
    }
    const { changed, event } = await this.knex.transaction(run);
    if (event) await this.publish(event);
    return changed;
  }

  /** One statement for the whole audience: a workspace-wide notification costs one round trip however many members. */
  private async insert(
    trx: Knex.Transaction,
    workspaceId: number,
    recipients: Knex.QueryBuilder,
    input: NotificationInput,
    jobKey: string | null,
  ): Promise<Notification[]> {
    const metadata = { ...input.metadata };
    if (typeof metadata.entityType === 'string') metadata.entityType = metadata.entityType.toUpperCase();
    const { rows } = await trx.raw(
      `insert into notifications (external_id, workspace_id, user_id, event_type, title, message, priority, action_url, metadata, job_key)
       select gen_random_uuid(), ?, recipient.user_id, ?, ?, ?, ?, ?, ?::jsonb, ? from (?) as recipient returning *`,
      [
        workspaceId,
        input.eventType,
        input.title,
        input.message,
        input.priority ?? 'medium',
        input.actionUrl ?? null,
        JSON.stringify(metadata),
        jobKey,
        recipients,
      ],
    );
    return (rows as Record<string, unknown>[]).map((row) => Notification.fromDatabaseJson(row));
  }

  /** Flags every notification of the job but `keep` obsolete, as a change streams hear of. */
  private async supersede(trx: Knex.Transaction, workspaceId: number, jobKey: string, keep: readonly number[]): Promise<Notification[]> {
    return Notification.query(trx)
      .where({ workspace_id: workspaceId, job_key: jobKey })
      .whereNotIn('id', keep)
      .whereRaw(`not coalesce((metadata->>'obsolete')::boolean, false)`)
      .patch({ metadata: raw(`metadata || '{"obsolete": true}'::jsonb`), sequence: raw(NEXT_SEQUENCE) } as never)
      .returning('*') as unknown as Promise<Notification[]>;
  }

  /** Updates the job's current notifications of the input's type in place, as a change streams hear of. */
  private async advance(trx: Knex.Transaction, workspaceId: number, jobKey: string, input: NotificationInput): Promise<Notification[]> {
    return Notification.query(trx)
      .where({ workspace_id: workspaceId, job_key: jobKey, event_type: input.eventType })
      .whereRaw(`not coalesce((metadata->>'obsolete')::boolean, false)`)
      .patch({
        title: input.title,
        message: input.message,
        priority: input.priority ?? 'medium',
        actionUrl: input.actionUrl ?? null,
        metadata: input.metadata ?? {},
        sequence: raw(NEXT_SEQUENCE),
        // The time of its latest report: the sync banner's 15-minute window counts from the last sign of life.
        createdAt: new Date(),
      } as never)
      .returning('*') as unknown as Promise<Notification[]>;
  }

  /** The members the audience names, as a query of their user ids. */
  private recipients(
    trx: Knex.Transaction,
    workspaceId: number,
    audience: NotificationAudience,
    exceptUserIds: readonly number[] = [],
  ): Knex.QueryBuilder {
    const query = trx('workspace_members').where({ workspace_id: workspaceId }).select('user_id');
    if ('userId' in audience) query.where('user_id', audience.userId);
    else if ('userIds' in audience) query.whereIn('user_id', [...audience.userIds]);
    else if ('roles' in audience) query.whereIn('role', [...audience.roles]);
    else if ('permission' in audience)
      query.whereIn(
        'role',
        ROLES.filter((role) => this.permissions.can(role, audience.permission)),
      );
    if (exceptUserIds.length) query.whereNotIn('user_id', [...exceptUserIds]);
    return query;
  }

  private assertValid(input: NotificationInput): void {
    if (!this.eventTypes.has(input.eventType)) throw new Error(`Unknown notification event type "${input.eventType}": register it first`);
    if (input.priority && !NOTIFICATION_PRIORITIES.includes(input.priority)) throw new Error(`Unknown notification priority "${input.priority}"`);
    if (!input.title.trim() || !input.message.trim()) throw new Error('A notification needs a title and a message');
  }

  private async counts(db: Knex | Knex.Transaction, userId: number, workspaceId: number): Promise<{ total: number; unread: number }> {
    const row = await db('notifications')
      .where({ user_id: userId, workspace_id: workspaceId })
      .first(db.raw('count(*) as total'), db.raw(`count(*) filter (where status = 'unread') as unread`));
    return { total: Number(row.total), unread: Number(row.unread) };
  }

  private async changedEvent(trx: Knex.Transaction, workspaceId: number, changed: Notification[]): Promise<NotificationsChangedEvent> {
    const byUser = new Map<number, ChangedNotification[]>();
    // Newest first, as lists show them.
    const newestFirst = (a: Notification, b: Notification) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() || b.id - a.id;
    for (const notification of [...changed].sort(newestFirst)) {
      const list = byUser.get(notification.userId) ?? [];
      list.push({ sequence: notification.sequence, notification: notification.toDto() });
      byUser.set(notification.userId, list);
    }
    const unread: { user_id: number; count: number }[] = await trx('notifications')
      .where({ workspace_id: workspaceId, status: 'unread' })
      .whereIn('user_id', [...byUser.keys()])
      .groupBy('user_id')
      .select('user_id', trx.raw('count(*)::int as count'));
    const unreadOf = new Map(unread.map((row) => [row.user_id, row.count]));
    return {
      workspaceId,
      deliveries: [...byUser].map(([userId, notifications]) => ({ userId, unreadCount: unreadOf.get(userId) ?? 0, notifications })),
    };
  }

  /** Live delivery is best effort: what a stream misses while the bus is down it replays from the database on reconnect. */
  private async publish(event: NotificationsChangedEvent): Promise<void> {
    try {
      await this.events.publish(NOTIFICATIONS_CHANGED_EVENT, event);
    } catch (error) {
      this.logger.warn({ err: (error as Error).message, workspaceId: event.workspaceId }, 'notification change could not be published');
    }
  }
}
