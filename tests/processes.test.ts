import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { expect } from 'chai';
import request from 'supertest';
import { freePort, spawnApp, spawnedAppEnv, spawnNpmScript, type SpawnedApp } from '../core/plugin-api/testing/spawned-app';
import { dropDatabase } from '../core/plugin-api/testing/test-host';
import { TEST_RUN_ID } from '../core/plugin-api/testing/test-config';

const appEnv = (database: string, port: number) => ({ ...spawnedAppEnv(database, port, 'proc') });

const APP = '/axal';

/** Parent pid and state of every process, from /proc (Linux). */
function processTable(): Map<number, { parent: number; state: string }> {
  const table = new Map<number, { parent: number; state: string }>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command's closing parenthesis: state, then parent pid.
      const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), { parent: Number(parent), state });
    } catch {
      // Gone while the table was read.
    }
  }
  return table;
}

function descendantsOf(pid: number): number[] {
  const table = processTable();
  const found: number[] = [];
  for (let queue = [pid]; queue.length;) {
    const parent = queue.shift()!;
    for (const [child, { parent: itsParent }] of table) {
      if (itsParent === parent) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

const commandOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

/** Still running: a zombie has ended and only waits for its parent to note it. */
const stillRunning = (pids: number[]) => {
  const table = processTable();
  return pids.filter((pid) => table.has(pid) && table.get(pid)!.state !== 'Z');
};

async function nothingLeftOf(pids: number[]): Promise<number[]> {
  for (let attempt = 0; attempt < 50 && stillRunning(pids).length; attempt++) await delay(100);
  return stillRunning(pids);
}

/** A first start creates the database, migrates and seeds: on a machine busy with the rest of the suite that takes a while. */
const FIRST_START_MS = 120_000;

describe('processes', function () {
  this.timeout(2 * FIRST_START_MS);
  const database = `practice_proc_${TEST_RUN_ID}`;
  const running: SpawnedApp[] = [];

  before(() => dropDatabase(database));
  after(async () => {
    await Promise.all(running.map((app) => app.stop()));
    await dropDatabase(database);
  });

  it('npm start creates the database, migrates, seeds a demo workspace once, serves it and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const app = spawnApp([], appEnv(database, port));
    running.push(app);
    const [, email, password] = await app.waitFor(/Email:\s+(\S+)\n\s+Password:\s+(\S+)/, FIRST_START_MS);
    await app.waitFor(/"msg":"listening"/, FIRST_START_MS);

    const agent = request.agent(`http://127.0.0.1:${port}`);
    const { body } = await agent.get(`${APP}/auth/csrf`).expect(200);
    const login = await agent.post(`${APP}/auth/login`).set('X-CSRF-Token', body.csrfToken).send({ email, password }).expect(200);
    const workspaces = await agent.get(`${APP}/api/v1/workspaces`).expect(200);
    expect(workspaces.body.workspaces).to.deep.equal([
      { externalId: workspaces.body.workspaces[0].externalId, name: 'Demo Practice', role: 'OWNER' },
    ]);
    expect(login.body.user.email).to.equal(email);

    const logLines = app
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    const requestLine = logLines.map((line) => JSON.parse(line)).find((entry) => entry.path === `${APP}/auth/login`);
    expect(requestLine).to.include({ method: 'POST', status: 200 });
    expect(requestLine).to.have.property('requestId');
    expect(requestLine).to.have.property('durationMs');
    expect(app.output().split(password)).to.have.length(2, 'the password appears once, in the one-time banner, and in no log line');

    expect(await app.stop()).to.equal(0);
  });

  it('seeds nothing on the second start, and runs the web and worker roles as separate processes', async () => {
    const port = await freePort();
    const web = spawnApp(['--role=web'], appEnv(database, port));
    const worker = spawnApp(['--role=worker'], appEnv(database, await freePort()));
    running.push(web, worker);
    await Promise.all([web.waitFor(/"msg":"listening"/, FIRST_START_MS), worker.waitFor(/"msg":"worker started"/, FIRST_START_MS)]);
    expect(web.output()).to.not.match(/Demo workspace/);
    expect(worker.output()).to.not.match(/listening/);
    await request(`http://127.0.0.1:${port}`).get('/readyz').expect(200);
    expect(await web.stop()).to.equal(0);
    expect(await worker.stop()).to.equal(0);
  });

  it('npm start, web, worker and migrate run the app itself, so a signal to the pid npm or a supervisor records reaches it', async function () {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).to.equal('exec node --import tsx core/main.ts');
    expect([scripts.web, scripts.worker, scripts.migrate]).to.deep.equal([
      `${scripts.start} --role=web`,
      `${scripts.start} --role=worker`,
      `${scripts.start} --migrate-only`,
    ]);
    if (!existsSync('/proc/self/stat')) this.skip();

    // SIGTERM to the pid of `npm run worker`: npm's one child is the app, which shuts down and leaves nothing behind.
    const throughNpm = spawnNpmScript('worker', appEnv(database, await freePort()));
    running.push(throughNpm);
    await throughNpm.waitFor(/"msg":"worker started"/);
    const npmPid = throughNpm.child.pid!;
    const [app, ...others] = descendantsOf(npmPid).filter((pid) => processTable().get(pid)?.parent === npmPid);
    expect(others, 'npm runs one process').to.deep.equal([]);
    expect(commandOf(app), 'npm runs the app itself, through no shell or launcher').to.deep.equal([
      'node',
      '--import',
      'tsx',
      'core/main.ts',
      '--role=worker',
    ]);
    const started = [npmPid, ...descendantsOf(npmPid)];
    throughNpm.child.kill('SIGTERM');
    await throughNpm.exited;
    expect(await nothingLeftOf(started), 'no process is left after SIGTERM to npm').to.deep.equal([]);
    expect(throughNpm.output()).to.match(/"msg":"shutting down"/);

    // SIGKILL to the pid the tests (and a supervisor running the command directly) record: nothing is left either.
    const direct = spawnApp(['--role=worker'], appEnv(database, await freePort()));
    running.push(direct);
    await direct.waitFor(/"msg":"worker started"/);
    expect(commandOf(direct.child.pid!)).to.deep.equal(['node', '--import', 'tsx', 'core/main.ts', '--role=worker']);
    const processes = [direct.child.pid!, ...descendantsOf(direct.child.pid!)];
    direct.child.kill('SIGKILL');
    await direct.exited;
    expect(await nothingLeftOf(processes), 'no process is left after SIGKILL').to.deep.equal([]);
  });

  it('refuses to start on invalid configuration, one readable line per problem', async () => {
    const app = spawnApp([], { ...appEnv(database, 1), PORT: 'eighty', APP_BASE_PATH: 'no-slash' });
    running.push(app);
    expect(await app.exited).to.equal(1);
    expect(app.output()).to.match(/Invalid configuration:\n {2}- PORT: .+\n {2}- APP_BASE_PATH: .+\n?$/);
  });
});
