import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import {
  addDays,
  kolkataToday,
  TOKENS,
  type ClientBeingDeleted,
  type ClientDirectory,
  type JobContext,
  type Logger,
  type WorkspaceDirectory,
  type WorkspaceRef,
} from '../../../../core/plugin-api';
import { NOTICE_SYNC_MESSAGES, SYNC_LOOKBACK_DAYS } from '../../shared/wire';
import { PortalError } from '../tokens';
import { NoticeSync, type SyncClientPayload } from './notice-sync';
import { PortalNoticeWriter, type SyncTarget } from './portal-notice-writer';
import {
  claimProgressReport,
  failedLogin,
  failPendingLoginsOf,
  finishClient,
  NoticeSyncClient,
  NoticeSyncRun,
  type ClientOutcome,
  type RunAfterFinish,
} from './sync-runs';

/** A connector gets this long for one login: signing in, the notice list and the PDFs. */
export const PORTAL_FETCH_TIMEOUT_MS = 2 * 60_000;

const SYNC_CLIENT_MESSAGES = {
  loginGone: 'The login was removed or marked invalid before its turn came',
  stopped: 'The sync of this login stopped unexpectedly; please refresh again',
  clientDeleted: 'The client was deleted',
} as const;

export type ClientSyncResult = { skipped: true } | { failed: boolean; created: number; updated: number };

const failed = (error: string): ClientOutcome => ({ failed: true, error, created: 0, updated: 0 });

/**
 * `notices.syncClient`: one client's login on one platform. A portal's refusal or failure is the login's outcome
 * (FAILED with the connector's words, a refused login marked invalid), never a retry; only a crash of the job itself
 * (the database away) is retried, and on its last attempt the login fails so the run still ends. The login's row
 * decides whether it was done already, so a job run twice counts once.
 */
@injectable()
export class ClientSync {
  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Clients) private readonly clients: ClientDirectory,
    @inject(TOKENS.Workspaces) private readonly workspaces: WorkspaceDirectory,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(NoticeSync) private readonly sync: NoticeSync,
    @inject(PortalNoticeWriter) private readonly writer: PortalNoticeWriter,
  ) {}

  async run(payload: SyncClientPayload, context: Pick<JobContext, 'finalAttempt'>): Promise<ClientSyncResult> {
    const { workspaceId, runId, clientId, platform } = payload;
    const [login, run, workspace, client] = await Promise.all([
      NoticeSyncClient.inWorkspace(workspaceId).where({ run_id: runId, client_id: clientId, platform }).first(),
      NoticeSyncRun.inWorkspace(workspaceId).where('id', runId).first(),
      this.workspaces.byId(workspaceId),
      this.clients.byIds(workspaceId, [clientId]).then((found) => found.get(clientId)),
    ]);
    if (!login || login.status !== 'PENDING' || run?.status !== 'RUNNING' || !workspace || !client) return { skipped: true };

    let outcome: ClientOutcome;
    try {
      outcome = await this.syncLogin(payload, workspace, client, run);
    } catch (error) {
      if (!context.finalAttempt) throw error;
      this.logger.error({ workspaceId, runId, clientId, platform, err: (error as Error).message }, 'a notice sync job failed for good');
      await this.finish(payload, workspace, client.name, failed(SYNC_CLIENT_MESSAGES.stopped));
      throw error;
    }
    await this.finish(payload, workspace, client.name, outcome);
    this.logger.info(
      { workspaceId, runId, clientId, platform, failed: outcome.failed, created: outcome.created, updated: outcome.updated },
      'notice sync: login synced',
    );
    return { failed: outcome.failed, created: outcome.created, updated: outcome.updated };
  }

  private async syncLogin(
    payload: SyncClientPayload,
    workspace: WorkspaceRef,
    client: { id: number; externalId: string },
    run: NoticeSyncRun,
  ): Promise<ClientOutcome> {
    const { workspaceId, clientId, platform } = payload;
    const source = this.sync.sourceById(payload.sourceId);
    if (!source) return failed(NOTICE_SYNC_MESSAGES.noSources);
    const [login] = await this.clients.portalLogins(workspaceId, platform, [clientId]);
    if (!login) return failed(SYNC_CLIENT_MESSAGES.loginGone);
    const target: SyncTarget = { workspace, client, sourceLabel: source.label, uploader: await this.uploaderOf(workspace, run.startedBy) };
    try {
      const notices = await source.fetchNotices({
        credentials: { username: login.username, password: login.password },
        since: addDays(kolkataToday(), -SYNC_LOOKBACK_DAYS),
        signal: AbortSignal.timeout(PORTAL_FETCH_TIMEOUT_MS),
      });
      await this.reportProgressIfDue(payload, workspace);
      const written = await this.writer.write(target, notices, () => this.reportProgressIfDue(payload, workspace));
      return { failed: written.failure !== null, error: written.failure?.message ?? null, created: written.created, updated: written.updated };
    } catch (error) {
      if (!(error instanceof PortalError)) throw error;
      if (error.kind === 'INVALID_CREDENTIALS') await this.clients.markCredentialInvalid(workspaceId, clientId, platform, login.credentialUpdatedAt);
      return failed(error.message);
    }
  }

  /** The files a sync attaches are filed as the member who started it, or an owner for the daily sync. */
  private async uploaderOf(workspace: WorkspaceRef, startedBy: number | null): Promise<SyncTarget['uploader']> {
    const members = await this.workspaces.members(workspace.id);
    const uploader = members.find((member) => member.userId === startedBy) ?? members.find((member) => member.role === 'OWNER') ?? members[0]!;
    return { membership: { workspace, role: uploader.role }, user: { id: uploader.userId } };
  }

  /** Progress while logins are under way (a first login can take seconds), at most once a second across the workers. */
  private async reportProgressIfDue(payload: SyncClientPayload, workspace: WorkspaceRef): Promise<void> {
    const reported = await this.knex.transaction(async (trx) => {
      const run = await claimProgressReport(trx, payload.workspaceId, payload.runId);
      if (run) await this.sync.progressOf(workspace, run).progress(trx);
      return run !== null;
    });
    if (reported) await this.sync.announce(payload.workspaceId);
  }

  /**
   * Counts the login into its run and writes the progress notification or the outcome it is due, in one transaction.
   * The sync-status streams hear of every finish (they coalesce to one read a tick), so the banner's percentage moves
   * even when the remaining logins are slow to report.
   */
  private async finish(payload: SyncClientPayload, workspace: WorkspaceRef, clientName: string, outcome: ClientOutcome): Promise<void> {
    const failedClient = outcome.failed ? failedLogin(clientName, payload.platform, outcome.error ?? '') : null;
    const after = await this.knex.transaction(async (trx) => {
      const counted = await finishClient(trx, payload, outcome, failedClient);
      if (counted) await this.report(trx, workspace, counted);
      return counted;
    });
    if (after) await this.sync.announce(payload.workspaceId);
  }

  /**
   * The clientLifecycle hook's part, in the deleting transaction: the client's logins still waiting in a sync fail as
   * deleted and count into their runs (their rows go with the client), so a run waiting only for them ends with its
   * outcome as usual; their jobs then find no login and skip.
   */
  async failLoginsOfDeletedClient(client: ClientBeingDeleted, trx: Knex.Transaction): Promise<void> {
    const runs = await failPendingLoginsOf(trx, client, SYNC_CLIENT_MESSAGES.clientDeleted);
    if (!runs.length) return;
    const workspace = await this.workspaces.byId(client.workspaceId);
    if (!workspace) return;
    for (const counted of runs) await this.report(trx, workspace, counted);
    // The streams read the run once the deletion has committed; a deletion undone changed nothing to announce.
    void trx.executionPromise.then(
      () => this.sync.announce(client.workspaceId),
      () => undefined,
    );
  }

  /** The outcome of a run the finish ended, else its progress when due. */
  private async report(trx: Knex.Transaction, workspace: WorkspaceRef, counted: RunAfterFinish): Promise<void> {
    const notifications = this.sync.progressOf(workspace, counted.run);
    if (counted.finishedRun) await notifications.finished(trx);
    else if (counted.progressDue) await notifications.progress(trx);
  }
}
