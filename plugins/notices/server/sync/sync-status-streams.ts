import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Request, Response } from 'express';
import { inject, injectable } from 'inversify';
import {
  NOTIFICATION_STREAM_END_EVENT,
  SESSION_ENDED_EVENT,
  startEventStream,
  TOKENS,
  type EventBus,
  type Logger,
  type NotificationStreamEndEvent,
  type NotificationStreamEndReason,
  type SessionEndedEvent,
  type WorkspaceDirectory,
} from '../../../../core/plugin-api';
import type { SyncStatusMessage } from '../../shared/wire';
import { NOTICE_SYNC_CHANGED_EVENT, type SyncChangedEvent } from './notice-sync';
import { runningRun, type NoticeSyncRun } from './sync-runs';

export interface SyncStatusStreamSettings {
  /** How often a stream looks for changes the event bus announced, and for the server closing. */
  tickMs: number;
  /**
   * A `: heartbeat` comment this often; then the run is also read again (in case an announcement was lost), the
   * member's membership and role checked again, and the session's absolute expiry.
   */
  heartbeatMs: number;
  retryMs: number;
}

interface StatusStream {
  res: Response;
  workspaceId: number;
  userExternalId: string;
  /** CLIENT members learn only whether a sync runs: the details name the firm's other clients. */
  seesDetails: boolean;
  /** The member's session: the stream ends with it. */
  sessionId: string;
  sessionExpiresAt: number | undefined;
  lastSent: string | null;
  /** The HTTP server the stream came through: once it stops listening the host is shutting down. */
  server: Server | undefined;
  heartbeat: NodeJS.Timeout;
  ended: boolean;
}

function syncStatusOf(run: NoticeSyncRun | undefined, seesDetails: boolean): SyncStatusMessage {
  if (!run) return { connected: true, syncInProgress: false, syncDetails: null };
  return {
    connected: true,
    syncInProgress: true,
    syncDetails: seesDetails
      ? {
          clientCount: run.clientNames.length,
          progress: Math.floor((run.completedCount * 100) / Math.max(run.clientCount, 1)),
          platforms: run.platforms,
          clientNames: run.clientNames,
        }
      : null,
  };
}

/**
 * `GET notices/sync-status` (spec 2 section 7): a server-sent stream per member on the notices page. The first message
 * says whether a sync runs; another follows each change of the running run. Changes are announced on the event bus by
 * whichever process made them (see NoticeSync.announce); this process then reads the run once per workspace for all
 * its streams, at most once a tick. A stream ends when its client goes, and within a tick of the host stopping; it
 * ends with the core's named `end` event, and its reasons, when the member's session ends (sign-out, expiry) or they
 * leave the workspace, so the web stops reconnecting, as the core's notification streams do.
 */
@injectable()
export class SyncStatusStreams {
  /** Tests shorten these; a change applies to streams opened afterwards. */
  readonly settings: SyncStatusStreamSettings = { tickMs: 1_000, heartbeatMs: 15_000, retryMs: 5_000 };
  private readonly byWorkspace = new Map<number, Set<StatusStream>>();
  private readonly changed = new Set<number>();
  private subscription: Promise<unknown> | null = null;
  private ticker: NodeJS.Timeout | null = null;

  constructor(
    @inject(TOKENS.Events) private readonly events: EventBus,
    @inject(TOKENS.Workspaces) private readonly workspaces: WorkspaceDirectory,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /** Open streams in this process. */
  get size(): number {
    let size = 0;
    for (const streams of this.byWorkspace.values()) size += streams.size;
    return size;
  }

  async open(
    req: Request,
    res: Response,
    { workspaceId, userExternalId, seesDetails }: { workspaceId: number; userExternalId: string; seesDetails: boolean },
  ): Promise<void> {
    await this.subscribe();
    // A client that went while the gates or the subscription were awaited has closed already: no 'close' will come.
    if (req.socket.destroyed) return;
    const stream: StatusStream = {
      res,
      workspaceId,
      userExternalId,
      seesDetails,
      sessionId: req.sessionID,
      sessionExpiresAt: req.session.absoluteExpiresAt,
      lastSent: null,
      // Node puts the accepting server on each socket it accepts; a plugin has no other word of the host stopping.
      server: (req.socket as Socket & { server?: Server }).server,
      heartbeat: setInterval(() => void this.beat(stream), this.settings.heartbeatMs),
      ended: false,
    };
    stream.heartbeat.unref();
    this.add(stream);
    res.on('close', () => this.end(stream));
    startEventStream(req, res, this.settings.retryMs);
    try {
      this.send(stream, await runningRun(workspaceId));
    } catch (error) {
      this.logger.warn({ workspaceId, err: (error as Error).message }, 'a sync-status stream could not start');
      this.end(stream);
    }
  }

  private subscribe(): Promise<unknown> {
    this.subscription ??= Promise.all([
      this.events.subscribe<SyncChangedEvent>(NOTICE_SYNC_CHANGED_EVENT, ({ workspaceId }) => {
        if (this.byWorkspace.has(workspaceId)) this.changed.add(workspaceId);
      }),
      this.events.subscribe<SessionEndedEvent>(SESSION_ENDED_EVENT, ({ sessionId }) =>
        this.endWhere((stream) => stream.sessionId === sessionId, 'logout'),
      ),
    ]).catch((error: unknown) => {
      this.subscription = null;
      throw error;
    });
    return this.subscription;
  }

  private add(stream: StatusStream): void {
    let streams = this.byWorkspace.get(stream.workspaceId);
    if (!streams) {
      streams = new Set();
      this.byWorkspace.set(stream.workspaceId, streams);
    }
    streams.add(stream);
    if (!this.ticker) {
      this.ticker = setInterval(() => void this.tick(), this.settings.tickMs);
      this.ticker.unref();
    }
  }

  private async tick(): Promise<void> {
    this.endWhere((stream) => stream.server !== undefined && !stream.server.listening, 'shutdown');
    const due = [...this.changed];
    this.changed.clear();
    await Promise.all(due.map((workspaceId) => this.refresh(workspaceId)));
  }

  private async refresh(workspaceId: number): Promise<void> {
    const streams = this.byWorkspace.get(workspaceId);
    if (!streams?.size) return;
    try {
      const run = await runningRun(workspaceId);
      for (const stream of streams) this.send(stream, run);
    } catch (error) {
      // Read again at the next heartbeat.
      this.logger.warn({ workspaceId, err: (error as Error).message }, 'the sync status could not be read');
    }
  }

  /** Sends the status when it differs from the last one sent. */
  private send(stream: StatusStream, run: NoticeSyncRun | undefined): void {
    const message = JSON.stringify(syncStatusOf(run, stream.seesDetails));
    if (message === stream.lastSent || stream.ended) return;
    stream.lastSent = message;
    stream.res.write(`data: ${message}\n\n`);
  }

  /** A member whose session has expired or who was removed from the workspace hears no more; one whose role changed hears what the new role may. */
  private async beat(stream: StatusStream): Promise<void> {
    if (stream.ended) return;
    if (stream.sessionExpiresAt !== undefined && stream.sessionExpiresAt < Date.now()) {
      this.end(stream, 'session-expired');
      return;
    }
    stream.res.write(': heartbeat\n\n');
    const member = await this.workspaces.memberByExternalId(stream.workspaceId, stream.userExternalId).catch(() => undefined);
    if (member === null) {
      this.end(stream, 'membership-removed');
      return;
    }
    if (member) stream.seesDetails = member.role !== 'CLIENT';
    this.changed.add(stream.workspaceId);
  }

  private endWhere(matches: (stream: StatusStream) => boolean, reason: NotificationStreamEndReason): void {
    // Ending a stream deletes it from these collections, which a Map's or Set's iteration allows.
    for (const streams of this.byWorkspace.values()) {
      for (const stream of streams) if (matches(stream)) this.end(stream, reason);
    }
  }

  /** With a reason, the client hears why first (`end`), and reconnects only after a shutdown. */
  private end(stream: StatusStream, reason?: NotificationStreamEndReason): void {
    if (stream.ended) return;
    stream.ended = true;
    clearInterval(stream.heartbeat);
    const streams = this.byWorkspace.get(stream.workspaceId);
    streams?.delete(stream);
    if (streams?.size === 0) this.byWorkspace.delete(stream.workspaceId);
    if (!this.byWorkspace.size && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
    const { res } = stream;
    if (res.writableEnded || res.destroyed) return;
    if (reason) res.write(`event: ${NOTIFICATION_STREAM_END_EVENT}\ndata: ${JSON.stringify({ reason } satisfies NotificationStreamEndEvent)}\n\n`);
    res.end();
  }
}
