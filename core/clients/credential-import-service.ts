import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { ActivityService } from '../activity/activity-service';
import type { NotificationService } from '../notifications/notification-service';
import type { JobProgressNotification } from '../notifications/job-progress';
import type { FailedClient } from '../notifications/wire';
import type { Config } from '../platform/config';
import { DecryptionError, type CryptoService } from '../platform/crypto';
import { HttpError, notFound } from '../platform/errors';
import type { Membership, SessionUser } from '../platform/http';
import type { Logger } from '../platform/logger';
import { JOB_SKIPPED, type JobContext, type JobDefinition, type QueueService } from '../platform/queue';
import { TOKENS } from '../platform/tokens';
import { WorkerHeartbeat } from '../platform/worker-heartbeat';
import { ClientService } from './client-service';
import {
  countOutcomes,
  finishedImportStatus,
  isRefusedRow,
  type CredentialImportEntry,
  type CredentialImportOutcome,
  type CredentialImportResult,
  type CredentialImportRow,
  type CredentialImportView,
  type RefusedCredentialImportRow,
} from './credential-import-rows';
import { CredentialService } from './credential-service';
import { CredentialImport } from './models';
import { PAN_PATTERN } from './schemas';

export const CREDENTIAL_IMPORT_JOB = 'clients.credential-import';
export const IMPORT_NOT_FOUND = 'Import not found';

/** Rows imported per transaction: progress is saved (and a retried job resumes) at these steps. */
const ROWS_PER_STEP = 200;

export interface CredentialImportJobPayload {
  workspaceId: number;
  importId: string;
}

export type CredentialImportState = Pick<CredentialImportView, 'status' | 'total' | 'completed'>;

/**
 * A database error caused by one row's values (SQLSTATE class 22, data exception, or 23, a constraint), which the
 * row's checks should have caught: that row fails, the others go on. Any other error is the database's, not the row's.
 */
function databaseRefusalOf(error: unknown): { code: string; message: string } | null {
  const candidate = error as { code?: unknown; nativeError?: { code?: unknown } };
  const code = candidate.nativeError?.code ?? candidate.code;
  if (typeof code !== 'string') return null;
  if (code.startsWith('22')) return { code, message: 'This row has a value that cannot be stored' };
  if (code.startsWith('23')) return { code, message: 'This row conflicts with a record saved at the same time; import it again' };
  return null;
}

/** Binds the sealed rows to their import: copied to another import or workspace, they no longer decrypt. */
export const rowsContext = (workspaceId: number, importExternalId: string) =>
  `workspace:${workspaceId}|credential-import:${importExternalId}|field:rows`;

/**
 * Bulk credential import (issue item 5): the request is stored with its rows sealed and queued by id; the job adds
 * or replaces each row's credential, creating the client of a new PAN. Every row is idempotent (one client per PAN,
 * one credential per client and platform), and each step locks its import, so a retried or doubled job neither
 * repeats nor skips a row.
 */
@injectable()
export class CredentialImportService {
  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Crypto) private readonly crypto: CryptoService,
    @inject(TOKENS.Activity) private readonly activity: ActivityService,
    @inject(TOKENS.Queue) private readonly queue: QueueService,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(TOKENS.Notifications) private readonly notifications: NotificationService,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(ClientService) private readonly clients: ClientService,
    @inject(CredentialService) private readonly credentials: CredentialService,
    @inject(WorkerHeartbeat) private readonly workers: WorkerHeartbeat,
  ) {}

  job(): JobDefinition<CredentialImportJobPayload> {
    return {
      name: 'credential-import',
      retries: 3,
      backoffMs: 5000,
      timeoutMs: 15 * 60_000,
      handler: (payload, context) => this.run(payload, context),
    };
  }

  /** Stores the import with its rows sealed, refused rows included so the import reports them with their numbers. */
  async request(
    membership: Membership,
    rows: CredentialImportRow[],
    refusedRows: RefusedCredentialImportRow[],
    actor: SessionUser,
  ): Promise<{ importId: string; total: number }> {
    const workspaceId = membership.workspace.id;
    const importId = randomUUID();
    const entries: CredentialImportEntry[] = [...rows, ...refusedRows].sort((left, right) => left.row - right.row);
    await CredentialImport.query().insert({
      externalId: importId,
      workspaceId,
      requestedBy: actor.id,
      status: 'queued',
      total: entries.length,
      completed: 0,
      results: [],
      rowsCiphertext: this.crypto.encrypt(JSON.stringify(entries), rowsContext(workspaceId, importId)),
    });
    // Queued only once committed, so the worker always finds the import it is given.
    try {
      await this.queue.enqueue<CredentialImportJobPayload>(CREDENTIAL_IMPORT_JOB, { workspaceId, importId });
    } catch (error) {
      await CredentialImport.inWorkspace(workspaceId).where('external_id', importId).delete();
      throw error;
    }
    await this.activity.record({
      workspaceId,
      actorUserId: actor.id,
      action: 'clients.credential_import_requested',
      entityType: 'credential_import',
      entityId: importId,
      metadata: { total: entries.length },
    });
    return { importId, total: entries.length };
  }

  async view(workspaceId: number, importId: string): Promise<CredentialImportView> {
    const record = await this.find(workspaceId, importId);
    const unfinished = record.status === 'queued' || record.status === 'running';
    return {
      importId: record.externalId,
      status: record.status,
      total: record.total,
      completed: record.completed,
      results: record.results,
      waitingForWorker: unfinished && !(await this.workers.anyAlive()),
    };
  }

  private async find(workspaceId: number, importId: string): Promise<CredentialImport> {
    const record = await CredentialImport.inWorkspace(workspaceId).where('external_id', importId).first();
    if (!record) throw notFound(IMPORT_NOT_FOUND);
    return record;
  }

  /** The job: answers with the import's state, not its results, which may be long and stay in the database. */
  async run(
    { workspaceId, importId }: CredentialImportJobPayload,
    context: Pick<JobContext, 'reportProgress' | 'finalAttempt'>,
  ): Promise<CredentialImportState | typeof JOB_SKIPPED> {
    const state = async (): Promise<CredentialImportState> => {
      const { status, total, completed } = await this.find(workspaceId, importId);
      return { status, total, completed };
    };
    const record = await CredentialImport.inWorkspace(workspaceId).where('external_id', importId).first();
    // Gone with its workspace, or finished by an earlier run of this job.
    if (!record) return JOB_SKIPPED;
    if (record.status === 'completed' || record.status === 'failed' || record.rowsCiphertext === null) return state();

    const notification = await this.progressNotification(record, context);
    let rows: CredentialImportEntry[];
    try {
      rows = JSON.parse(this.crypto.decrypt(record.rowsCiphertext, rowsContext(workspaceId, importId))) as CredentialImportEntry[];
    } catch (error) {
      if (!(error instanceof DecryptionError)) throw error;
      // No retry can read these rows: the import fails for good and the operators are told.
      this.logger.error({ importId, err: error.message }, 'credential import rows could not be decrypted');
      await this.knex.transaction(async (trx) => {
        await CredentialImport.query(trx).findById(record.id).patch({ status: 'failed', rowsCiphertext: null });
        await notification.failed(
          { title: 'Credential import failed', message: 'The import could not be read. Please import the file again.', priority: 'high' },
          trx,
        );
      });
      return state();
    }

    // A run that finds the import running takes over from one that stopped (its worker killed, or a retry).
    this.logger.info(
      { importId, completed: record.completed, total: record.total },
      record.status === 'running' ? 'credential import resumed' : 'credential import started',
    );
    const started = await CredentialImport.query().findById(record.id).where('status', 'queued').patch({ status: 'running' });
    if (started)
      await notification.started({
        title: 'Credential import started',
        message: `Importing ${record.total} ${record.total === 1 ? 'row' : 'rows'} of portal credentials`,
      });
    try {
      for (;;) {
        const step = await this.knex.transaction((trx) => this.importNextRows(record.id, rows, trx, notification));
        if (!step) return state();
        if (step.finished) {
          // Its notification is the outcome, committed with the step.
          context.reportProgress({ completed: step.completed, total: step.total });
          return state();
        }
        const details = `${step.completed} of ${step.total} rows`;
        await notification.progress(
          { completed: step.completed, total: step.total, step: 'Importing credentials', details },
          { title: 'Importing credentials', message: `${details} imported` },
        );
      }
    } catch (error) {
      // With no retry left the import would stay "running" for ever: it fails, keeping the rows done so far.
      if (context.finalAttempt) {
        await this.knex
          .transaction(async (trx) => {
            await CredentialImport.query(trx).findById(record.id).patch({ status: 'failed', rowsCiphertext: null });
            await notification.failed(
              { title: 'Credential import failed', message: 'The import stopped before every row was imported. Please try again.', priority: 'high' },
              trx,
            );
          })
          .catch(() => undefined);
      }
      throw error;
    }
  }

  /** Started, progress and outcome notifications for the member who asked for the import, leading to the clients page. */
  private async progressNotification(record: CredentialImport, context: Pick<JobContext, 'reportProgress'>): Promise<JobProgressNotification> {
    const workspace = await this.knex('workspaces').where({ id: record.workspaceId }).first('external_id');
    return this.notifications.forJob(
      {
        workspaceId: record.workspaceId,
        audience: { userIds: record.requestedBy === null ? [] : [record.requestedBy] },
        jobKey: `credential-import:${record.externalId}`,
        syncType: 'CREDENTIAL_IMPORT',
        actionUrl: `${this.config.basePath}/w/${workspace?.external_id}/clients`,
      },
      context,
    );
  }

  /** The outcome notification, committed with the import's last step. */
  private async notifyOutcome(
    notification: JobProgressNotification,
    results: CredentialImportResult[],
    rows: CredentialImportEntry[],
    trx: Knex.Transaction,
  ): Promise<void> {
    const nameOf = new Map(rows.flatMap((row) => (isRefusedRow(row) ? [] : [[row.row, row.name] as const])));
    const failedClients: FailedClient[] = results
      .filter((result) => result.outcome === 'failed')
      .map((result) => ({ clientName: nameOf.get(result.row) ?? (result.panNumber || `Row ${result.row}`), error: result.error ?? 'Failed' }));
    if (finishedImportStatus(results) === 'failed') {
      await notification.failed(
        { title: 'Credential import failed', message: `None of the ${results.length} rows could be imported.`, priority: 'high', failedClients },
        trx,
      );
      return;
    }
    const imported = results.length - failedClients.length;
    const failures = failedClients.length ? `; ${failedClients.length} failed` : '';
    await notification.completed(
      {
        title: 'Credential import completed',
        message: `${imported} of ${results.length} rows imported${failures}.`,
        priority: failedClients.length ? 'high' : 'medium',
        failedClients,
      },
      trx,
    );
  }

  /** The next rows after those already imported, with the import locked so no other run imports them at the same time. */
  private async importNextRows(
    recordId: number,
    rows: CredentialImportEntry[],
    trx: Knex.Transaction,
    notification: JobProgressNotification,
  ): Promise<{ completed: number; total: number; finished: boolean } | null> {
    const current = await CredentialImport.query(trx).findById(recordId).forUpdate();
    if (!current || current.status !== 'running') return null;
    const results: CredentialImportResult[] = [];
    for (const row of rows.slice(current.completed, current.completed + ROWS_PER_STEP)) {
      results.push(await this.importRow(current, row, trx));
    }
    const completed = current.completed + results.length;
    const finished = completed >= current.total;
    await trx('credential_imports')
      .where({ id: recordId })
      .update({
        completed,
        results: trx.raw('results || ?::jsonb', [JSON.stringify(results)]),
        updated_at: trx.fn.now(),
        ...(finished ? { status: finishedImportStatus([...current.results, ...results]), rows_ciphertext: null } : {}),
      });
    if (finished) {
      await this.activity.record(
        {
          workspaceId: current.workspaceId,
          actorUserId: current.requestedBy,
          action: 'clients.credential_import_completed',
          entityType: 'credential_import',
          entityId: current.externalId,
          metadata: { total: current.total, ...countOutcomes([...current.results, ...results]) },
        },
        trx,
      );
      await this.notifyOutcome(notification, [...current.results, ...results], rows, trx);
    }
    return { completed, total: current.total, finished };
  }

  /**
   * One row in its own savepoint: a row that cannot be imported (refused when requested, refused by the client
   * rules, or refused by the database for its values) is reported with its number and undone alone.
   */
  private async importRow(current: CredentialImport, row: CredentialImportEntry, trx: Knex.Transaction): Promise<CredentialImportResult> {
    if (isRefusedRow(row)) return { row: row.row, panNumber: row.panNumber, outcome: 'failed', error: row.refusal };
    const { workspaceId, requestedBy } = current;
    try {
      return await trx.transaction(async (savepoint) => {
        const { client, created } = await this.clients.findOrCreateByPan(
          workspaceId,
          { name: row.name, email: row.email, phone: row.phone, panNumber: row.panNumber },
          requestedBy,
          savepoint,
        );
        const stored = await this.credentials.store({ workspaceId, clientId: client.id, platform: row.platform }, row, requestedBy, savepoint);
        const outcome: CredentialImportOutcome = created ? 'created_client' : stored === 'added' ? 'added_credential' : 'updated_credential';
        return { row: row.row, panNumber: row.panNumber, outcome };
      });
    } catch (error) {
      // Only a problem of the row's own data is the row's outcome; anything else (the database gone) retries the step.
      // The results are stored as JSON: a value the database refused never goes in there.
      const panNumber = PAN_PATTERN.test(row.panNumber) ? row.panNumber : '';
      if (error instanceof HttpError) return { row: row.row, panNumber, outcome: 'failed', error: error.message };
      const refusal = databaseRefusalOf(error);
      if (!refusal) throw error;
      this.logger.warn({ importId: current.externalId, row: row.row, code: refusal.code }, 'credential import row refused by the database');
      return { row: row.row, panNumber, outcome: 'failed', error: refusal.message };
    }
  }
}
