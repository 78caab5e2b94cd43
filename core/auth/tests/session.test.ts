import { expect } from 'chai';
import request from 'supertest';
import { API, APP, newAgent, STRONG_PASSWORD } from '../../plugin-api/testing/http';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { requireSessionCookie, sessionIdOf, sharedRedis, storedSessionKey, type SetCookie } from './support';

const SESSION = `${APP}/auth/session`;
const NOT_SIGNED_IN = { error: 'Not signed in', providers: { google: false } };

/** Signs a new user in and returns the agent, its token and the session cookie the login set. */
async function signIn(remember?: boolean) {
  const { agent, csrf, email } = await sharedHost().verifiedAccount('session');
  const login = await agent.post(`${APP}/auth/login`).set('X-CSRF-Token', csrf).send({ email, password: STRONG_PASSWORD, remember }).expect(200);
  return { agent, csrf: login.body.csrfToken as string, email, user: login.body.user, cookie: requireSessionCookie(login) };
}

/** A request that carries only the given cookie, as a replay by someone who copied it would. */
const withCookie = (cookie: SetCookie) => request(sharedHost().baseUrl).get(SESSION).set('Cookie', cookie.pair);

async function expireStoredSession(cookie: SetCookie): Promise<void> {
  const key = storedSessionKey(sessionIdOf(cookie));
  const stored = JSON.parse((await sharedRedis().get(key)) ?? 'null') as { absoluteExpiresAt: number; userId: number } | null;
  expect(stored, 'the stored session').to.be.an('object');
  expect(stored?.userId).to.be.a('number');
  await sharedRedis().set(key, JSON.stringify({ ...stored, absoluteExpiresAt: Date.now() - 1000 }), { KEEPTTL: true });
}

describe('the session', () => {
  describe('GET {app}/auth/session', () => {
    it('answers 401 "Not signed in" with the providers when signed out', async () => {
      const response = await request(sharedHost().baseUrl).get(SESSION);
      expect(response.status).to.equal(401);
      expect(response.body).to.deep.equal(NOT_SIGNED_IN);
    });

    it('answers the same for an anonymous session', async () => {
      const { agent } = await newAgent();
      const response = await agent.get(SESSION);
      expect(response.status).to.equal(401);
      expect(response.body).to.deep.equal(NOT_SIGNED_IN);
    });

    it('answers 200 with the user and the providers when signed in', async () => {
      const { agent, user } = await signIn();
      const response = await agent.get(SESSION);
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.equal({ user, providers: { google: false } });
    });

    it('ignores a forged or unsigned cookie', async () => {
      const { cookie } = await signIn();
      const sessionId = sessionIdOf(cookie);
      await request(sharedHost().baseUrl).get(SESSION).set('Cookie', `axal.sid=${sessionId}`).expect(401);
      await request(sharedHost().baseUrl)
        .get(SESSION)
        .set('Cookie', `axal.sid=${encodeURIComponent(`s:${sessionId}.forged-signature`)}`)
        .expect(401);
    });
  });

  describe('GET {app}/auth/status (what the web app asks on every page)', () => {
    const STATUS = `${APP}/auth/status`;

    it('answers 200 with no user when signed out, so a public page logs no error', async () => {
      const response = await request(sharedHost().baseUrl).get(STATUS).expect(200);
      expect(response.body).to.deep.equal({ user: null, providers: { google: false } });
    });

    it('answers 200 with the user when signed in, and no user again after logout', async () => {
      const { agent, csrf, user } = await signIn();
      expect((await agent.get(STATUS).expect(200)).body).to.deep.equal({ user, providers: { google: false } });
      await agent.post(`${APP}/auth/logout`).set('X-CSRF-Token', csrf).expect(204);
      expect((await agent.get(STATUS).expect(200)).body.user).to.equal(null);
    });
  });

  describe('POST {app}/auth/logout', () => {
    it('answers 204, clears the cookie and signs the session out', async () => {
      const { agent, csrf } = await signIn();
      const response = await agent.post(`${APP}/auth/logout`).set('X-CSRF-Token', csrf);
      expect(response.status).to.equal(204);
      const cleared = requireSessionCookie(response);
      expect(cleared.value).to.equal('');
      expect(cleared.attributes.path).to.equal('/axal');
      expect(new Date(cleared.attributes.expires).getTime()).to.be.lessThan(Date.now());
      const after = await agent.get(SESSION);
      expect(after.status).to.equal(401);
      expect(after.body).to.deep.equal(NOT_SIGNED_IN);
    });

    it('destroys the session on the server: the old cookie replayed does not authenticate', async () => {
      const { agent, csrf, cookie } = await signIn();
      await withCookie(cookie).expect(200);
      await agent.post(`${APP}/auth/logout`).set('X-CSRF-Token', csrf).expect(204);
      expect(await sharedRedis().exists(storedSessionKey(sessionIdOf(cookie)))).to.equal(0);
      await withCookie(cookie).expect(401);
      const replayedWrite = await request(sharedHost().baseUrl)
        .post(`${API}/workspaces`)
        .set('Cookie', cookie.pair)
        .set('X-CSRF-Token', csrf)
        .send({ name: 'Replayed Firm' });
      expect(replayedWrite.status).to.equal(403);
    });

    it('leaves the old CSRF token useless', async () => {
      const { agent, csrf } = await signIn();
      await agent.post(`${APP}/auth/logout`).set('X-CSRF-Token', csrf).expect(204);
      const response = await agent.post(`${APP}/auth/logout`).set('X-CSRF-Token', csrf);
      expect(response.status).to.equal(403);
      expect(response.body).to.deep.equal({ error: 'Invalid CSRF token' });
    });

    it('signs out one session and leaves the same user signed in elsewhere', async () => {
      const first = await signIn();
      const second = await newAgent();
      const login = await second.agent
        .post(`${APP}/auth/login`)
        .set('X-CSRF-Token', second.csrf)
        .send({ email: first.email, password: STRONG_PASSWORD })
        .expect(200);
      await first.agent.post(`${APP}/auth/logout`).set('X-CSRF-Token', first.csrf).expect(204);
      await first.agent.get(SESSION).expect(401);
      const stillIn = await second.agent.get(SESSION).expect(200);
      expect(stillIn.body.user.externalId).to.equal(login.body.user.externalId);
    });
  });

  describe('absolute lifetime', () => {
    it('a browser session whose absolute expiry has passed is signed out at the next request', async () => {
      const { agent, cookie } = await signIn();
      await agent.get(SESSION).expect(200);
      await expireStoredSession(cookie);
      const response = await agent.get(SESSION);
      expect(response.status).to.equal(401);
      expect(response.body).to.deep.equal(NOT_SIGNED_IN);
      expect(await sharedRedis().exists(storedSessionKey(sessionIdOf(cookie)))).to.equal(0);
      await withCookie(cookie).expect(401);
    });

    it('a remembered session ends at its absolute expiry too', async () => {
      const { agent, cookie } = await signIn(true);
      await expireStoredSession(cookie);
      await agent.get(SESSION).expect(401);
    });

    it('an expired session cannot write either', async () => {
      const { agent, csrf, cookie } = await signIn();
      await expireStoredSession(cookie);
      const response = await agent.post(`${API}/workspaces`).set('X-CSRF-Token', csrf).send({ name: 'Late Firm' });
      expect(response.status).to.equal(403);
      await agent.get(SESSION).expect(401);
    });

    it('a session before its absolute expiry stays signed in', async () => {
      const { agent, cookie } = await signIn();
      const key = storedSessionKey(sessionIdOf(cookie));
      const stored = JSON.parse((await sharedRedis().get(key)) ?? '{}') as { absoluteExpiresAt: number };
      await sharedRedis().set(key, JSON.stringify({ ...stored, absoluteExpiresAt: Date.now() + 60_000 }), { KEEPTTL: true });
      await agent.get(SESSION).expect(200);
    });
  });
});
