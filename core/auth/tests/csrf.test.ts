import { expect } from 'chai';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { API, APP, createWorkspace, newAgent, signedInUser, STRONG_PASSWORD, uniqueEmail } from '../../plugin-api/testing/http';
import { sharedHost } from '../../plugin-api/testing/root-hooks';

const INVALID_CSRF = { error: 'Invalid CSRF token' };
type Method = 'post' | 'put' | 'patch' | 'delete';

/** The token with its last character changed: right length, wrong value. */
const tampered = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

/** Sends a state-changing request with the given X-CSRF-Token header, or none when `token` is null. */
function send(agent: TestAgent, method: Method, path: string, token: string | null, body: object = {}) {
  const pending = agent[method](path);
  if (token !== null) pending.set('X-CSRF-Token', token);
  return pending.send(body);
}

describe('CSRF protection of state-changing requests under {app}', () => {
  describe('GET {app}/auth/csrf', () => {
    it('returns the same token for as long as the session lasts', async () => {
      const agent = request.agent(sharedHost().baseUrl);
      const first = await agent.get(`${APP}/auth/csrf`).expect(200);
      const second = await agent.get(`${APP}/auth/csrf`).expect(200);
      expect(first.body.csrfToken).to.be.a('string').with.length.greaterThan(20);
      expect(second.body.csrfToken).to.equal(first.body.csrfToken);
    });

    it('gives every session its own token', async () => {
      const [one, two] = await Promise.all([newAgent(), newAgent()]);
      expect(one.csrf).not.to.equal(two.csrf);
    });
  });

  describe('signed out', () => {
    const routes: Array<[string, string, object]> = [
      [
        'sign-up',
        `${APP}/auth/signup`,
        { name: 'Asha Mehta', email: 'csrf@firm.example', password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
      ],
      ['sign-in', `${APP}/auth/login`, { email: 'csrf@firm.example', password: STRONG_PASSWORD }],
      ['sign-out', `${APP}/auth/logout`, {}],
      ['email verification', `${APP}/auth/verify-email`, { token: 'A'.repeat(43) }],
      ['a new verification link', `${APP}/auth/resend-verification`, { email: 'csrf@firm.example' }],
      ['a password reset link', `${APP}/auth/forgot-password`, { email: 'csrf@firm.example' }],
      ['a password reset', `${APP}/auth/reset-password`, { token: 'A'.repeat(43), password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }],
    ];
    for (const [label, path, body] of routes) {
      it(`${label} without the header answers 403`, async () => {
        const { agent } = await newAgent();
        const response = await send(agent, 'post', path, null, body);
        expect(response.status).to.equal(403);
        expect(response.body).to.deep.equal(INVALID_CSRF);
      });

      it(`${label} with a wrong token answers 403`, async () => {
        const { agent, csrf } = await newAgent();
        const response = await send(agent, 'post', path, tampered(csrf), body);
        expect(response.status).to.equal(403);
        expect(response.body).to.deep.equal(INVALID_CSRF);
      });

      it(`${label} with no session at all answers 403`, async () => {
        const response = await request(sharedHost().baseUrl).post(path).set('X-CSRF-Token', 'anything').send(body);
        expect(response.status).to.equal(403);
        expect(response.body).to.deep.equal(INVALID_CSRF);
      });
    }

    it('a sign-up refused for CSRF creates no account', async () => {
      const { agent } = await newAgent();
      const email = uniqueEmail('csrf');
      const body = { name: 'Asha Mehta', email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD };
      await send(agent, 'post', `${APP}/auth/signup`, null, body).expect(403);
      const row = await sharedHost().host.knex('users').whereRaw('lower(email) = lower(?)', [email]).first();
      expect(row).to.equal(undefined);
    });
  });

  describe('signed in', () => {
    it('POST {app}/api/v1/workspaces without the header or with a wrong token answers 403 and creates nothing', async () => {
      const owner = await signedInUser('csrf');
      for (const token of [null, '', 'wrong-token', tampered(owner.csrf)]) {
        const response = await send(owner.agent, 'post', `${API}/workspaces`, token, { name: 'Forged Firm' });
        expect(response.status, `token ${JSON.stringify(token)}`).to.equal(403);
        expect(response.body).to.deep.equal(INVALID_CSRF);
      }
      const list = await owner.agent.get(`${API}/workspaces`).expect(200);
      expect(list.body.workspaces).to.deep.equal([]);
    });

    it("refuses another session's valid token", async () => {
      const [victim, attacker] = await Promise.all([signedInUser('victim'), signedInUser('attacker')]);
      const response = await send(victim.agent, 'post', `${API}/workspaces`, attacker.csrf, { name: 'Forged Firm' });
      expect(response.status).to.equal(403);
      expect(response.body).to.deep.equal(INVALID_CSRF);
    });

    it('PUT, PATCH and DELETE are checked as well as POST', async () => {
      const owner = await signedInUser('csrf');
      const workspace = await createWorkspace(owner, 'Csrf Firm');
      const path = `${API}/workspaces/${workspace.externalId}`;
      const attempts: Array<[Method, string, object]> = [
        ['patch', path, { name: 'Renamed Firm' }],
        ['delete', path, { confirmation: 'Csrf Firm' }],
        ['put', path, { name: 'Renamed Firm' }],
        ['post', `${path}/delete`, { confirmation: 'Csrf Firm' }],
      ];
      for (const [method, target, body] of attempts) {
        for (const token of [null, 'wrong-token']) {
          const response = await send(owner.agent, method, target, token, body);
          expect(response.status, `${method} ${target} with ${JSON.stringify(token)}`).to.equal(403);
          expect(response.body).to.deep.equal(INVALID_CSRF);
        }
      }
      const detail = await owner.agent.get(path).expect(200);
      expect(detail.body.name).to.equal('Csrf Firm');
    });

    it('the right token lets the same requests through', async () => {
      const owner = await signedInUser('csrf');
      const workspace = await createWorkspace(owner, 'Csrf Firm');
      const renamed = await send(owner.agent, 'patch', `${API}/workspaces/${workspace.externalId}`, owner.csrf, { name: 'Renamed Firm' });
      expect(renamed.status, JSON.stringify(renamed.body)).to.equal(200);
    });

    it('a token of the right length with non-ASCII characters answers 403, not 500', async () => {
      const owner = await signedInUser('csrf');
      // The client writes the header as UTF-8 and the server reads it as latin-1, one character per byte: a header of
      // exactly the token's byte length arrives with the token's length, yet as more bytes than the token once re-encoded.
      const length = owner.csrf.length;
      const forged = '\u00e9'.repeat(Math.floor(length / 2)) + 'a'.repeat(length % 2);
      expect(Buffer.byteLength(forged)).to.equal(length);
      const response = await send(owner.agent, 'post', `${API}/workspaces`, forged, { name: 'Forged Firm' });
      expect(response.status).to.equal(403);
      expect(response.body).to.deep.equal(INVALID_CSRF);
    });

    it('GET, HEAD and OPTIONS need no token', async () => {
      const owner = await signedInUser('csrf');
      await owner.agent.get(`${API}/workspaces`).expect(200);
      await owner.agent.head(`${API}/workspaces`).expect(200);
      const options = await owner.agent.options(`${API}/workspaces`);
      expect(options.status).not.to.equal(403);
    });
  });
});
