import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import {
  TOKENS,
  type ActivityService,
  type ClientDirectory,
  type Config,
  type Contributions,
  type EventBus,
  type Logger,
  type NotificationService,
  type PluginSettings,
  type QueueService,
  type WorkspaceRef,
} from '../../../../core/plugin-api';
import { NOTICE_SYNC_MESSAGES, type RefreshResponse } from '../../shared/wire';
import { NOTICE_SOURCE_PLATFORMS, noticeSourcesPoint, type NoticeSource, type NoticeSourcePlatform } from '../tokens';
import { SyncNotifications } from './sync-notifications';
import { abandonStaleRun, failRun, insertRun, runningRun, type NoticeSyncRun, type SyncTrigger } from './sync-runs';

export const SYNC_CLIENT_JOB = 'syncClient';
const SYNC_CLIENT_QUEUE = `notices.${SYNC_CLIENT_JOB}`;
/** Published on the event bus after every change of a run that the sync-status streams show. */
export const NOTICE_SYNC_CHANGED_EVENT = 'notices.sync.changed';

export interface SyncClientPayload {
  workspaceId: number;
  runId: number;
  clientId: number;
  platform: NoticeSourcePlatform;
  sourceId: string;
}

export interface SyncRequest {
  workspace: WorkspaceRef;
  /** The member who pressed Refresh Notices; null for the daily sync. */
  startedBy: number | null;
  trigger: SyncTrigger;
}

export interface SyncChangedEvent {
  workspaceId: number;
}

/** Enqueued this many at a time. */
const ENQUEUE_BATCH = 50;
/** Rows of a run's logins inserted per statement. */
const INSERT_BATCH = 2_000;

const refused = (message: string): RefreshResponse => ({ success: false, message, error: message, jobCount: 0, batchJobId: '' });
const alreadyRunning = (run: NoticeSyncRun): RefreshResponse => ({
  success: true,
  message: NOTICE_SYNC_MESSAGES.alreadyRunning,
  jobCount: run.clientCount,
  batchJobId: run.batchJobId,
});

/**
 * Starts a portal sync of a workspace (`POST notices/refresh` and the daily sync): one run, one job per client login
 * on each platform an enabled connector serves, and the run's SYNC_STARTED notification.
 */
@injectable()
export class NoticeSync {
  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Contributions) private readonly contributions: Contributions,
    @inject(TOKENS.PluginSettings) private readonly settings: PluginSettings,
    @inject(TOKENS.Clients) private readonly clients: ClientDirectory,
    @inject(TOKENS.Notifications) private readonly notifications: NotificationService,
    @inject(TOKENS.Queue) private readonly queue: QueueService,
    @inject(TOKENS.Events) private readonly events: EventBus,
    @inject(TOKENS.Activity) private readonly activity: ActivityService,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /**
   * Answers as spec 2 section 7 says, always with 200: `success: false` with the reason when no connector is enabled
   * or no client has a valid login; the running run when one is already going (one at a time per workspace).
   */
  async refresh(request: SyncRequest): Promise<RefreshResponse> {
    const workspaceId = request.workspace.id;
    const sources = await this.enabledSources(workspaceId);
    if (!sources.size) return refused(NOTICE_SYNC_MESSAGES.noSources);
    const logins = (
      await Promise.all(
        [...sources].map(async ([platform, source]) =>
          (await this.clients.portalLoginClients(workspaceId, platform)).map(({ clientId, clientName }) => ({
            clientId,
            clientName,
            platform,
            sourceId: source.id,
          })),
        ),
      )
    ).flat();
    if (!logins.length) return refused(NOTICE_SYNC_MESSAGES.noLogins);

    const names = new Map(logins.map((login) => [login.clientId, login.clientName]));
    const started = await this.knex.transaction(async (trx) => {
      const abandoned = await abandonStaleRun(trx, workspaceId);
      if (abandoned) await this.progressOf(request.workspace, abandoned).finished(trx);
      const run = await insertRun(trx, {
        batchJobId: randomUUID(),
        workspaceId,
        startedBy: request.startedBy,
        trigger: request.trigger,
        platforms: NOTICE_SOURCE_PLATFORMS.filter((platform) => logins.some((login) => login.platform === platform)),
        clientCount: logins.length,
        clientNames: [...names.values()].sort((left, right) => left.localeCompare(right, 'en', { sensitivity: 'base' })),
      });
      if (!run) return { running: await runningRun(workspaceId, trx) };
      const rows = logins.map((login) => ({ run_id: run.id, workspace_id: workspaceId, client_id: login.clientId, platform: login.platform }));
      for (let start = 0; start < rows.length; start += INSERT_BATCH)
        await trx('notices_sync_clients').insert(rows.slice(start, start + INSERT_BATCH));
      const notifications = this.progressOf(request.workspace, run);
      await notifications.started(trx);
      // "0 of n" at once: the banner shows a sync under way before the first login, which may take seconds, is done.
      await notifications.progress(trx);
      await this.activity.record(
        {
          workspaceId,
          actorUserId: request.startedBy,
          action: 'notices.sync_started',
          entityType: 'notice_sync',
          entityId: run.batchJobId,
          metadata: { trigger: request.trigger, logins: logins.length, platforms: run.platforms },
        },
        trx,
      );
      return { run };
    });
    if (!started.run) {
      // The running run may have finished in between: then nothing runs and a second press starts one.
      return started.running ? alreadyRunning(started.running) : this.refresh(request);
    }

    const { run } = started;
    try {
      for (let start = 0; start < logins.length; start += ENQUEUE_BATCH) {
        await Promise.all(
          logins
            .slice(start, start + ENQUEUE_BATCH)
            .map(({ clientId, platform, sourceId }) =>
              this.queue.enqueue<SyncClientPayload>(SYNC_CLIENT_QUEUE, { workspaceId, runId: run.id, clientId, platform, sourceId }),
            ),
        );
      }
    } catch (error) {
      await this.giveUp(request.workspace, run);
      throw error;
    }
    await this.announce(workspaceId);
    return { success: true, message: NOTICE_SYNC_MESSAGES.started(logins.length), jobCount: logins.length, batchJobId: run.batchJobId };
  }

  /** The first enabled source of each platform, in contribution order; a source whose check fails counts as off. */
  async enabledSources(workspaceId: number): Promise<Map<NoticeSourcePlatform, NoticeSource>> {
    const sources = new Map<NoticeSourcePlatform, NoticeSource>();
    for (const { pluginId, value: source } of await this.contributions.enabledIn(noticeSourcesPoint, workspaceId)) {
      if (sources.has(source.platform)) continue;
      const enabled = await source
        .isEnabled({ workspaceId, settings: <T>(other?: string) => this.settings.read<T>(workspaceId, other ?? pluginId) })
        .catch((error: unknown) => {
          this.logger.warn({ pluginId, sourceId: source.id, err: (error as Error).message }, 'a notice source could not say whether it is enabled');
          return false;
        });
      if (enabled) sources.set(source.platform, source);
    }
    return sources;
  }

  /** A source by its id, whatever the workspace's switches say now: a run goes on with the sources it started with. */
  sourceById(sourceId: string): NoticeSource | undefined {
    return this.contributions.all(noticeSourcesPoint).find(({ value }) => value.id === sourceId)?.value;
  }

  progressOf(workspace: WorkspaceRef, run: NoticeSyncRun): SyncNotifications {
    return new SyncNotifications(this.notifications, workspace, run, this.config.basePath);
  }

  /** Tells the sync-status streams of every process that the workspace's run changed; a missed word is caught up by their poll. */
  async announce(workspaceId: number): Promise<void> {
    await this.events.publish<SyncChangedEvent>(NOTICE_SYNC_CHANGED_EVENT, { workspaceId }).catch((error: Error) => {
      this.logger.warn({ workspaceId, err: error.message }, 'a notice sync change could not be announced');
    });
  }

  /**
   * Ends the workspace's run as failed, with its SYNC_FAILED, when nobody has reported on it for so long that its jobs
   * must be lost or were skipped (the plugin switched off mid-run); answers whether there was one.
   */
  async endAbandonedRun(workspace: WorkspaceRef): Promise<boolean> {
    const abandoned = await this.knex.transaction(async (trx) => {
      const run = await abandonStaleRun(trx, workspace.id);
      if (run) await this.progressOf(workspace, run).finished(trx);
      return run;
    });
    if (abandoned) await this.announce(workspace.id);
    return abandoned !== undefined;
  }

  /** The jobs could not be queued: the run ends at once as failed, so it never blocks the next refresh. */
  private async giveUp(workspace: WorkspaceRef, run: NoticeSyncRun): Promise<void> {
    await this.knex
      .transaction(async (trx) => {
        const failed = await failRun(trx, workspace.id, run.id);
        if (failed) await this.progressOf(workspace, failed).finished(trx);
      })
      .catch((error: Error) =>
        this.logger.error({ workspaceId: workspace.id, err: error.message }, 'a notice sync that could not be queued could not be ended'),
      );
    await this.announce(workspace.id);
  }
}
