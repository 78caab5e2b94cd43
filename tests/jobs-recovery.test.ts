import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { expect } from 'chai';
import pg from 'pg';
import request from 'supertest';
import type { CredentialImportView } from '../core/clients/credential-import-rows';
import { NO_WORKER_REASON } from '../core/host/health';
import { WORKER_ABSENCE_MS } from '../core/platform/worker-heartbeat';
import { API, APP, createWorkspace, signUp, TestClient, uniqueEmail, type TestSession } from '../core/plugin-api/testing/http';
import { freePort, spawnApp, spawnedAppEnv, type SpawnedApp } from '../core/plugin-api/testing/spawned-app';
import { stepUp } from '../core/plugin-api/testing/step-up';
import { TEST_DATABASE_URL, TEST_RUN_ID } from '../core/plugin-api/testing/test-config';
import { dropDatabase } from '../core/plugin-api/testing/test-host';

/** The bound: a job whose worker was killed moves again within 10 s. */
const TAKEOVER_MS = 10_000;
/** Rows of the imports killed halfway: many steps of 200 rows, so a kill lands in the middle. */
const LARGE_IMPORT_ROWS = 2_000;

interface LogLine {
  time: number;
  msg: string;
  importId?: string;
}

const logLines = (app: SpawnedApp): LogLine[] =>
  app
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

const isRunning = (app: SpawnedApp) => app.child.exitCode === null && app.child.signalCode === null;

const logged = (app: SpawnedApp, msg: string, importId?: string) =>
  logLines(app).find((line) => line.msg === msg && (!importId || line.importId === importId));

async function eventually<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(100);
  }
}

describe('jobs across real worker processes', function () {
  this.timeout(240_000);
  const database = `practice_jobs_${TEST_RUN_ID}`;
  const running: SpawnedApp[] = [];
  let baseUrl: string;
  let db: pg.Client;
  let owner: TestSession;
  let workspaceId: string;
  let workspaceRowId: number;

  const env = (port: number) => spawnedAppEnv(database, port, 'jobs');
  const start = async (role: 'web' | 'worker', port = 0): Promise<SpawnedApp> => {
    const app = spawnApp([`--role=${role}`], env(port || (await freePort())));
    running.push(app);
    await app.waitFor(role === 'web' ? /"msg":"listening"/ : /"msg":"worker started"/);
    return app;
  };

  const readiness = async () =>
    (await request(baseUrl).get('/readyz').expect(200)).body as { status: string; reason?: string; checks: Record<string, string> };
  const importView = async (importId: string) =>
    (await owner.agent.get(`${API}/clients/credentials/import/${importId}`).query({ workspaceId }).expect(200)).body as CredentialImportView;

  const rowsOf = (count: number) => {
    const tag = randomUUID().slice(0, 6);
    const panPrefix = Array.from({ length: 3 }, () => String.fromCharCode(65 + randomInt(26))).join('');
    return Array.from({ length: count }, (_, index) => ({
      email: `holder.${tag}.${index}@jobs.example`,
      platform: index % 2 ? 'GST' : 'Income Tax',
      username: `portal-${tag}-${index}`,
      password: `Portal#${tag}${index}`,
      name: `Holder ${index}`,
      phone: '9876543210',
      // An individual's PAN (fourth letter P), distinct per row.
      panNumber: `${panPrefix}PJ${String(index).padStart(4, '0')}K`,
    }));
  };

  const startImport = async (rows: ReturnType<typeof rowsOf>) => {
    await stepUp(owner);
    const { body } = await owner.agent
      .post(`${API}/clients/credentials/import`)
      .query({ workspaceId })
      .set('X-CSRF-Token', owner.csrf)
      .send({ rows })
      .expect(202);
    return body.importId as string;
  };

  const finished = (importId: string, timeoutMs = 120_000) =>
    eventually(`import ${importId} to finish`, timeoutMs, async () => {
      const view = await importView(importId);
      return view.status === 'completed' || view.status === 'failed' ? view : undefined;
    });

  /** Every row has one result, one client and one credential: none lost, none imported twice. */
  async function expectEveryRowSavedOnce(importId: string, rows: ReturnType<typeof rowsOf>) {
    const view = await finished(importId);
    expect(view).to.include({ status: 'completed', total: rows.length, completed: rows.length, waitingForWorker: false });
    expect(view.results.map((result) => result.row)).to.deep.equal(rows.map((_, index) => index + 2));
    expect(new Set(view.results.map((result) => result.outcome))).to.deep.equal(new Set(['created_client']));
    const pans = rows.map((row) => row.panNumber);
    const { rows: stored } = await db.query(
      `select c.pan_number, count(distinct c.id)::int as clients, count(cc.id)::int as credentials
         from clients c left join client_credentials cc on cc.client_id = c.id
        where c.workspace_id = $1 and c.pan_number = any($2) group by c.pan_number`,
      [workspaceRowId, pans],
    );
    expect(stored).to.have.length(rows.length);
    expect(stored.filter((row) => row.clients !== 1 || row.credentials !== 1)).to.deep.equal([]);
  }

  /** Which worker's log says it took the import (started or resumed). */
  const workerRunning = (workers: SpawnedApp[], importId: string) =>
    eventually(`a worker to take import ${importId}`, 60_000, () =>
      workers.find((worker) => logged(worker, 'credential import started', importId) || logged(worker, 'credential import resumed', importId)),
    );

  /** Kills the worker running the import once a few steps are saved, and answers the kill time and the count then. */
  async function killMidImport(worker: SpawnedApp, importId: string, total: number) {
    const before = await eventually('a few steps of the import to be saved', 60_000, async () => {
      const view = await importView(importId);
      return view.completed >= 400 ? view : undefined;
    });
    expect(before.completed, 'the kill lands before the import ends').to.be.below(total);
    worker.child.kill('SIGKILL');
    const killedAt = Date.now();
    await worker.exited;
    return { killedAt, completedAtKill: (await importView(importId)).completed };
  }

  /** Only a web process runs at first, so no verification mail goes out yet: the owner's address is marked verified directly. */
  async function ownerWithoutWorker(): Promise<TestSession> {
    const { agent, csrf } = await new TestClient(baseUrl).newAgent();
    const email = uniqueEmail('jobs-owner');
    const { body } = await signUp(agent, csrf, { email });
    await db.query('update users set email_verified_at = now() where email = $1', [email]);
    const login = await agent.post(`${APP}/auth/login`).set('X-CSRF-Token', csrf).send({ email, password: body.password }).expect(200);
    return { agent, csrf: login.body.csrfToken, user: login.body.user, password: body.password };
  }

  before(async function () {
    await dropDatabase(database);
    const port = await freePort();
    await start('web', port);
    baseUrl = `http://127.0.0.1:${port}`;
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${database}`;
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    owner = await ownerWithoutWorker();
    workspaceId = (await createWorkspace(owner)).externalId;
    workspaceRowId = (await db.query('select id from workspaces where external_id = $1', [workspaceId])).rows[0].id;
  });

  after(async function () {
    await Promise.all(running.map((app) => app.stop()));
    await db?.end();
    await dropDatabase(database);
  });

  it('with no worker, says so on the import and on /readyz; --migrate-only runs no job; a worker then runs it', async () => {
    const rows = rowsOf(3);
    const importId = await startImport(rows);
    expect(await importView(importId)).to.include({ status: 'queued', completed: 0, waitingForWorker: true });
    expect(await readiness()).to.deep.equal({
      status: 'degraded',
      reason: NO_WORKER_REASON,
      checks: { postgres: 'ok', redis: 'ok', workers: 'none' },
    });

    const migrate = spawnApp(['--migrate-only'], env(await freePort()));
    running.push(migrate);
    expect(await migrate.exited).to.equal(0);
    expect(migrate.output()).to.not.match(/worker started|listening|credential import/);
    expect(await importView(importId), 'migrating started no job processor').to.include({ status: 'queued', completed: 0, waitingForWorker: true });
    expect((await readiness()).status).to.equal('degraded');

    await start('worker');
    expect(await finished(importId)).to.include({ status: 'completed', completed: 3, waitingForWorker: false });
    expect(await readiness()).to.deep.equal({ status: 'ready', checks: { postgres: 'ok', redis: 'ok', workers: 'ok' } });
  });

  it('a surviving worker takes over the import of a worker killed with SIGKILL within 10 s, and every row is saved once', async () => {
    await start('worker');
    const workers = running.filter((app) => isRunning(app) && logged(app, 'worker started'));
    expect(workers).to.have.length(2);
    const rows = rowsOf(LARGE_IMPORT_ROWS);
    const importId = await startImport(rows);
    const victim = await workerRunning(workers, importId);
    const survivor = workers.find((worker) => worker !== victim)!;
    const { killedAt, completedAtKill } = await killMidImport(victim, importId, rows.length);

    const resumed = await eventually('the survivor to resume the import', TAKEOVER_MS * 2, () =>
      logged(survivor, 'credential import resumed', importId),
    );
    expect(resumed.time - killedAt, 'taken over within 10 s of the kill').to.be.at.most(TAKEOVER_MS);
    await eventually('its count to move again', TAKEOVER_MS, async () =>
      (await importView(importId)).completed > completedAtKill ? true : undefined,
    );
    await expectEveryRowSavedOnce(importId, rows);
  });

  it('with the last worker killed the import says it waits for a worker; a restarted worker takes it over within 10 s', async () => {
    const [lastWorker, ...others] = running.filter((app) => isRunning(app) && logged(app, 'worker started'));
    expect(others).to.deep.equal([]);
    const rows = rowsOf(LARGE_IMPORT_ROWS);
    const importId = await startImport(rows);
    await workerRunning([lastWorker], importId);
    const { completedAtKill } = await killMidImport(lastWorker, importId, rows.length);

    // The killed worker's heartbeat outlives it by up to WORKER_ABSENCE_MS.
    const waiting = await eventually('the import to say it waits for a worker', WORKER_ABSENCE_MS + 10_000, async () => {
      const view = await importView(importId);
      return view.waitingForWorker ? view : undefined;
    });
    expect(waiting).to.include({ status: 'running', completed: completedAtKill });
    expect(await readiness()).to.deep.equal({
      status: 'degraded',
      reason: NO_WORKER_REASON,
      checks: { postgres: 'ok', redis: 'ok', workers: 'none' },
    });

    const restarted = await start('worker');
    const startedAt = logged(restarted, 'worker started')!.time;
    const resumed = await eventually('the restarted worker to resume the import', TAKEOVER_MS * 2, () =>
      logged(restarted, 'credential import resumed', importId),
    );
    expect(resumed.time - startedAt, 'taken over within 10 s of the worker starting').to.be.at.most(TAKEOVER_MS);
    await expectEveryRowSavedOnce(importId, rows);
    expect((await readiness()).status).to.equal('ready');
  });
});
