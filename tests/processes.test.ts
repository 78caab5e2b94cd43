import { expect } from 'chai';
import request from 'supertest';
import { freePort, spawnApp, spawnedAppEnv, type SpawnedApp } from './support/spawned-app';
import { dropDatabase } from './support/test-host';
import { TEST_RUN_ID } from './support/test-config';

const appEnv = (database: string, port: number) => ({ ...spawnedAppEnv(database, port, 'proc') });

const APP = '/axal';

describe('processes', function () {
  this.timeout(90_000);
  const database = `practice_proc_${TEST_RUN_ID}`;
  const running: SpawnedApp[] = [];

  before(() => dropDatabase(database));
  after(async () => {
    // SIGTERM, which tsx passes on to the server it runs; a SIGKILL would stop only tsx and leave the server running.
    await Promise.all(running.map((app) => app.stop()));
    await dropDatabase(database);
  });

  it('npm start creates the database, migrates, seeds a demo workspace once, serves it and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const app = spawnApp([], appEnv(database, port));
    running.push(app);
    const [, email, password] = await app.waitFor(/Email:\s+(\S+)\n\s+Password:\s+(\S+)/);
    await app.waitFor(/"msg":"listening"/);

    const agent = request.agent(`http://127.0.0.1:${port}`);
    const { body } = await agent.get(`${APP}/auth/csrf`).expect(200);
    const login = await agent.post(`${APP}/auth/login`).set('X-CSRF-Token', body.csrfToken).send({ email, password }).expect(200);
    const workspaces = await agent.get(`${APP}/api/v1/workspaces`).expect(200);
    expect(workspaces.body.workspaces).to.deep.equal([{ externalId: workspaces.body.workspaces[0].externalId, name: 'Demo Practice', role: 'OWNER' }]);
    expect(login.body.user.email).to.equal(email);

    const logLines = app.output().split('\n').filter((line) => line.startsWith('{'));
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
    await Promise.all([web.waitFor(/"msg":"listening"/), worker.waitFor(/"msg":"worker started"/)]);
    expect(web.output()).to.not.match(/Demo workspace/);
    expect(worker.output()).to.not.match(/listening/);
    await request(`http://127.0.0.1:${port}`).get('/readyz').expect(200);
    expect(await web.stop()).to.equal(0);
    expect(await worker.stop()).to.equal(0);
  });

  it('refuses to start on invalid configuration, one readable line per problem', async () => {
    const app = spawnApp([], { ...appEnv(database, 1), PORT: 'eighty', APP_BASE_PATH: 'no-slash' });
    running.push(app);
    expect(await app.exited).to.equal(1);
    expect(app.output()).to.match(/Invalid configuration:\n {2}- PORT: .+\n {2}- APP_BASE_PATH: .+\n?$/);
  });
});
