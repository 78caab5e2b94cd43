import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import express from 'express';
import { LOCKED_USERNAME_PREFIX, SANDBOX_PORTAL_PASSWORD, type SandboxPortal } from '../sandbox-portal';
import { NOTIFICATION_STREAM_END_EVENT, TOKENS, type QueueService, type WorkspaceDirectory } from '../../../core/plugin-api';
import { DailySync } from '../server/sync/daily-sync';
import { seedSandboxLogins } from '../server/sync/demo-sandbox';
import { SyncStatusStreams } from '../server/sync/sync-status-streams';
import { NOTICE_SYNC_MESSAGES, NOTICE_SYNC_ROUTES, NOTICE_SYNC_SETTINGS_DEFAULTS, type SyncStatusMessage } from '../shared/wire';
import {
  APP,
  apiUrlOf,
  call,
  clientWithLogins,
  cookieOf,
  createClient,
  eventually,
  EventStream,
  finishedRun,
  HOST_START_TIMEOUT_MS,
  refresh,
  saveNoticeSettings,
  sharedSandboxPortal,
  startNoticesHost,
  startSync,
  syncNotificationsOf,
  type TestHost,
  type TestSession,
} from './sync-support';

const login = (platformName: 'GST' | 'INCOME_TAX', username: string) => ({ platformName, username, password: SANDBOX_PORTAL_PASSWORD });

describe('notices: POST notices/refresh, the sync-status stream and the daily sync', function () {
  this.timeout(90_000);
  let host: TestHost;
  /** The last test stops the host itself. */
  let hostStopped = false;
  let portal: SandboxPortal & { release(): Promise<void> };

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    portal = await sharedSandboxPortal();
    host = await startNoticesHost();
  });

  after(async () => {
    if (!hostStopped) await host?.stop();
    await portal?.release();
  });

  /** A workspace with the sandbox on and `logins` clients with one GST login each. */
  async function syncingWorkspace(label: string, logins = 2) {
    const owner = await host.signedInUser(label);
    const workspaceId = (await host.createWorkspace(owner)).externalId;
    await saveNoticeSettings(owner, workspaceId, { useSandboxPortal: true });
    const clients = [];
    for (let index = 0; index < logins; index += 1) {
      clients.push(await clientWithLogins(owner, workspaceId, [login('GST', `${label}_${index}_gst`)], `${label} Client ${index}`));
    }
    return { owner, workspaceId, clients };
  }

  /** A run as a lost one is left: RUNNING, its last sign of life `silentFor` ago (a Postgres interval). */
  async function silentRun(workspaceId: string, silentFor: string): Promise<string> {
    const batchJobId = randomUUID();
    await host.host.knex('notices_sync_runs').insert({
      batch_job_id: batchJobId,
      workspace_id: await host.internalIdOf(workspaceId),
      trigger: 'MANUAL',
      platforms: ['GST'],
      client_count: 3,
      completed_count: 1,
      client_names: ['Lost Client'],
      started_at: host.host.knex.raw("now() - interval '2 hours'"),
      last_progress_at: host.host.knex.raw(`now() - interval '${silentFor}'`),
    });
    return batchJobId;
  }

  describe('the settings', () => {
    it('offer the daily sync (off, at 06:00 IST) and the sandbox portal (off), with labels', async () => {
      const owner = await host.signedInUser('sync-settings');
      const workspaceId = (await host.createWorkspace(owner)).externalId;
      const { body } = await call(owner, 'get', `/workspaces/${workspaceId}/plugins/notices/settings`).expect(200);
      expect(body.values).to.deep.equal(NOTICE_SYNC_SETTINGS_DEFAULTS);
      expect(body.fields.useSandboxPortal.label).to.equal('Use the sandbox portal');
      expect(body.schema.properties.dailySyncTime.enum).to.have.length(48).and.include.members(['00:00', '06:00', '23:30']);
      await call(owner, 'put', `/workspaces/${workspaceId}/plugins/notices/settings`, { values: { dailySyncTime: '06:15' } }).expect(400);
    });
  });

  describe('POST notices/refresh', () => {
    it('answers success false with the reason when no connector is on, or no client has a valid login', async () => {
      const owner = await host.signedInUser('sync-nothing');
      const workspaceId = (await host.createWorkspace(owner)).externalId;
      await clientWithLogins(owner, workspaceId, [login('GST', 'nothing_gst')]);
      const noSources = await refresh(owner, workspaceId).expect(200);
      expect(noSources.body).to.deep.equal({
        success: false,
        message: NOTICE_SYNC_MESSAGES.noSources,
        error: NOTICE_SYNC_MESSAGES.noSources,
        jobCount: 0,
        batchJobId: '',
      });

      const other = await host.signedInUser('sync-no-logins');
      const otherId = (await host.createWorkspace(other)).externalId;
      await saveNoticeSettings(other, otherId, { useSandboxPortal: true });
      const noLogins = await refresh(other, otherId).expect(200);
      expect(noLogins.body).to.deep.include({ success: false, error: NOTICE_SYNC_MESSAGES.noLogins, jobCount: 0, batchJobId: '' });
    });

    it('lets staff start a sync of one job per client login, and refuses CLIENT members (403) and outsiders (404)', async () => {
      const { owner, workspaceId, clients } = await syncingWorkspace('sync-gates');
      await clientWithLogins(owner, workspaceId, [login('GST', 'gates_both_gst'), login('INCOME_TAX', 'gates_both_it')]);
      const employee = await host.memberWithRole(owner, workspaceId, 'EMPLOYEE');
      const client = await host.memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [clients[0]!.externalId] });
      const outsider = await host.signedInUser('sync-outsider');
      await host.createWorkspace(outsider);

      const forbidden = await refresh(client, workspaceId).expect(403);
      expect(forbidden.body.error).to.equal('Only staff can change notices');
      expect((await refresh(outsider, workspaceId).expect(404)).body.error).to.equal('Workspace not found');

      const started = await startSync(employee, workspaceId);
      expect(started).to.deep.include({ message: NOTICE_SYNC_MESSAGES.started(4), jobCount: 4 });
      expect(started.batchJobId).to.match(/^[0-9a-f-]{36}$/);
      const run = await finishedRun(host.host.knex, started.batchJobId);
      expect(run).to.include({ status: 'COMPLETED', client_count: 4, completed_count: 4 });
    });

    it('answers the running sync to a second refresh, and starts a new one once it has ended', async () => {
      const { owner, workspaceId } = await syncingWorkspace('sync-twice', 3);
      portal.setLatency(300);
      try {
        const first = await startSync(owner, workspaceId);
        const second = await startSync(owner, workspaceId);
        expect(second).to.deep.equal({ success: true, message: NOTICE_SYNC_MESSAGES.alreadyRunning, jobCount: 3, batchJobId: first.batchJobId });
        await finishedRun(host.host.knex, first.batchJobId);
        expect((await startSync(owner, workspaceId)).batchJobId).to.not.equal(first.batchJobId);
      } finally {
        portal.setLatency(0);
      }
      const latest = await host.host
        .knex('notices_sync_runs')
        .where({ workspace_id: await host.internalIdOf(workspaceId) })
        .orderBy('id', 'desc')
        .first();
      await finishedRun(host.host.knex, latest.batch_job_id);
    });

    it('takes a run nobody has reported on for half an hour as abandoned, so a refresh starts a new one', async () => {
      const { owner, workspaceId } = await syncingWorkspace('sync-abandoned', 1);
      const internalId = await host.internalIdOf(workspaceId);
      await host.host.knex('notices_sync_runs').insert({
        batch_job_id: '00000000-0000-4000-8000-000000000001',
        workspace_id: internalId,
        trigger: 'MANUAL',
        platforms: ['GST'],
        client_count: 5,
        client_names: ['Lost Client'],
        started_at: host.host.knex.raw("now() - interval '2 hours'"),
      });
      const started = await startSync(owner, workspaceId);
      expect(started.message).to.equal(NOTICE_SYNC_MESSAGES.started(1));
      const lost = await host.host.knex('notices_sync_runs').where({ batch_job_id: '00000000-0000-4000-8000-000000000001' }).first();
      expect(lost.status).to.equal('FAILED');
      await finishedRun(host.host.knex, started.batchJobId);
    });

    it('counts the waiting logins of a client deleted during the sync as failed, so the sync still ends with its outcome', async () => {
      const { owner, workspaceId } = await syncingWorkspace('sync-deleted', 1);
      // Refused once let through, so the held job, when it goes on, finds nothing left to write for the deleted client.
      const leavingUsername = `${LOCKED_USERNAME_PREFIX}_sync_deleted`;
      const leaving = await clientWithLogins(owner, workspaceId, [login('GST', leavingUsername)], 'Leaving Traders');
      const releaseLeaving = portal.holdSignIn(leavingUsername);
      try {
        const { batchJobId } = await startSync(owner, workspaceId);
        const runRow = () => host.host.knex('notices_sync_runs').where({ batch_job_id: batchJobId }).first();
        await eventually(async () => (await runRow()).completed_count === 1, "the other client's login synced", 10_000);

        await call(owner, 'delete', `/clients/${leaving.externalId}`, { workspaceExternalId: workspaceId, confirmation: 'Leaving Traders' }).expect(
          200,
        );
        const failedClients = [{ clientName: 'Leaving Traders (GST)', error: 'The client was deleted' }];
        expect(await runRow()).to.deep.include({ status: 'COMPLETED', client_count: 2, completed_count: 2, failed_clients: failedClients });
        const outcome = (await syncNotificationsOf(owner, workspaceId, batchJobId)).at(-1)!;
        expect([outcome.eventType, outcome.metadata.failedClients]).to.deep.equal(['SYNC_COMPLETED', failedClients]);
      } finally {
        releaseLeaving();
      }
    });
  });

  describe('GET notices/sync-status', () => {
    const statusUrl = (workspaceId: string) => apiUrlOf(host, `${NOTICE_SYNC_ROUTES.syncStatus}?workspaceExternalId=${workspaceId}`);
    const open = (session: TestSession, workspaceId: string) => EventStream.open(statusUrl(workspaceId), cookieOf(session));

    it('says first whether a sync runs, then follows the running one to its end; CLIENT members get no details', async () => {
      const { owner, workspaceId, clients } = await syncingWorkspace('sync-stream', 4);
      const clientMember = await host.memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [clients[0]!.externalId] });
      const streams = host.host.container.get(SyncStatusStreams);
      const staff = await open(owner, workspaceId);
      const client = await open(clientMember, workspaceId);
      const releaseLastLogin = portal.holdSignIn('sync-stream_3_gst');
      try {
        expect(staff.response.status).to.equal(200);
        expect(staff.response.headers.get('content-type')).to.match(/^text\/event-stream/);
        expect(await staff.until<SyncStatusMessage>(() => true)).to.deep.equal({ connected: true, syncInProgress: false, syncDetails: null });

        const { batchJobId } = await startSync(owner, workspaceId);
        const running = await staff.until<SyncStatusMessage>((message) => message.syncInProgress);
        expect(running.syncDetails).to.deep.include({ clientCount: 4, platforms: ['GST'] });
        expect(running.syncDetails!.clientNames).to.deep.equal(clients.map((entry) => entry.name).sort());
        expect(running.syncDetails!.progress).to.be.within(0, 75);
        await staff.until<SyncStatusMessage>((message) => message.syncInProgress && message.syncDetails!.progress === 75);
        releaseLastLogin();
        await finishedRun(host.host.knex, batchJobId);
        const messages = staff.messages as SyncStatusMessage[];
        await staff.until<SyncStatusMessage>((message) => message === messages.at(-1) && !message.syncInProgress);
        const progress = messages.filter((message) => message.syncInProgress).map((message) => message.syncDetails!.progress);
        expect(progress).to.deep.equal([...progress].sort((a, b) => a - b));
        const repeated = messages.filter((message, index) => index > 0 && JSON.stringify(message) === JSON.stringify(messages[index - 1]));
        expect(repeated, 'a message only on a change').to.deep.equal([]);

        const clientMessages = client.messages as SyncStatusMessage[];
        expect(clientMessages.some((message) => message.syncInProgress)).to.equal(true);
        expect(clientMessages.every((message) => message.connected && message.syncDetails === null)).to.equal(true);
      } finally {
        releaseLastLogin();
        await staff.close();
        await client.close();
      }
      await eventually(() => streams.size === 0, 'both streams end when their clients go', 10_000);
    });

    it('sends heartbeat comments, ends for a member removed from the workspace, and is refused to outsiders', async () => {
      const owner = await host.signedInUser('sync-heartbeat');
      const workspaceId = (await host.createWorkspace(owner)).externalId;
      const employee = await host.memberWithRole(owner, workspaceId, 'EMPLOYEE');
      const settings = host.host.container.get(SyncStatusStreams).settings;
      const heartbeatMs = settings.heartbeatMs;
      settings.heartbeatMs = 100;
      const stream = await open(employee, workspaceId);
      settings.heartbeatMs = heartbeatMs;
      try {
        await eventually(() => stream.comments.includes('heartbeat'), 'a heartbeat comment', 10_000);
        await call(owner, 'delete', `/workspaces/${workspaceId}/members/${employee.user.externalId}`).expect(204);
        expect(await stream.until(() => true, { event: NOTIFICATION_STREAM_END_EVENT })).to.deep.equal({ reason: 'membership-removed' });
        await stream.ended;
      } finally {
        await stream.close();
      }
      const outsider = await host.signedInUser('sync-heartbeat-outsider');
      const refused = await fetch(statusUrl(workspaceId), { headers: { cookie: cookieOf(outsider) } });
      expect([refused.status, (await refused.json()).error]).to.deep.equal([404, 'Workspace not found']);
    });

    it('ends with the session: the sign-out sends the `end` event with its reason, then the stream closes', async () => {
      const owner = await host.signedInUser('sync-sign-out');
      const workspaceId = (await host.createWorkspace(owner)).externalId;
      const stream = await open(owner, workspaceId);
      try {
        await stream.until<SyncStatusMessage>(() => true);
        await owner.agent.post(`${APP}/auth/logout`).set('X-CSRF-Token', owner.csrf).expect(204);
        expect(await stream.until(() => true, { event: NOTIFICATION_STREAM_END_EVENT })).to.deep.equal({ reason: 'logout' });
        await stream.ended;
      } finally {
        await stream.close();
      }
    });

    it('shows a run nobody has reported on for half an hour as over, and the next daily check ends it as failed', async () => {
      const { owner, workspaceId } = await syncingWorkspace('sync-silent', 1);
      const batchJobId = await silentRun(workspaceId, '31 minutes');
      const stream = await open(owner, workspaceId);
      try {
        expect(await stream.until<SyncStatusMessage>(() => true)).to.deep.equal({ connected: true, syncInProgress: false, syncDetails: null });
      } finally {
        await stream.close();
      }
      // The daily sync is off here: the check ends the run all the same.
      expect(await host.host.container.get(DailySync).run(await host.internalIdOf(workspaceId))).to.equal('off');
      expect((await host.host.knex('notices_sync_runs').where({ batch_job_id: batchJobId }).first()).status).to.equal('FAILED');
      const [outcome] = await syncNotificationsOf(owner, workspaceId, batchJobId);
      expect(outcome).to.deep.include({ eventType: 'SYNC_FAILED', message: 'The sync stopped before every client login was synced.' });
    });

    it('follows a run that reported within the half hour', async () => {
      const { owner, workspaceId } = await syncingWorkspace('sync-quiet', 1);
      await silentRun(workspaceId, '29 minutes');
      const stream = await open(owner, workspaceId);
      try {
        expect(await stream.until<SyncStatusMessage>(() => true)).to.deep.equal({
          connected: true,
          syncInProgress: true,
          syncDetails: { clientCount: 1, progress: 33, platforms: ['GST'], clientNames: ['Lost Client'] },
        });
      } finally {
        await stream.close();
      }
    });

    it('forgets a client that has gone by the time its stream starts', async () => {
      const owner = await host.signedInUser('sync-gone');
      const workspaceId = await host.internalIdOf((await host.createWorkspace(owner)).externalId);
      const streams = host.host.container.get(SyncStatusStreams);
      await eventually(() => streams.size === 0, 'the streams of earlier tests to end', 10_000);
      let opening: Promise<void> | undefined;
      // As when a client leaves while the route's gates are awaited: its connection has closed before the stream opens.
      const server = express()
        .get('/', (req, res) => {
          req.socket.once('close', () => {
            opening = streams.open(req, res, { workspaceId, userExternalId: owner.user.externalId, seesDetails: true });
          });
          req.socket.destroy();
        })
        .listen(0, '127.0.0.1');
      await once(server, 'listening');
      try {
        const refused = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`).then(
          () => null,
          (error: Error) => error,
        );
        expect(refused).to.be.instanceOf(Error);
        await eventually(() => opening !== undefined, 'the stream to open', 10_000);
        await opening;
        expect(streams.size).to.equal(0);
      } finally {
        server.close();
      }
    });
  });

  describe('the demo workspace', () => {
    it('syncs from the sandbox portal: switched on, ten logins of eight clients, one of which the portal refuses', async () => {
      const owner = await host.signedInUser('sync-demo');
      const workspace = await host.createWorkspace(owner);
      const internalId = await host.internalIdOf(workspace.externalId);
      const clients = [];
      for (let index = 0; index < 12; index += 1) clients.push(await createClient(owner, workspace.externalId, { name: `Demo Client ${index + 1}` }));
      const ownerId = (await host.host.container.get<WorkspaceDirectory>(TOKENS.Workspaces).memberByExternalId(internalId, owner.user.externalId))!
        .userId;
      await seedSandboxLogins({
        container: host.host.container,
        membership: { workspace: { id: internalId, externalId: workspace.externalId, name: workspace.name }, role: 'OWNER' },
        owner: { id: ownerId, ...owner.user, image: null },
        team: [],
        clients: clients.map(({ externalId, name }) => ({ externalId, name })),
      });
      const settings = await call(owner, 'get', `/workspaces/${workspace.externalId}/plugins/notices/settings`).expect(200);
      expect(settings.body.values.useSandboxPortal).to.equal(true);

      const started = await startSync(owner, workspace.externalId);
      expect(started.jobCount).to.equal(10);
      const run = await finishedRun(host.host.knex, started.batchJobId);
      expect(run).to.deep.include({
        status: 'COMPLETED',
        failed_clients: [{ clientName: 'Demo Client 4 (GST)', error: NOTICE_SYNC_MESSAGES.invalidCredentials }],
      });
      expect(run.created_count).to.be.at.least(18);
    });
  });

  describe('the daily sync', () => {
    /** `HH:MM` today in Asia/Kolkata, the day the runs the database records fall on. */
    const todayAt = (time: string) =>
      new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date())}T${time}:00+05:30`);

    it('starts once a day at the first check at or after the set time, only while switched on', async () => {
      const { owner, workspaceId } = await syncingWorkspace('sync-daily', 1);
      const internalId = await host.internalIdOf(workspaceId);
      const daily = host.host.container.get(DailySync);
      expect(await daily.run(internalId, todayAt('06:30'))).to.equal('off');

      await saveNoticeSettings(owner, workspaceId, { useSandboxPortal: true, dailySync: true, dailySyncTime: '07:00' });
      expect(await daily.run(internalId, todayAt('06:30'))).to.equal('not-yet');
      expect(await daily.run(internalId, todayAt('07:00'))).to.equal('started');
      const run = await host.host.knex('notices_sync_runs').where({ workspace_id: internalId, trigger: 'SCHEDULED' }).first();
      expect(run.started_by).to.equal(null);
      await finishedRun(host.host.knex, run.batch_job_id);
      expect(await daily.run(internalId, todayAt('23:30'))).to.equal('done-today');
    });

    it("starts the day's sync again after one whose jobs could not be queued, and then not again", async () => {
      const { owner, workspaceId } = await syncingWorkspace('sync-daily-again', 1);
      const internalId = await host.internalIdOf(workspaceId);
      await saveNoticeSettings(owner, workspaceId, { useSandboxPortal: true, dailySync: true, dailySyncTime: '00:00' });
      const daily = host.host.container.get(DailySync);
      const queue = host.host.container.get<QueueService>(TOKENS.Queue);
      const enqueue = queue.enqueue.bind(queue);
      queue.enqueue = () => Promise.reject(new Error('the queue is unreachable'));
      try {
        const failure = await daily.run(internalId, todayAt('07:00')).then(
          () => null,
          (error: Error) => error.message,
        );
        expect(failure).to.equal('the queue is unreachable');
      } finally {
        queue.enqueue = enqueue;
      }
      const runs = () => host.host.knex('notices_sync_runs').where({ workspace_id: internalId, trigger: 'SCHEDULED' }).orderBy('id');
      expect((await runs()).map((run) => run.status)).to.deep.equal(['FAILED']);

      expect(await daily.run(internalId, todayAt('07:30'))).to.equal('started');
      const [, started] = await runs();
      expect((await finishedRun(host.host.knex, started.batch_job_id)).status).to.equal('COMPLETED');
      expect(await daily.run(internalId, todayAt('08:00'))).to.equal('done-today');
      expect(await runs()).to.have.length(2);
    });
  });

  describe('stopping the host', () => {
    it('ends the open sync-status streams within a tick, so the host stops without waiting for them', async () => {
      const owner = await host.signedInUser('sync-stop');
      const workspaceId = (await host.createWorkspace(owner)).externalId;
      const stream = await EventStream.open(apiUrlOf(host, `${NOTICE_SYNC_ROUTES.syncStatus}?workspaceExternalId=${workspaceId}`), cookieOf(owner));
      await stream.until<SyncStatusMessage>(() => true);
      const started = Date.now();
      const stopping = host.stop();
      await stream.ended;
      expect(Date.now() - started, 'the stream ended after').to.be.below(3_000);
      await stopping;
      hostStopped = true;
      // An open stream would hold the HTTP server until its 25-second grace ran out.
      expect(Date.now() - started, 'the stop took').to.be.below(20_000);
    });
  });
});
