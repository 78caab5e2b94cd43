import type { NextFunction, Request, Response } from 'express';
import { inject, injectable } from 'inversify';
import { SESSION_ENDED_EVENT, type SessionEndedEvent } from '../auth/session-registry';
import { HttpError } from '../platform/errors';
import { startEventStream } from '../platform/event-stream';
import type { EventBus } from '../platform/events';
import type { Logger } from '../platform/logger';
import { TOKENS } from '../platform/tokens';
import { MEMBERSHIP_REMOVED_EVENT, WORKSPACE_DELETED_EVENT } from '../workspaces/workspace-service';
import {
  matchesStreamFilter,
  NOTIFICATIONS_CHANGED_EVENT,
  type ChangedNotification,
  type NotificationService,
  type NotificationDelivery,
  type NotificationsChangedEvent,
  type StreamFilter,
} from './notification-service';
import {
  BATCH_NOTIFICATION_STREAM_EVENT,
  NOTIFICATION_HEARTBEAT_MS,
  NOTIFICATION_STREAM_END_EVENT,
  NOTIFICATION_STREAM_EVENT,
  NOTIFICATION_STREAM_RETRY_MS,
  type BatchNotificationStreamEvent,
  type NotificationStreamEndEvent,
  type NotificationStreamEndReason,
  type NotificationStreamEvent,
} from './wire';

export interface NotificationStreamSettings {
  heartbeatMs: number;
  retryMs: number;
  /** A client that lets this much pile up unread is cut off; it reconnects and replays from the database. */
  maxBufferedBytes: number;
}

export interface StreamRequest {
  userId: number;
  workspaceId: number;
  filter: StreamFilter;
  /** The id of the last event the client saw, when it reconnects. */
  lastEventId?: number;
}

const SHUTTING_DOWN = 'The server is shutting down. Please reconnect.';

function sseEvent(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

class StreamConnection {
  /** Sequences up to here were in the database when the stream started: a live event about them is old news. */
  baseline = 0;
  /** The id of the last event sent; never goes down, so a reconnect never asks for what it already has. */
  cursor = 0;
  /** Sequences sent by the replay, which the bus may still bring. */
  replayed: Set<number> | null = null;
  /** Deliveries heard while the stream was starting, sent once it has. */
  pending: NotificationDelivery[] | null = [];
  heartbeat: NodeJS.Timeout | null = null;
  ended = false;

  constructor(
    readonly res: Response,
    readonly request: StreamRequest,
    readonly sessionId: string,
    readonly sessionExpiresAt: number | undefined,
  ) {}
}

/**
 * The server-sent notification streams of this process. One subscription per topic on the event bus (so one Redis
 * connection) serves every stream; a notification raised in any process reaches the streams of its recipients here.
 */
@injectable()
export class NotificationStreams {
  /** Tests shorten the heartbeat; a change applies to streams opened afterwards. */
  readonly settings: NotificationStreamSettings = {
    heartbeatMs: NOTIFICATION_HEARTBEAT_MS,
    retryMs: NOTIFICATION_STREAM_RETRY_MS,
    maxBufferedBytes: 1024 * 1024,
  };
  private readonly byUser = new Map<number, Set<StreamConnection>>();
  private subscription: Promise<Array<() => Promise<void>>> | null = null;
  private closing = false;

  constructor(
    @inject(TOKENS.Notifications) private readonly notifications: NotificationService,
    @inject(TOKENS.Events) private readonly events: EventBus,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /** Open streams in this process. */
  get size(): number {
    let size = 0;
    for (const connections of this.byUser.values()) size += connections.size;
    return size;
  }

  async open(req: Request, res: Response, request: StreamRequest): Promise<void> {
    if (this.closing) throw new HttpError(503, SHUTTING_DOWN, undefined, { 'Retry-After': '5' });
    await this.subscribe();
    const connection = new StreamConnection(res, request, req.sessionID, req.session.absoluteExpiresAt);
    this.add(connection);
    res.on('close', () => this.end(connection));

    startEventStream(req, res, this.settings.retryMs);
    connection.heartbeat = setInterval(() => this.beat(connection), this.settings.heartbeatMs);
    connection.heartbeat.unref();

    try {
      if (request.lastEventId === undefined) await this.start(connection);
      else await this.replay(connection, request.lastEventId);
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'notification stream could not start');
      this.end(connection);
      return;
    }
    const pending = connection.pending ?? [];
    connection.pending = null;
    for (const delivery of pending) this.deliver(connection, delivery);
  }

  /** Ends every stream (the process is stopping) and leaves the event bus. */
  async close(): Promise<void> {
    this.closing = true;
    // Ending a stream deletes it from these collections, which a Map's or Set's iteration allows.
    for (const connections of this.byUser.values()) {
      for (const connection of connections) this.end(connection, 'shutdown');
    }
    const unsubscribes = await this.subscription?.catch(() => []);
    this.subscription = null;
    await Promise.all((unsubscribes ?? []).map((unsubscribe) => unsubscribe()));
  }

  /** Middleware for the sign-out route: once the session is gone, its streams everywhere end. */
  endStreamsOnSignOut() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const sessionId = req.sessionID;
      const userId = req.session?.userId;
      if (userId !== undefined) {
        res.on('finish', () => {
          if (res.statusCode >= 400) return;
          this.events.publish<SessionEndedEvent>(SESSION_ENDED_EVENT, { sessionId, userId }).catch((error: Error) => {
            this.logger.warn({ err: error.message }, 'sign-out could not be announced to notification streams');
          });
        });
      }
      next();
    };
  }

  private subscribe(): Promise<unknown> {
    this.subscription ??= Promise.all([
      this.events.subscribe<NotificationsChangedEvent>(NOTIFICATIONS_CHANGED_EVENT, (event) => this.onChanged(event)),
      this.events.subscribe<{ workspaceId: number; userId: number }>(MEMBERSHIP_REMOVED_EVENT, ({ workspaceId, userId }) =>
        this.endWhere(userId, (connection) => connection.request.workspaceId === workspaceId, 'membership-removed'),
      ),
      this.events.subscribe<{ workspaceId: number; userIds: number[] }>(WORKSPACE_DELETED_EVENT, ({ workspaceId, userIds }) => {
        for (const userId of userIds) this.endWhere(userId, (connection) => connection.request.workspaceId === workspaceId, 'workspace-deleted');
      }),
      this.events.subscribe<SessionEndedEvent>(SESSION_ENDED_EVENT, ({ sessionId, userId }) =>
        this.endWhere(userId, (connection) => connection.sessionId === sessionId, 'logout'),
      ),
    ]).catch((error: unknown) => {
      this.subscription = null;
      throw error;
    });
    return this.subscription;
  }

  private async start(connection: StreamConnection): Promise<void> {
    const { userId, workspaceId } = connection.request;
    const { lastSequence, unreadCount } = await this.notifications.streamStart(userId, workspaceId);
    connection.baseline = connection.cursor = lastSequence;
    this.sendNotifications(connection, [], unreadCount, lastSequence);
  }

  /** Every change the client missed, oldest first, one event each with its own id. */
  private async replay(connection: StreamConnection, lastEventId: number): Promise<void> {
    const { userId, workspaceId, filter } = connection.request;
    const { missed, unreadCount } = await this.notifications.missedSince(userId, workspaceId, lastEventId, filter);
    connection.baseline = connection.cursor = lastEventId;
    connection.replayed = new Set(missed.map((change) => change.sequence!));
    if (!missed.length) this.sendNotifications(connection, [], unreadCount, lastEventId);
    for (const change of missed) {
      connection.cursor = Math.max(connection.cursor, change.sequence!);
      this.sendNotifications(connection, [change], unreadCount, connection.cursor);
    }
  }

  private onChanged(event: NotificationsChangedEvent): void {
    for (const delivery of event.deliveries) {
      for (const connection of this.byUser.get(delivery.userId) ?? []) {
        if (connection.request.workspaceId !== event.workspaceId) continue;
        if (connection.pending) connection.pending.push(delivery);
        else this.deliver(connection, delivery);
      }
    }
  }

  private deliver(connection: StreamConnection, delivery: NotificationDelivery): void {
    const { filter } = connection.request;
    const fresh = delivery.notifications.filter(
      ({ sequence, notification }) =>
        (sequence === null ? !filter.batch : sequence > connection.baseline && !connection.replayed?.has(sequence)) &&
        matchesStreamFilter(notification, filter),
    );
    const sequences = fresh.flatMap((change) => (change.sequence === null ? [] : [change.sequence]));
    // An id only for what a replay could bring again; it never goes down, even for a late event of an earlier commit.
    const id = sequences.length ? Math.max(connection.cursor, ...sequences) : undefined;
    if (id !== undefined) connection.cursor = id;
    if (filter.batch && !fresh.length) return;
    this.sendNotifications(connection, fresh, delivery.unreadCount, id);
  }

  private sendNotifications(connection: StreamConnection, changes: ChangedNotification[], unreadCount: number, id?: number): void {
    const notifications = changes.map((change) => change.notification);
    const chunk = connection.request.filter.batch
      ? sseEvent(BATCH_NOTIFICATION_STREAM_EVENT, { notifications } satisfies BatchNotificationStreamEvent, id)
      : sseEvent(NOTIFICATION_STREAM_EVENT, { notifications, unreadCount } satisfies NotificationStreamEvent, id);
    this.send(connection, chunk);
  }

  private beat(connection: StreamConnection): void {
    if (connection.sessionExpiresAt !== undefined && connection.sessionExpiresAt < Date.now()) this.end(connection, 'session-expired');
    else this.send(connection, ': heartbeat\n\n');
  }

  private send(connection: StreamConnection, chunk: string): void {
    if (connection.ended) return;
    connection.res.write(chunk);
    if (connection.res.writableLength > this.settings.maxBufferedBytes) this.end(connection, 'too-slow');
  }

  private add(connection: StreamConnection): void {
    const { userId } = connection.request;
    let connections = this.byUser.get(userId);
    if (!connections) {
      connections = new Set();
      this.byUser.set(userId, connections);
    }
    connections.add(connection);
  }

  private endWhere(userId: number, matches: (connection: StreamConnection) => boolean, reason: NotificationStreamEndReason): void {
    for (const connection of this.byUser.get(userId) ?? []) {
      if (matches(connection)) this.end(connection, reason);
    }
  }

  private end(connection: StreamConnection, reason?: NotificationStreamEndReason | 'too-slow'): void {
    if (connection.ended) return;
    connection.ended = true;
    if (connection.heartbeat) clearInterval(connection.heartbeat);
    const { userId } = connection.request;
    const connections = this.byUser.get(userId);
    connections?.delete(connection);
    if (connections?.size === 0) this.byUser.delete(userId);
    const { res } = connection;
    if (res.writableEnded || res.destroyed) return;
    if (reason === 'too-slow') {
      res.destroy();
      return;
    }
    if (reason) res.write(sseEvent(NOTIFICATION_STREAM_END_EVENT, { reason } satisfies NotificationStreamEndEvent));
    res.end();
  }
}
