import type { Knex } from 'knex';
import type { JobProgressNotification, NotificationService, WorkspaceRef } from '../../../../core/plugin-api';
import { NOTICE_ENTITY, NOTICE_SYNC_TYPE, NOTICES_PERMISSIONS, PLATFORM_LABELS } from '../../shared/wire';
import { plural } from '../activity-text';
import type { NoticeSyncRun } from './sync-runs';

const platformsOf = (run: NoticeSyncRun) => run.platforms.map((platform) => PLATFORM_LABELS[platform] ?? platform).join(', ');

/**
 * The job progress notification of a run (spec 2 sections 3 and 4): SYNC_STARTED, SYNC_IN_PROGRESS with
 * `metadata.progress`, then SYNC_COMPLETED (with `failedClients` when some logins failed) or SYNC_FAILED. It goes to
 * the members who may refresh notices, since it names clients; each stage is written in the transaction of the run's
 * change it reports, so the stages reach the notifications in the order the run went through them.
 */
export class SyncNotifications {
  private readonly notification: JobProgressNotification;

  constructor(
    notifications: NotificationService,
    workspace: WorkspaceRef,
    private readonly run: NoticeSyncRun,
    basePath: string,
  ) {
    this.notification = notifications.forJob({
      workspaceId: workspace.id,
      audience: { permission: NOTICES_PERMISSIONS.edit },
      jobKey: `notice-sync:${run.batchJobId}`,
      syncType: NOTICE_SYNC_TYPE,
      entityType: NOTICE_ENTITY,
      actionUrl: `${basePath}/w/${workspace.externalId}/notices`,
      // The run's row decides when progress is due, across every worker (see `finishClient`).
      minProgressIntervalMs: 0,
    });
  }

  private get metadata() {
    return { batchJobId: this.run.batchJobId, platforms: this.run.platforms };
  }

  async started(trx: Knex.Transaction): Promise<void> {
    const clients = plural(this.run.clientNames.length, 'client');
    await this.notification.started(
      { title: 'Notice sync started', message: `Syncing notices for ${clients} (${platformsOf(this.run)})`, metadata: this.metadata },
      trx,
    );
  }

  async progress(trx: Knex.Transaction): Promise<void> {
    const { completedCount: completed, clientCount: total } = this.run;
    const details = `${completed} of ${plural(total, 'client login')}`;
    await this.notification.progress(
      { completed, total, step: 'Syncing notices', details },
      { title: 'Syncing notices', message: `${details} synced`, metadata: this.metadata },
      trx,
    );
  }

  /** SYNC_FAILED when every login failed (or the run was given up), else SYNC_COMPLETED. */
  async finished(trx: Knex.Transaction): Promise<void> {
    const { clientCount: total, createdCount: created, updatedCount: updated, failedClients } = this.run;
    if (this.run.status === 'FAILED') {
      const stopped = this.run.completedCount < total;
      await this.notification.failed(
        {
          title: 'Notice sync failed',
          message: stopped
            ? 'The sync stopped before every client login was synced.'
            : `None of the ${plural(total, 'client login')} could be synced.`,
          priority: 'high',
          metadata: this.metadata,
          failedClients,
        },
        trx,
      );
      return;
    }
    const failures = failedClients.length ? `; ${failedClients.length} failed` : '';
    await this.notification.completed(
      {
        title: 'Notice sync completed',
        message: `${total - failedClients.length} of ${plural(total, 'client login')} synced: ${plural(created, 'new notice')}, ${updated} updated${failures}.`,
        priority: failedClients.length ? 'high' : 'medium',
        metadata: this.metadata,
        failedClients,
      },
      trx,
    );
  }
}
