import { setTimeout as delay } from 'node:timers/promises';
import { expect } from 'chai';
import { STEP_UP_REQUIRED, stepUpClock } from '../../auth/step-up';
import {
  APP,
  createWorkspace,
  memberWithRole,
  newAgent,
  signedInUser,
  workspaceWithEveryRole,
  type TestSession,
} from '../../plugin-api/testing/http';
import { stepUp } from '../../plugin-api/testing/step-up';
import type { Role } from '../../platform/identity';
import {
  call,
  createClient,
  db,
  individualClient,
  internalIdOf,
  NO_PERMISSION,
  uniqueClientEmail,
  uniquePanOfHolder,
  WORKSPACE_NOT_FOUND,
} from './support';

const STEP_UP_ANSWER = { error: STEP_UP_REQUIRED, stepUpRequired: true };
const AADHAAR = '345678901234';

/** The routes that read or write a client's secrets, each answering 2xx to a verified manager. */
const guardedRoutes = (workspaceId: string, clientId: string) => ({
  'reveal a password': (session: TestSession) => call(session, 'get', `/clients/${clientId}/credentials/GST/reveal`).query({ workspaceId }),
  'reveal the Aadhaar number': (session: TestSession) => call(session, 'get', `/clients/${clientId}/aadhaar`).query({ workspaceId }),
  'save credentials': (session: TestSession) =>
    call(session, 'post', `/clients/${clientId}/credentials`, { workspaceId, platformName: 'GST', username: 'gst_user', password: 'Gst#Portal#1' }),
  'import credentials': (session: TestSession) =>
    call(session, 'post', '/clients/credentials/import', {
      workspaceId,
      rows: [
        {
          email: uniqueClientEmail(),
          platform: 'Income Tax',
          username: 'itr_user',
          password: 'Itr#Portal#1',
          name: 'Imported Person',
          phone: '9876543210',
          panNumber: uniquePanOfHolder('P'),
        },
      ],
    }),
});

/** A second sign-in of the same account: a session of its own. */
async function anotherSessionOf(session: TestSession): Promise<TestSession> {
  const { agent, csrf } = await newAgent();
  const login = await agent
    .post(`${APP}/auth/login`)
    .set('X-CSRF-Token', csrf)
    .send({ email: session.user.email, password: session.password })
    .expect(200);
  return { ...session, agent, csrf: login.body.csrfToken };
}

describe('step-up before a client’s secrets are read or changed', () => {
  let sessions: Record<Role, TestSession>;
  let workspaceId: string;
  let workspaceRowId: number;
  let clientId: string;
  let routes: ReturnType<typeof guardedRoutes>;

  before(async () => {
    const setup = await workspaceWithEveryRole();
    sessions = setup.sessions;
    workspaceId = setup.workspace.externalId;
    workspaceRowId = await internalIdOf(workspaceId);
    clientId = (await createClient(sessions.OWNER, workspaceId, individualClient({ aadhaarNumber: AADHAAR }))).externalId;
    routes = guardedRoutes(workspaceId, clientId);
    await stepUp(sessions.OWNER);
    await routes['save credentials'](sessions.OWNER).expect(201);
  });

  afterEach(() => {
    stepUpClock.now = () => Date.now();
  });

  const importFinished = async (session: TestSession, importId: string): Promise<void> => {
    for (let attempt = 0; attempt < 800; attempt++) {
      const { body } = await call(session, 'get', `/clients/credentials/import/${importId}`).query({ workspaceId }).expect(200);
      if (body.status === 'completed' || body.status === 'failed') return;
      await delay(25);
    }
    throw new Error(`import ${importId} did not finish`);
  };

  const activityCount = async (action: string, actorEmail: string) => {
    const actor = await db()('users').where({ email: actorEmail }).first('id');
    const [{ count }] = await db()('activity_log').where({ workspace_id: workspaceRowId, action, actor_user_id: actor.id }).count({ count: '*' });
    return Number(count);
  };

  it('every such route answers 401 { error, stepUpRequired } to a manager who has not verified, and reads or writes nothing', async () => {
    const admin = await memberWithRole(sessions.OWNER, workspaceId, 'ADMIN');
    const credentialsBefore = await db()('client_credentials').where({ workspace_id: workspaceRowId }).select('*');
    const importsBefore = await db()('credential_imports').where({ workspace_id: workspaceRowId }).count({ count: '*' });
    for (const [name, send] of Object.entries(routes)) {
      const { status, body } = await send(admin);
      expect(status, name).to.equal(401);
      expect(body, name).to.deep.equal(STEP_UP_ANSWER);
    }
    expect(await db()('client_credentials').where({ workspace_id: workspaceRowId }).select('*')).to.deep.equal(credentialsBefore);
    expect(await db()('credential_imports').where({ workspace_id: workspaceRowId }).count({ count: '*' })).to.deep.equal(importsBefore);
    expect(await activityCount('client.credentials_viewed', admin.user.email)).to.equal(0);
    expect(await activityCount('client.aadhaar_revealed', admin.user.email)).to.equal(0);
  });

  it('a wrong password grants nothing; after POST me/step-up the same session may do each, and the reveals are logged', async () => {
    const admin = await memberWithRole(sessions.OWNER, workspaceId, 'ADMIN');
    await call(admin, 'post', '/me/step-up', { password: 'Not#My#Password1' }).expect(401);
    expect((await routes['reveal a password'](admin)).body).to.deep.equal(STEP_UP_ANSWER);

    await stepUp(admin);
    const password = await routes['reveal a password'](admin).expect(200);
    expect(password.body).to.deep.equal({ platformName: 'GST', password: 'Gst#Portal#1' });
    const aadhaar = await routes['reveal the Aadhaar number'](admin).expect(200);
    expect(aadhaar.body).to.deep.equal({ aadhaarNumber: AADHAAR });
    await routes['save credentials'](admin).expect(201);
    const started = await routes['import credentials'](admin).expect(202);
    await importFinished(admin, started.body.importId);
    expect(await activityCount('client.credentials_viewed', admin.user.email)).to.equal(1);
    expect(await activityCount('client.aadhaar_revealed', admin.user.email)).to.equal(1);
  });

  it('the mark expires ten minutes after the verification', async () => {
    const admin = await memberWithRole(sessions.OWNER, workspaceId, 'ADMIN');
    const { stepUpUntil } = (await call(admin, 'post', '/me/step-up', { password: admin.password }).expect(200)).body as { stepUpUntil: number };

    stepUpClock.now = () => stepUpUntil - 1;
    for (const name of ['reveal a password', 'reveal the Aadhaar number'] as const) await routes[name](admin).expect(200);

    stepUpClock.now = () => stepUpUntil;
    for (const [name, send] of Object.entries(routes)) {
      const { status, body } = await send(admin);
      expect(status, name).to.equal(401);
      expect(body, name).to.deep.equal(STEP_UP_ANSWER);
    }

    // Verifying again starts a new ten minutes from that moment.
    await stepUp(admin);
    await routes['reveal a password'](admin).expect(200);
  });

  it('the mark belongs to the session that verified, not to the account', async () => {
    const verified = sessions.OWNER;
    const elsewhere = await anotherSessionOf(verified);
    await routes['reveal a password'](verified).expect(200);
    expect((await routes['reveal a password'](elsewhere).expect(401)).body).to.deep.equal(STEP_UP_ANSWER);
  });

  it('EMPLOYEE and CLIENT members still get 403, verified or not', async () => {
    for (const role of ['EMPLOYEE', 'CLIENT'] as const) {
      for (const verified of [false, true]) {
        if (verified) await stepUp(sessions[role]);
        for (const [name, send] of Object.entries(routes)) {
          const { status, body } = await send(sessions[role]);
          expect(status, `${role} ${name}`).to.equal(403);
          expect(body, `${role} ${name}`).to.deep.equal(NO_PERMISSION);
        }
      }
    }
  });

  it('a verified owner of another workspace gets 404, naming this workspace or their own', async () => {
    const outsider = await signedInUser('step-up-outsider');
    const ownWorkspace = (await createWorkspace(outsider)).externalId;
    await stepUp(outsider);
    for (const [name, send] of Object.entries(routes)) {
      const { status, body } = await send(outsider);
      expect(status, name).to.equal(404);
      expect(body, name).to.deep.equal(WORKSPACE_NOT_FOUND);
    }
    for (const [name, send] of Object.entries(guardedRoutes(ownWorkspace, clientId))) {
      if (name === 'import credentials') continue;
      const { status, body } = await send(outsider);
      expect(status, name).to.equal(404);
      expect(body, name).to.deep.equal({ error: 'Client not found' });
    }
    expect(await activityCount('client.credentials_viewed', outsider.user.email)).to.equal(0);
  });
});
