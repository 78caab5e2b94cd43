import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { TOKENS, addDays, kolkataToday, type ClientDirectory, type QueueService, type WorkspaceDirectory } from '../../../core/plugin-api';
import { BookkeepingRetention, DIGEST_DAY_RETENTION_DAYS, SYNC_RUN_RETENTION_DAYS } from '../server/bookkeeping-retention';
import { PRUNE_BOOKKEEPING_JOB, SEND_DIGEST_JOB } from '../server/jobs';
import type { SyncRunStatus } from '../server/sync/sync-runs';
import { NOTICE_SYNC_ROUTES } from '../shared/wire';
import { jobOutcome, put, schedulesOf, startNoticesOnlyHost, useNoticesWorld, workspaceWithClient, type TestSession } from './sync-support';

const DAY_MS = 24 * 60 * 60 * 1000;
const today = kolkataToday();
const dayAgo = (days: number) => addDays(today, -days);

/** A workspace of the test with its one client, by the serial ids the plugin's tables hold. */
interface RetentionWorkspace {
  owner: TestSession;
  workspaceId: string;
  workspaceSerial: number;
  clientSerial: number;
}

/** What the daily clean-up keeps of the plugin's bookkeeping, and that it runs per workspace at night. */
describe('notices: retention of sync runs and digest days', function () {
  const world = useNoticesWorld('retention-owner', { startHost: startNoticesOnlyHost });
  const knex = () => world.host.host.knex;
  const retention = () => world.host.host.container.get(BookkeepingRetention);

  async function freshWorkspace(label: string): Promise<RetentionWorkspace> {
    const { owner, workspaceId, client } = await workspaceWithClient(world.host, label);
    const workspaceSerial = await world.host.internalIdOf(workspaceId);
    const clients = world.host.host.container.get<ClientDirectory>(TOKENS.Clients);
    const clientSerial = (await clients.byExternalId(workspaceSerial, client.externalId)).id;
    return { owner, workspaceId, workspaceSerial, clientSerial };
  }

  /** A run with its one login as a sync leaves them, ended `daysAgo` (started then, when still RUNNING); its id. */
  async function insertRun(workspace: RetentionWorkspace, status: SyncRunStatus, daysAgo: number): Promise<number> {
    const at = new Date(Date.now() - daysAgo * DAY_MS);
    const ended = status !== 'RUNNING';
    const [{ id }] = await knex()('notices_sync_runs')
      .insert({
        batch_job_id: randomUUID(),
        workspace_id: workspace.workspaceSerial,
        trigger: 'MANUAL',
        platforms: ['GST'],
        client_count: 1,
        completed_count: ended ? 1 : 0,
        client_names: ['Retention Client'],
        status,
        started_at: at,
        last_progress_at: at,
        finished_at: ended ? at : null,
      })
      .returning('id');
    await knex()('notices_sync_clients').insert({
      run_id: id,
      workspace_id: workspace.workspaceSerial,
      client_id: workspace.clientSerial,
      platform: 'GST',
      status: ended ? 'DONE' : 'PENDING',
      finished_at: ended ? at : null,
    });
    return id;
  }

  const runIdsOf = async (workspace: RetentionWorkspace): Promise<number[]> =>
    (await knex()('notices_sync_runs').where({ workspace_id: workspace.workspaceSerial }).orderBy('id')).map((run) => run.id);
  const loginRunIdsOf = async (workspace: RetentionWorkspace): Promise<number[]> =>
    (await knex()('notices_sync_clients').where({ workspace_id: workspace.workspaceSerial }).orderBy('run_id')).map((login) => login.run_id);

  async function userIdOf(workspace: RetentionWorkspace, session: TestSession): Promise<number> {
    const members = await world.host.host.container.get<WorkspaceDirectory>(TOKENS.Workspaces).members(workspace.workspaceSerial);
    return members.find((member) => member.email === session.user.email)!.userId;
  }

  const subscribe = (workspace: RetentionWorkspace, session: TestSession) =>
    put(session, NOTICE_SYNC_ROUTES.digestSubscription, { workspaceId: workspace.workspaceId, subscribed: true }).expect(200);

  /** Digest days of the member in the workspace, as the digest claims them, `daysAgo` each. */
  async function insertDigestDays(workspace: RetentionWorkspace, userId: number, daysAgo: number[]): Promise<void> {
    await knex()('notices_digests_sent').insert(
      daysAgo.map((days) => ({ workspace_id: workspace.workspaceSerial, user_id: userId, day: dayAgo(days) })),
    );
  }

  const digestDaysOf = async (workspace: RetentionWorkspace, userId: number): Promise<string[]> =>
    (await knex()('notices_digests_sent').where({ workspace_id: workspace.workspaceSerial, user_id: userId }).orderBy('day')).map((row) => row.day);

  it('deletes the runs that ended more than 90 days ago with their logins, and keeps recent and running ones', async () => {
    const workspace = await freshWorkspace('retention-runs');
    await insertRun(workspace, 'COMPLETED', SYNC_RUN_RETENTION_DAYS + 10);
    await insertRun(workspace, 'FAILED', SYNC_RUN_RETENTION_DAYS + 1);
    const endedRecently = await insertRun(workspace, 'COMPLETED', SYNC_RUN_RETENTION_DAYS - 1);
    // Lost long ago and not yet ended by a refresh or a daily check: that is their work, not the clean-up's.
    const running = await insertRun(workspace, 'RUNNING', SYNC_RUN_RETENTION_DAYS + 100);

    expect(await retention().prune(workspace.workspaceSerial)).to.deep.equal({ syncRuns: 2, digestDays: 0 });
    expect(await runIdsOf(workspace)).to.deep.equal([endedRecently, running]);
    expect(await loginRunIdsOf(workspace)).to.deep.equal([endedRecently, running]);
  });

  it("deletes digest days older than 30 days but keeps each subscribed member's latest, which the next digest reads", async () => {
    const workspace = await freshWorkspace('retention-digest');
    const daily = await userIdOf(workspace, workspace.owner);
    const pausedSession = await world.host.memberWithRole(workspace.owner, workspace.workspaceId, 'EMPLOYEE');
    const unsubscribedSession = await world.host.memberWithRole(workspace.owner, workspace.workspaceId, 'EMPLOYEE');
    await subscribe(workspace, workspace.owner);
    await subscribe(workspace, pausedSession);
    const paused = await userIdOf(workspace, pausedSession);
    const unsubscribed = await userIdOf(workspace, unsubscribedSession);
    const limit = DIGEST_DAY_RETENTION_DAYS;
    await insertDigestDays(workspace, daily, [limit + 10, limit + 1, limit, 1]);
    // Notices was off in the workspace for a while: its last digest is old but still the start of the next one.
    await insertDigestDays(workspace, paused, [limit + 20, limit + 15]);
    // Subscribing again starts afresh, so none of an unsubscribed member's old days is ever read.
    await insertDigestDays(workspace, unsubscribed, [limit + 5, 2]);

    expect(await retention().prune(workspace.workspaceSerial)).to.deep.equal({ syncRuns: 0, digestDays: 4 });
    expect(await digestDaysOf(workspace, daily)).to.deep.equal([dayAgo(limit), dayAgo(1)]);
    expect(await digestDaysOf(workspace, paused)).to.deep.equal([dayAgo(limit + 15)]);
    expect(await digestDaysOf(workspace, unsubscribed)).to.deep.equal([dayAgo(2)]);
  });

  it("leaves another workspace's runs and digest days alone", async () => {
    const workspace = await freshWorkspace('retention-here');
    const other = await freshWorkspace('retention-elsewhere');
    await insertRun(workspace, 'COMPLETED', SYNC_RUN_RETENTION_DAYS + 10);
    const otherRun = await insertRun(other, 'COMPLETED', SYNC_RUN_RETENTION_DAYS + 10);
    const otherOwner = await userIdOf(other, other.owner);
    await insertDigestDays(other, otherOwner, [DIGEST_DAY_RETENTION_DAYS + 10, 1]);

    expect(await retention().prune(workspace.workspaceSerial)).to.deep.equal({ syncRuns: 1, digestDays: 0 });
    expect(await runIdsOf(other)).to.deep.equal([otherRun]);
    expect(await loginRunIdsOf(other)).to.deep.equal([otherRun]);
    expect(await digestDaysOf(other, otherOwner)).to.deep.equal([dayAgo(DIGEST_DAY_RETENTION_DAYS + 10), dayAgo(1)]);
  });

  it('is scheduled every day at 03:30 India time, per workspace, hours before the digest', () => {
    const schedules = schedulesOf(world.host, 'notices');
    const prune = schedules.find((schedule) => schedule.name === PRUNE_BOOKKEEPING_JOB);
    const digest = schedules.find((schedule) => schedule.name === SEND_DIGEST_JOB);
    expect(prune).to.include({ every: 'day at 03:30', timezone: 'Asia/Kolkata', perWorkspace: true });

    const midnightInIndia = new Date('2026-03-31T00:00:00+05:30');
    expect(prune!.times.next(midnightInIndia)!.toISOString()).to.equal('2026-03-30T22:00:00.000Z');
    expect(prune!.times.next(midnightInIndia)!.getTime()).to.be.below(digest!.times.next(midnightInIndia)!.getTime());
  });

  it('runs as the job notices.pruneBookkeeping for the workspace it names', async () => {
    const workspace = await freshWorkspace('retention-job');
    await insertRun(workspace, 'FAILED', SYNC_RUN_RETENTION_DAYS + 1);

    const queue = world.host.host.container.get<QueueService>(TOKENS.Queue);
    const job = await queue.enqueue(`notices.${PRUNE_BOOKKEEPING_JOB}`, { workspaceId: workspace.workspaceSerial });
    expect(await jobOutcome(job, { firstFailure: true })).to.deep.equal({ result: { syncRuns: 1, digestDays: 0 } });
    expect(await runIdsOf(workspace)).to.deep.equal([]);
  });
});
