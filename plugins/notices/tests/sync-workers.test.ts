import { expect } from 'chai';
import { addDays, kolkataToday, type NotificationDto } from '../../../core/plugin-api';
import { freePort, spawnApp, type SpawnedApp } from '../../../core/plugin-api/testing/spawned-app';
import { SANDBOX_PORTAL_PASSWORD, SANDBOX_PORTAL_URL_VARIABLE, sandboxNoticesOf, type SandboxPlatform, type SandboxPortal } from '../sandbox-portal';
import { NOTICE_SYNC_MESSAGES, NOTICE_SYNC_TYPE, SYNC_CONCURRENCY, SYNC_LOOKBACK_DAYS, type NoticeView } from '../shared/wire';
import {
  apiUrlOf,
  call,
  clientWithLogins,
  cookieOf,
  EventStream,
  finishedRun,
  get,
  HOST_START_TIMEOUT_MS,
  saveNoticeSettings,
  sharedSandboxPortal,
  startNoticesHost,
  startSync,
  type ClientView,
  type TestHost,
  type TestSession,
  eventually,
} from './sync-support';

type Login = { platformName: SandboxPlatform; username: string; password: string };
const login = (platformName: SandboxPlatform, username: string): Login => ({ platformName, username, password: SANDBOX_PORTAL_PASSWORD });

/** The notices a sync brings for a login: every one the portal lists issued within the look-back. */
const expectedNotices = (platform: SandboxPlatform, username: string) =>
  sandboxNoticesOf(platform, username).filter((notice) => notice.issuedOn >= addDays(kolkataToday(), -SYNC_LOOKBACK_DAYS));

/** A username (by prefix and number) whose login has `count` notices today. */
function usernameWith(platform: SandboxPlatform, count: number, prefix: string): string {
  for (let index = 0; ; index += 1) if (expectedNotices(platform, `${prefix}${index}`).length === count) return `${prefix}${index}`;
}

const LOGIN_SYNCED = /"msg":"notice sync: login synced"/g;

/**
 * The sync as deployed: a web process with a worker (this test's host) and a second worker process, both taking the
 * jobs of one run from the queue, against a sandbox portal this test runs.
 */
describe('notices: portal sync with two workers', function () {
  this.timeout(180_000);
  let host: TestHost;
  let portal: SandboxPortal & { release(): Promise<void> };
  let worker: SpawnedApp;

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS + 120_000);
    portal = await sharedSandboxPortal({ latencyMs: 20 });
    host = await startNoticesHost();
    const { config } = host.host;
    worker = spawnApp(['--role=worker'], {
      NODE_ENV: 'test',
      PORT: String(await freePort()),
      DATABASE_URL: config.databaseUrl,
      REDIS_URL: config.redisUrl,
      REDIS_KEY_PREFIX: config.redisKeyPrefix,
      SESSION_SECRET: config.sessionSecret,
      DATA_ENCRYPTION_KEY: config.encryption.keys[config.encryption.currentKeyId]!.toString('base64'),
      DATA_ENCRYPTION_KEY_ID: config.encryption.currentKeyId,
      AZURE_STORAGE_CONNECTION_STRING: config.storage.connectionString ?? '',
      AZURE_STORAGE_CONTAINER: config.storage.container,
      MAIL_CATCHER_DIR: config.mail.catcher?.dir ?? '',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      [SANDBOX_PORTAL_URL_VARIABLE]: portal.url,
    });
    await worker.waitFor(/"msg":"worker started"/);
  });

  after(async () => {
    await worker?.stop();
    await host?.stop();
    await portal?.release();
  });

  async function sandboxWorkspace(label: string) {
    const owner = await host.signedInUser(label);
    const workspaceId = (await host.createWorkspace(owner)).externalId;
    await saveNoticeSettings(owner, workspaceId, { useSandboxPortal: true });
    return { owner, workspaceId };
  }

  const portalNoticesOf = async (session: TestSession, workspaceId: string): Promise<NoticeView[]> =>
    ((await get(session, 'notices', { workspaceId }).expect(200)).body.data as NoticeView[]).filter((notice) => notice.source === 'PORTAL');

  const attachmentsOf = async (session: TestSession, workspaceId: string, noticeId: string): Promise<string[]> =>
    ((await get(session, `notices/${noticeId}/attachments`, { workspaceId }).expect(200)).body.data as { document: { filename: string } }[]).map(
      (attachment) => attachment.document.filename,
    );

  describe('a workspace with documents on', () => {
    let owner: TestSession;
    let workspaceId: string;
    const clients: { client: ClientView; logins: Login[] }[] = [];
    const refused = login('GST', 'locked_delta');

    before(async () => {
      ({ owner, workspaceId } = await sandboxWorkspace('sync-workers'));
      const plan: [string, Login[]][] = [
        ['Alpha Traders', [login('GST', 'alpha_gst'), login('INCOME_TAX', 'alpha_it')]],
        ['Bravo Textiles', [login('GST', 'bravo_gst')]],
        ['Charlie Nair', [login('INCOME_TAX', 'charlie_it')]],
        ['Delta Logistics', [refused]],
        ['Echo Foods', [login('GST', 'echo_gst')]],
        ['Foxtrot Pharma', [login('INCOME_TAX', 'foxtrot_it')]],
        ['Golf Software', [login('GST', 'golf_gst'), login('INCOME_TAX', 'golf_it')]],
        ['Hotel Crafts', [login('GST', 'hotel_gst')]],
      ];
      for (const [name, logins] of plan) clients.push({ client: await clientWithLogins(owner, workspaceId, logins, name), logins });
    });

    it('syncs every login once: progress in order, each notice saved with its PDF, the refused login marked invalid and listed', async () => {
      const stream = await EventStream.open(
        apiUrlOf(host, `notifications/batch/stream?workspaceId=${workspaceId}&entityType=NOTICE`),
        cookieOf(owner),
      );
      const syncedBefore = worker.output().match(LOGIN_SYNCED)?.length ?? 0;
      // Every sign-in waits until more are waiting than one worker takes at once: then each worker holds some.
      const releases = clients.flatMap((entry) => entry.logins.map((entry) => portal.holdSignIn(entry.username)));
      const requestsBefore = portal.stats.requests;
      let batchJobId = '';
      try {
        const started = await startSync(owner, workspaceId);
        expect(started.jobCount).to.equal(10);
        batchJobId = started.batchJobId;
        await eventually(() => portal.stats.requests - requestsBefore > SYNC_CONCURRENCY, 'both workers signing in', 60_000);
        for (const release of releases) release();
        const run = await finishedRun(host.host.knex, batchJobId);
        const ofRun = (event: { notifications: NotificationDto[] }) =>
          event.notifications.filter((notification) => notification.metadata.batchJobId === batchJobId);
        await stream.until<{ notifications: NotificationDto[] }>(
          (event) => ofRun(event).some((notification) => notification.eventType === 'SYNC_COMPLETED'),
          {
            event: 'batch-notifications',
          },
        );
        const changes = stream.namedEvents.flatMap((event) => ofRun(event.data as { notifications: NotificationDto[] }));
        const current = changes.filter((notification) => !notification.metadata.obsolete);
        const stages = current.map((notification) => notification.eventType).filter((stage, index, all) => stage !== all[index - 1]);
        expect(stages).to.deep.equal(['SYNC_STARTED', 'SYNC_IN_PROGRESS', 'SYNC_COMPLETED']);
        const progress = current
          .filter((notification) => notification.eventType === 'SYNC_IN_PROGRESS')
          .map((notification) => notification.metadata.progress!);
        const completedCounts = progress.map((report) => report.completed);
        expect(completedCounts).to.deep.equal([...completedCounts].sort((a, b) => a - b));
        expect(progress.every((report) => report.total === 10 && report.step === 'Syncing notices')).to.equal(true);
        const completed = current.at(-1)!;
        expect(completed.metadata).to.deep.include({ syncType: NOTICE_SYNC_TYPE, entityType: 'NOTICE' });
        expect(completed.metadata.failedClients).to.deep.equal([
          { clientName: 'Delta Logistics (GST)', error: NOTICE_SYNC_MESSAGES.invalidCredentials },
        ]);
        expect(run).to.deep.include({ status: 'COMPLETED', completed_count: 10, failed_clients: completed.metadata.failedClients });
      } finally {
        for (const release of releases) release();
        await stream.close();
      }

      const delta = clients.find((entry) => entry.logins.includes(refused))!.client;
      const alpha = clients[0]!.client;
      const validity = async (client: ClientView) =>
        (
          (await call(owner, 'get', `/clients/${client.externalId}/credentials`).query({ workspaceId }).expect(200)).body.credentials as {
            isValid: boolean;
          }[]
        ).map((credential) => credential.isValid);
      expect(await validity(delta)).to.deep.equal([false]);
      expect(await validity(alpha)).to.deep.equal([true, true]);

      const saved = await portalNoticesOf(owner, workspaceId);
      for (const { client, logins } of clients) {
        const expected = logins.filter((entry) => entry !== refused).flatMap((entry) => expectedNotices(entry.platformName, entry.username));
        const ofClient = saved.filter((notice) => notice.clientId === client.externalId);
        expect(ofClient.map((notice) => notice.reference).sort(), client.name).to.deep.equal(expected.map((notice) => notice.reference).sort());
        for (const notice of expected) {
          const view = ofClient.find((candidate) => candidate.reference === notice.reference)!;
          expect(view).to.deep.include({
            sourceLabel: 'Sandbox',
            noticeType: notice.noticeType,
            dueDate: notice.dueOn,
            amountDemanded: notice.amount,
            status: notice.status === 'CLOSED' ? 'RESOLVED' : 'NEW',
            prioritySetByMember: false,
          });
        }
      }
      for (const notice of saved) expect(await attachmentsOf(owner, workspaceId, notice.externalId), notice.reference).to.have.length(1);
      const activity: { action: string; performedBy: { name: string } | null }[] = (
        await get(owner, `notices/${saved[0]!.externalId}/activities`, { workspaceId }).expect(200)
      ).body.data;
      const brought = activity.find((entry) => entry.action === 'Brought from the Sandbox portal by the portal sync');
      expect(brought?.performedBy).to.deep.equal({ name: 'Portal sync' });

      const byTheSecondWorker = (worker.output().match(LOGIN_SYNCED)?.length ?? 0) - syncedBefore;
      expect(byTheSecondWorker, 'logins synced by the second worker process').to.be.within(1, 9);
    });

    it('a second sync finds the same notices: nothing duplicated, no PDF downloaded again, the invalid login left out', async () => {
      const before = await portalNoticesOf(owner, workspaceId);
      const pdfs = portal.stats.pdfs;
      const { batchJobId, jobCount } = await startSync(owner, workspaceId);
      expect(jobCount).to.equal(9);
      const run = await finishedRun(host.host.knex, batchJobId);
      expect(run).to.deep.include({ status: 'COMPLETED', created_count: 0, updated_count: 0, failed_clients: [] });
      const after = await portalNoticesOf(owner, workspaceId);
      expect(after.map((notice) => notice.externalId).sort()).to.deep.equal(before.map((notice) => notice.externalId).sort());
      expect(portal.stats.pdfs).to.equal(pdfs);
      for (const notice of after) expect(await attachmentsOf(owner, workspaceId, notice.externalId)).to.have.length(1);
    });
  });

  it('with documents off, brings the notices without their PDFs and downloads none', async () => {
    const { owner, workspaceId } = await sandboxWorkspace('sync-no-documents');
    await call(owner, 'put', `/workspaces/${workspaceId}/plugins/documents`, { enabled: false }).expect(200);
    const username = 'india_gst';
    await clientWithLogins(owner, workspaceId, [login('GST', username)]);
    const pdfs = portal.stats.pdfs;
    const { batchJobId } = await startSync(owner, workspaceId);
    expect(await finishedRun(host.host.knex, batchJobId)).to.include({ status: 'COMPLETED' });
    const saved = await portalNoticesOf(owner, workspaceId);
    expect(saved.map((notice) => notice.reference).sort()).to.deep.equal(
      expectedNotices('GST', username)
        .map((notice) => notice.reference)
        .sort(),
    );
    expect(portal.stats.pdfs).to.equal(pdfs);
  });

  it('a portal that goes down mid-sync: finished logins keep their notices, the rest fail with the portal’s words', async () => {
    const { owner, workspaceId } = await sandboxWorkspace('sync-portal-down');
    const logins = [2, 2, 3, 4, 5, 6, 6, 6].map((count, index) => login('GST', usernameWith('GST', count, `down${index}_`)));
    const clients: ClientView[] = [];
    for (const entry of logins) clients.push(await clientWithLogins(owner, workspaceId, [entry]));
    // The last login signs in only once the portal is down, so at least one login meets it down.
    const releaseLastLogin = portal.holdSignIn(logins.at(-1)!.username);
    let batchJobId = '';
    try {
      ({ batchJobId } = await startSync(owner, workspaceId));
      const runId = (await host.host.knex('notices_sync_runs').where({ batch_job_id: batchJobId }).first('id')).id;
      await eventually(
        async () => Boolean(await host.host.knex('notices_sync_clients').where({ run_id: runId, status: 'DONE' }).first()),
        'a login synced before the portal goes down',
        60_000,
      );
      portal.setDown(true);
      releaseLastLogin();
      const run = await finishedRun(host.host.knex, batchJobId);
      const rows: { client_id: number; status: string; error: string | null }[] = await host.host
        .knex('notices_sync_clients')
        .where({ run_id: runId });
      const done = rows.filter((row) => row.status === 'DONE');
      const failed = rows.filter((row) => row.status === 'FAILED');
      expect(done.length, 'logins synced before the portal went down').to.be.at.least(1);
      expect(failed.length, 'logins the portal failed').to.be.at.least(1);
      expect(failed.every((row) => row.error === NOTICE_SYNC_MESSAGES.portalDown)).to.equal(true);
      expect(run.status).to.equal('COMPLETED');
      expect(run.failed_clients.map((entry) => entry.error)).to.deep.equal(failed.map(() => NOTICE_SYNC_MESSAGES.portalDown));

      const saved = await portalNoticesOf(owner, workspaceId);
      const internalIds = new Map(
        (
          await host.host
            .knex('clients')
            .whereIn(
              'external_id',
              clients.map((client) => client.externalId),
            )
            .select('id', 'external_id')
        ).map((row: { id: number; external_id: string }) => [row.id, row.external_id]),
      );
      for (const row of done) {
        const index = clients.findIndex((client) => client.externalId === internalIds.get(row.client_id));
        const expected = expectedNotices('GST', logins[index]!.username)
          .map((notice) => notice.reference)
          .sort();
        expect(
          saved
            .filter((notice) => notice.clientId === clients[index]!.externalId)
            .map((notice) => notice.reference)
            .sort(),
        ).to.deep.equal(expected);
      }
      for (const client of clients) {
        const credentials = (await call(owner, 'get', `/clients/${client.externalId}/credentials`).query({ workspaceId }).expect(200)).body
          .credentials;
        expect(credentials[0].isValid, 'a portal that is down says nothing of the login').to.equal(true);
      }
    } finally {
      releaseLastLogin();
      portal.setDown(false);
    }
  });
});
