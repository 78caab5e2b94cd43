import type { Knex } from 'knex';
import { WorkspaceScopedRow, type FailedClient } from '../../../../core/plugin-api';
import { PLATFORM_LABELS } from '../../shared/wire';
import type { NoticeSourcePlatform } from '../tokens';

export type SyncTrigger = 'MANUAL' | 'SCHEDULED';
export type SyncRunStatus = 'RUNNING' | 'COMPLETED' | 'FAILED';

/** One refresh of a workspace's notices from the portals: a row per run, one running at a time per workspace. */
export class NoticeSyncRun extends WorkspaceScopedRow {
  static override tableName = 'notices_sync_runs';
  id!: number;
  batchJobId!: string;
  startedBy!: number | null;
  trigger!: SyncTrigger;
  platforms!: NoticeSourcePlatform[];
  /** Logins to sync: one per client and platform. */
  clientCount!: number;
  completedCount!: number;
  createdCount!: number;
  updatedCount!: number;
  failedClients!: FailedClient[];
  /** The names of the clients synced, one per client, by name. */
  clientNames!: string[];
  status!: SyncRunStatus;
  startedAt!: Date;
  finishedAt!: Date | null;
  lastProgressAt!: Date | null;
}

/** One login of a run: a client on one platform, synced by one job. */
export class NoticeSyncClient extends WorkspaceScopedRow {
  static override tableName = 'notices_sync_clients';
  static override idColumn = ['run_id', 'client_id', 'platform'];
  runId!: number;
  clientId!: number;
  platform!: NoticeSourcePlatform;
  status!: 'PENDING' | 'DONE' | 'FAILED';
  error!: string | null;
  createdCount!: number;
  updatedCount!: number;
  finishedAt!: Date | null;
}

/** What a job found for its login, written when it finishes. */
export interface ClientOutcome {
  failed: boolean;
  /** The words shown for a failed login, e.g. NOTICE_SYNC_MESSAGES.invalidCredentials. */
  error: string | null;
  created: number;
  updated: number;
}

/** A run after one more login finished: whether this finish ended the run, and whether progress is due to be reported. */
export interface RunAfterFinish {
  run: NoticeSyncRun;
  finishedRun: boolean;
  progressDue: boolean;
}

/** Progress is written at most this often per run, whichever worker finishes a login. */
const PROGRESS_INTERVAL = '1 second';
/** A run without a sign of life for this long is taken as abandoned (its jobs lost or skipped), so a new refresh may start. */
const ABANDONED_AFTER = '30 minutes';
const SILENT_TOO_LONG = `coalesce(last_progress_at, started_at) < now() - interval '${ABANDONED_AFTER}'`;

/** What finished logins add to their run. */
interface RunTally {
  logins: number;
  created: number;
  updated: number;
  failedClients: FailedClient[];
}

/** A failed login as the run's notification lists it: 'Sharma Traders (GST)' with the reason. */
export const failedLogin = (clientName: string, platform: NoticeSourcePlatform, error: string): FailedClient => ({
  clientName: `${clientName} (${PLATFORM_LABELS[platform]})`,
  error,
});

/**
 * The workspace's running run, if any. One nobody has reported on for ABANDONED_AFTER counts as over already, so the
 * sync-status stream and the Refresh button recover by themselves; the next refresh or daily check ends it for good.
 */
export async function runningRun(workspaceId: number, trx?: Knex.Transaction): Promise<NoticeSyncRun | undefined> {
  return NoticeSyncRun.inWorkspace(workspaceId, trx).where('status', 'RUNNING').whereRaw(`not (${SILENT_TOO_LONG})`).first();
}

/** Ends the running run `runId` as failed; answers it unless it had ended already. */
export async function failRun(trx: Knex.Transaction, workspaceId: number, runId: number): Promise<NoticeSyncRun | undefined> {
  return NoticeSyncRun.inWorkspace(workspaceId, trx)
    .where({ id: runId, status: 'RUNNING' })
    .patch({ status: 'FAILED', finishedAt: new Date() })
    .returning('*')
    .first();
}

/** Ends a running run nobody has reported on for ABANDONED_AFTER; answers it when there was one. */
export async function abandonStaleRun(trx: Knex.Transaction, workspaceId: number): Promise<NoticeSyncRun | undefined> {
  return NoticeSyncRun.inWorkspace(workspaceId, trx)
    .where('status', 'RUNNING')
    .whereRaw(SILENT_TOO_LONG)
    .patch({ status: 'FAILED', finishedAt: new Date() })
    .returning('*')
    .first();
}

/** Inserts the run unless one is running already (the partial unique index decides); null then. */
export async function insertRun(
  trx: Knex.Transaction,
  run: Pick<NoticeSyncRun, 'batchJobId' | 'workspaceId' | 'startedBy' | 'trigger' | 'platforms' | 'clientCount' | 'clientNames'>,
): Promise<NoticeSyncRun | null> {
  const { rows } = await trx.raw(
    `insert into notices_sync_runs (batch_job_id, workspace_id, started_by, trigger, platforms, client_count, client_names)
     values (?, ?, ?, ?, ?::text[], ?, ?::text[])
     on conflict (workspace_id) where status = 'RUNNING' do nothing
     returning *`,
    [run.batchJobId, run.workspaceId, run.startedBy, run.trigger, run.platforms, run.clientCount, run.clientNames],
  );
  return rows.length ? NoticeSyncRun.fromDatabaseJson(rows[0]) : null;
}

/**
 * Claims the run's next progress report when the last one is at least PROGRESS_INTERVAL old, so a long login still
 * reports while it works; answers the run as it stands, or null when no report is due (or the run has ended).
 */
export async function claimProgressReport(trx: Knex.Transaction, workspaceId: number, runId: number): Promise<NoticeSyncRun | null> {
  const { rows } = await trx.raw(
    `update notices_sync_runs set last_progress_at = clock_timestamp()
     where id = ? and workspace_id = ? and status = 'RUNNING'
       and (last_progress_at is null or clock_timestamp() - last_progress_at >= interval '${PROGRESS_INTERVAL}')
     returning *`,
    [runId, workspaceId],
  );
  return rows[0] ? NoticeSyncRun.fromDatabaseJson(rows[0]) : null;
}

/**
 * Records a login's outcome and counts it into its run, in the caller's transaction. The login's row moves out of
 * PENDING once only, so a job run twice (a retry, a stalled job taken over) counts once.
 */
export async function finishClient(
  trx: Knex.Transaction,
  login: { workspaceId: number; runId: number; clientId: number; platform: NoticeSourcePlatform },
  outcome: ClientOutcome,
  failedClient: FailedClient | null,
): Promise<RunAfterFinish | null> {
  const finished = await NoticeSyncClient.inWorkspace(login.workspaceId, trx)
    .where({ run_id: login.runId, client_id: login.clientId, platform: login.platform, status: 'PENDING' })
    .patch({
      status: outcome.failed ? 'FAILED' : 'DONE',
      error: outcome.error,
      createdCount: outcome.created,
      updatedCount: outcome.updated,
      finishedAt: new Date(),
    });
  if (!finished) return null;
  return countIntoRun(trx, login.runId, {
    logins: 1,
    created: outcome.created,
    updated: outcome.updated,
    failedClients: failedClient ? [failedClient] : [],
  });
}

/**
 * Fails every login of the client still PENDING in a run (the client is being deleted, in `trx`) and counts them into
 * their runs, as their jobs would have; answers each run after. Their jobs then find no login and do nothing.
 */
export async function failPendingLoginsOf(
  trx: Knex.Transaction,
  client: { workspaceId: number; id: number; name: string },
  error: string,
): Promise<RunAfterFinish[]> {
  const failed = await NoticeSyncClient.inWorkspace(client.workspaceId, trx)
    .where({ client_id: client.id, status: 'PENDING' })
    .patch({ status: 'FAILED', error, finishedAt: new Date() })
    .returning(['run_id', 'platform']);
  const byRun = new Map<number, FailedClient[]>();
  for (const login of failed) {
    byRun.set(login.runId, [...(byRun.get(login.runId) ?? []), failedLogin(client.name, login.platform, error)]);
  }
  const after: RunAfterFinish[] = [];
  for (const [runId, failedClients] of byRun) {
    const counted = await countIntoRun(trx, runId, { logins: failedClients.length, created: 0, updated: 0, failedClients });
    if (counted) after.push(counted);
  }
  return after;
}

/**
 * Adds finished logins to their running run. The run's row, locked here, makes the finishes of all workers one after
 * the other, so exactly one of them sees the last login done; null when the run has ended already.
 */
async function countIntoRun(trx: Knex.Transaction, runId: number, tally: RunTally): Promise<RunAfterFinish | null> {
  const { rows } = await trx.raw(
    `select *, (last_progress_at is null or clock_timestamp() - last_progress_at >= interval '${PROGRESS_INTERVAL}') as progress_due
     from notices_sync_runs where id = ? for update`,
    [runId],
  );
  const current = rows[0] as (Record<string, unknown> & { progress_due: boolean; status: SyncRunStatus }) | undefined;
  if (!current || current.status !== 'RUNNING') return null;
  const before = NoticeSyncRun.fromDatabaseJson(current);
  const completed = before.completedCount + tally.logins;
  const finishedRun = completed >= before.clientCount;
  const failures = before.failedClients.length + tally.failedClients.length;
  const { rows: after } = await trx.raw(
    `update notices_sync_runs set
       completed_count = ?, created_count = created_count + ?, updated_count = updated_count + ?, failed_clients = failed_clients || ?::jsonb,
       status = ?, finished_at = ${finishedRun ? 'clock_timestamp()' : 'finished_at'},
       last_progress_at = ${finishedRun || current.progress_due ? 'clock_timestamp()' : 'last_progress_at'}
     where id = ? returning *`,
    [
      completed,
      tally.created,
      tally.updated,
      JSON.stringify(tally.failedClients),
      finishedRun ? (failures >= before.clientCount ? 'FAILED' : 'COMPLETED') : 'RUNNING',
      runId,
    ],
  );
  return { run: NoticeSyncRun.fromDatabaseJson(after[0]), finishedRun, progressDue: finishedRun || current.progress_due };
}
