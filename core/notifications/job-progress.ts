import type { Knex } from 'knex';
import type { JobContext } from '../platform/queue';
import type { NotificationAudience, NotificationInput } from './notification-input';
import type { FailedClient, NotificationDto, NotificationEventType, NotificationMetadata, NotificationPriority, NotificationProgress } from './wire';

export interface JobProgressOptions {
  workspaceId: number;
  audience: NotificationAudience;
  /** Names the work (e.g. `credential-import:<id>`), so a retried job, in any process, goes on with its notifications. */
  jobKey: string;
  /** `metadata.syncType` of every stage, e.g. `CREDENTIAL_IMPORT` or `GST`. */
  syncType: string;
  /** `metadata.entityType`, for the batch list and stream filters, e.g. `NOTICE`. */
  entityType?: string;
  actionUrl?: string | null;
  /** Progress is written at most this often, except the report of the last item; 1 s by default. */
  minProgressIntervalMs?: number;
}

export interface JobStage {
  title: string;
  message: string;
  priority?: NotificationPriority;
  metadata?: NotificationMetadata;
}

const DEFAULT_MIN_PROGRESS_INTERVAL_MS = 1000;

/** The part of the notification service a job's notification writes through (declared here so neither module imports the other). */
export interface JobStageRecorder {
  recordJobStage(
    job: JobProgressOptions,
    input: NotificationInput,
    options: { inPlace: boolean; trx?: Knex.Transaction },
  ): Promise<NotificationDto[]>;
}

/**
 * The notification a job keeps up to date: SYNC_STARTED, then SYNC_IN_PROGRESS with `metadata.progress`, then
 * SYNC_COMPLETED or SYNC_FAILED with `metadata.failedClients`. Each new stage is a new notification and flags the
 * job's earlier ones `metadata.obsolete`.
 * Progress updates one row in place (rather than a row per report) so a job fills neither the list nor the unread count.
 * Pass the job's transaction to a stage that must commit with the job's own change (e.g. its final step).
 */
export class JobProgressNotification {
  private lastProgressAt = 0;

  constructor(
    private readonly notifications: JobStageRecorder,
    private readonly options: JobProgressOptions,
    private readonly context?: Pick<JobContext, 'reportProgress'>,
  ) {}

  started(stage: JobStage, trx?: Knex.Transaction): Promise<NotificationDto[]> {
    return this.notifications.recordJobStage(this.options, this.input('SYNC_STARTED', stage), { inPlace: false, trx });
  }

  /** Reports to the queue every time; writes the notification when the last write is old enough or the work is done. */
  async progress(progress: NotificationProgress, stage: JobStage, trx?: Knex.Transaction): Promise<NotificationDto[]> {
    this.context?.reportProgress(progress);
    const now = Date.now();
    const interval = this.options.minProgressIntervalMs ?? DEFAULT_MIN_PROGRESS_INTERVAL_MS;
    if (progress.completed < progress.total && now - this.lastProgressAt < interval) return [];
    this.lastProgressAt = now;
    return this.notifications.recordJobStage(this.options, this.input('SYNC_IN_PROGRESS', stage, { progress }), { inPlace: true, trx });
  }

  completed(stage: JobStage & { failedClients?: FailedClient[] }, trx?: Knex.Transaction): Promise<NotificationDto[]> {
    return this.finish('SYNC_COMPLETED', stage, trx);
  }

  failed(stage: JobStage & { failedClients?: FailedClient[] }, trx?: Knex.Transaction): Promise<NotificationDto[]> {
    return this.finish('SYNC_FAILED', stage, trx);
  }

  private finish(
    eventType: NotificationEventType,
    { failedClients, ...stage }: JobStage & { failedClients?: FailedClient[] },
    trx?: Knex.Transaction,
  ) {
    return this.notifications.recordJobStage(this.options, this.input(eventType, stage, failedClients?.length ? { failedClients } : {}), {
      inPlace: false,
      trx,
    });
  }

  private input(eventType: NotificationEventType, stage: JobStage, extra: NotificationMetadata = {}): NotificationInput {
    const { syncType, entityType, actionUrl } = this.options;
    return {
      eventType,
      title: stage.title,
      message: stage.message,
      priority: stage.priority,
      actionUrl,
      metadata: { ...stage.metadata, ...extra, syncType, ...(entityType ? { entityType: entityType.toUpperCase() } : {}) },
    };
  }
}
