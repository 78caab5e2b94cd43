import http from 'node:http';
import path from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { projectRoot } from '../core/platform/config';
import { GENERAL_BODY_LIMIT_BYTES } from '../core/platform/request-body';
import {
  APP,
  API,
  createWorkspace,
  memberWithRole,
  newAgent,
  signedInUser,
  startTestHost,
  stepUp,
  type TestHost,
  type TestSession,
} from '../core/plugin-api/testing';
import { sharedHost } from '../core/plugin-api/testing/root-hooks';
import { call } from '../core/workspaces/tests/support';

const IMPORT = `${API}/clients/credentials/import`;
const FIVE_MB = 5 * 1024 * 1024;
/** The server answers a refused request at once; waiting this long for it would mean it waited for the body. */
const ANSWER_WITHOUT_BODY_MS = 10_000;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** The cookies a test agent would send to `url`, for requests made without it. */
function cookiesOf(agent: TestSession['agent'], url: URL): string {
  const jar = (agent as unknown as { jar: { getCookies(access: object): { toValueString(): string } } }).jar;
  return jar.getCookies({ domain: url.hostname, path: url.pathname, secure: false, script: false }).toValueString();
}

/**
 * Sends the headers of a POST declaring a `declaredBytes` JSON body, then only its first few bytes, and resolves with
 * the answer the server gives without having the rest, which never comes.
 */
function answerToUnfinishedBody(baseUrl: string, pathAndQuery: string, declaredBytes: number, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(pathAndQuery, baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(declaredBytes) },
    });
    const waited = setTimeout(() => {
      outgoing.destroy();
      reject(new Error(`no answer within ${ANSWER_WITHOUT_BODY_MS} ms: the server waited for the body`));
    }, ANSWER_WITHOUT_BODY_MS);
    outgoing.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        clearTimeout(waited);
        outgoing.destroy();
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> });
      });
    });
    outgoing.on('error', (error) => {
      clearTimeout(waited);
      reject(error);
    });
    outgoing.write('{"rows":[');
  });
}

/** As `session`, with its cookies and CSRF token. */
const unfinishedBodyAs = (session: Pick<TestSession, 'agent' | 'csrf'>, pathAndQuery: string, declaredBytes = FIVE_MB) => {
  const baseUrl = sharedHost().baseUrl;
  const cookie = cookiesOf(session.agent, new URL(pathAndQuery, baseUrl));
  return answerToUnfinishedBody(baseUrl, pathAndQuery, declaredBytes, { Cookie: cookie, 'X-CSRF-Token': session.csrf });
};

/** `count` credential rows whose emails are all invalid, so a parsed body is answered with its row errors. */
const invalidRows = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    email: `not-an-email-${index}`,
    platform: 'GST',
    username: 'u'.repeat(100),
    password: 'p'.repeat(100),
    name: 'Holder',
    phone: '9876543210',
    panNumber: 'ABCPE1234F',
  }));

describe('production guards over HTTP', function () {
  this.timeout(60_000);
  const server = () => request(sharedHost().baseUrl);

  describe('Cache-Control', () => {
    it('is no-store on every API and auth answer, success or refusal', async () => {
      const owner = await signedInUser('no-store');
      const anonymous = await newAgent();
      const answers: [string, request.Response][] = [
        ['GET auth/csrf', await anonymous.agent.get(`${APP}/auth/csrf`).expect(200)],
        ['GET auth/status', await anonymous.agent.get(`${APP}/auth/status`)],
        ['GET workspaces', await owner.agent.get(`${API}/workspaces`).expect(200)],
        ['GET workspaces, signed out', await server().get(`${API}/workspaces`).expect(401)],
        ['GET an unknown API route', await server().get(`${API}/nothing-here`).expect(404)],
        [
          'POST auth/login, wrong password',
          await anonymous.agent
            .post(`${APP}/auth/login`)
            .set('X-CSRF-Token', anonymous.csrf)
            .send({ email: 'nobody@firm.example', password: 'wrong' }),
        ],
        ['POST workspaces without a CSRF token', await server().post(`${API}/workspaces`).send({ name: 'x' }).expect(403)],
      ];
      for (const [label, answer] of answers) expect(answer.headers['cache-control'], label).to.equal('no-store');
    });
  });

  describe('request bodies over 100 KB', () => {
    let owner: TestSession;
    let workspaceId: string;

    before(async () => {
      owner = await signedInUser('large-bodies');
      workspaceId = (await createWorkspace(owner)).externalId;
    });

    it('an anonymous 5 MB credential import or client file is answered 401 (403 without a CSRF token) before its body is read', async () => {
      const anonymous = await newAgent();
      expect(await unfinishedBodyAs(anonymous, `${IMPORT}?workspaceId=${workspaceId}`)).to.deep.equal({
        status: 401,
        body: { error: 'Not signed in' },
      });
      const upload = await unfinishedBodyAs(anonymous, `${API}/clients/bulk-upload?workspaceId=${workspaceId}`);
      expect(upload).to.deep.equal({ status: 401, body: { error: 'Not signed in' } });
      const withoutToken = await answerToUnfinishedBody(sharedHost().baseUrl, `${IMPORT}?workspaceId=${workspaceId}`, FIVE_MB);
      expect(withoutToken).to.deep.equal({ status: 403, body: { error: 'Invalid CSRF token' } });
    });

    it('a signed-in caller who is not a member, lacks the permission or the step-up is refused before the body is read', async () => {
      const stranger = await signedInUser('large-bodies-stranger');
      expect(await unfinishedBodyAs(stranger, `${IMPORT}?workspaceId=${workspaceId}`)).to.deep.equal({
        status: 404,
        body: { error: 'Workspace not found' },
      });
      const employee = await memberWithRole(owner, workspaceId, 'EMPLOYEE');
      expect((await unfinishedBodyAs(employee, `${IMPORT}?workspaceId=${workspaceId}`)).status).to.equal(403);
      const notSteppedUp = await unfinishedBodyAs(owner, `${IMPORT}?workspaceId=${workspaceId}`);
      expect(notSteppedUp.status).to.equal(401);
      expect(notSteppedUp.body.stepUpRequired).to.equal(true);
    });

    it("once every gate has passed, the body is read up to the route's 12 MB and refused with 413 beyond it", async () => {
      await stepUp(owner);
      const rows = invalidRows(1500);
      expect(Buffer.byteLength(JSON.stringify({ rows }))).to.be.above(GENERAL_BODY_LIMIT_BYTES);
      const checked = await call(owner, 'post', '/clients/credentials/import', { rows }).query({ workspaceId }).expect(400);
      expect(checked.body.rowErrors[0]).to.deep.equal({ row: 2, message: 'Invalid email format' });

      const huge = await call(owner, 'post', '/clients/credentials/import', { rows: [{ name: 'x'.repeat(13 * 1024 * 1024) }] })
        .query({ workspaceId })
        .expect(413);
      expect(huge.body).to.deep.equal({ error: 'Request body is too large' });
    });

    it('a large body that names its workspace only inside itself is refused: the workspace gate would have to read it', async () => {
      await stepUp(owner);
      const refused = await call(owner, 'post', '/clients/credentials/import', { workspaceId, rows: invalidRows(1500) }).expect(413);
      expect(refused.body).to.deep.equal({ error: 'Request body is too large' });
    });

    it('any other route answers 413 for a body over 100 KB at once, unread and before anything runs, and reads one just under it', async () => {
      expect(await unfinishedBodyAs(owner, `${API}/workspaces`)).to.deep.equal({ status: 413, body: { error: 'Request body is too large' } });
      const anonymousCaller = await newAgent();
      expect(await unfinishedBodyAs(anonymousCaller, `${APP}/auth/login`)).to.deep.equal({
        status: 413,
        body: { error: 'Request body is too large' },
      });
      const large = 'x'.repeat(GENERAL_BODY_LIMIT_BYTES);
      const workspace = await call(owner, 'post', '/workspaces', { name: large }).expect(413);
      expect(workspace.body).to.deep.equal({ error: 'Request body is too large' });
      const anonymous = await newAgent();
      const login = await anonymous.agent
        .post(`${APP}/auth/login`)
        .set('X-CSRF-Token', anonymous.csrf)
        .send({ email: 'a@firm.example', password: large });
      expect(login.status).to.equal(413);
      const justUnder = await call(owner, 'post', '/workspaces', { name: 'x'.repeat(GENERAL_BODY_LIMIT_BYTES - 100) });
      expect(justUnder.status).to.equal(400);
    });

    it('a chunked body, which declares no length, is read only up to 100 KB', async () => {
      const url = new URL(`${API}/workspaces`, sharedHost().baseUrl);
      const answer = await new Promise<Answer>((resolve, reject) => {
        const outgoing = http.request(url, {
          method: 'POST',
          headers: {
            Cookie: cookiesOf(owner.agent, url),
            'X-CSRF-Token': owner.csrf,
            'Content-Type': 'application/json',
            'Transfer-Encoding': 'chunked',
          },
        });
        outgoing.on('response', (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
        });
        outgoing.on('error', reject);
        outgoing.write(`{"name":"${'x'.repeat(GENERAL_BODY_LIMIT_BYTES)}`);
        outgoing.end('"}');
      });
      expect(answer).to.deep.equal({ status: 413, body: { error: 'Request body is too large' } });
    });
  });

  describe('a plugin route declared with bodyLimit', () => {
    let vault: TestHost;
    let owner: TestSession;
    let workspaceId: string;

    before(async function () {
      this.timeout(120_000);
      vault = await startTestHost({ pluginDirs: [path.join(projectRoot, 'tests', 'fixtures', 'guard-plugins')], plugins: ['vault-fixture'] });
      owner = await vault.signedInUser('vault-owner');
      workspaceId = (await vault.createWorkspace(owner)).externalId;
    });

    after(() => vault?.stop());

    it('reads a body up to its limit once the gates have passed, and refuses a larger one or an anonymous one unread', async () => {
      const labels = (count: number) => Array.from({ length: count }, () => 'l'.repeat(100));
      const stored = await call(owner, 'post', '/vault-fixture/tokens', { token: 'secret', labels: labels(5000) })
        .query({ workspaceId })
        .expect(201);
      expect(stored.body.labels).to.equal(5000);
      const tooLarge = await call(owner, 'post', '/vault-fixture/tokens', { token: 'secret', labels: labels(11_000) })
        .query({ workspaceId })
        .expect(413);
      expect(tooLarge.body).to.deep.equal({ error: 'Request body is too large' });

      const anonymous = await vault.newAgent();
      const cookie = cookiesOf(anonymous.agent, new URL(`${API}/vault-fixture/tokens`, vault.baseUrl));
      const refused = await answerToUnfinishedBody(vault.baseUrl, `${API}/vault-fixture/tokens?workspaceId=${workspaceId}`, 900 * 1024, {
        Cookie: cookie,
        'X-CSRF-Token': anonymous.csrf,
      });
      expect(refused).to.deep.equal({ status: 401, body: { error: 'Not signed in' } });
    });
  });
});
