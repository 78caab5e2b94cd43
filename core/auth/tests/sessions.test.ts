import { expect } from 'chai';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { Config } from '../../platform/config';
import type { RedisClient } from '../../platform/redis';
import { TOKENS } from '../../platform/tokens';
import { openStream } from '../../notifications/tests/support';
import type { NotificationStreamEndEvent } from '../../notifications/wire';
import { API, APP, createWorkspace, newAgent, signedInUser, type TestSession } from '../../plugin-api/testing/http';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { startTestHost, type TestHost } from '../../plugin-api/testing/test-host';
import { SessionStore } from '../session';
import { SESSION_NOT_FOUND } from '../session-routes';
import { requireSessionCookie, rewriteStoredSession, sessionIdOf, sessionIdOfAgent, sharedRedis, storedSessionKey, type SetCookie } from './support';

const SESSIONS = `${API}/me/sessions`;
const NEW_PASSWORD = 'Fresh$Balance2027';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const HOUR_MS = 60 * 60 * 1000;

interface ListedSession {
  id: string;
  browser: string;
  os: string | null;
  ip: string;
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
}

interface Device {
  agent: TestAgent;
  csrf: string;
  cookie: SetCookie;
  sessionId: string;
}

/** The same user signed in again from another browser, optionally one that names itself in User-Agent. */
async function signInElsewhere(user: TestSession, userAgent?: string, baseUrl = sharedHost().baseUrl): Promise<Device> {
  const { agent, csrf } = await newAgent(baseUrl);
  const login = agent.post(`${APP}/auth/login`).set('X-CSRF-Token', csrf);
  if (userAgent) login.set('User-Agent', userAgent);
  const response = await login.send({ email: user.user.email, password: user.password });
  expect(response.status, JSON.stringify(response.body)).to.equal(200);
  const cookie = requireSessionCookie(response);
  return { agent, csrf: response.body.csrfToken, cookie, sessionId: sessionIdOf(cookie) };
}

const listOf = async (agent: TestAgent): Promise<ListedSession[]> => (await agent.get(SESSIONS).expect(200)).body.sessions;
const indexOf = async (user: TestSession, host = sharedHost()) => {
  const row = await host.host.knex('users').whereRaw('lower(email) = lower(?)', [user.user.email]).first<{ id: number }>('id');
  return sharedRedis().sMembers(`${host.host.container.get<Config>(TOKENS.Config).redisKeyPrefix}user-sessions:${row!.id}`);
};
const signedIn = async (agent: TestAgent) => (await agent.get(`${APP}/auth/status`).expect(200)).body.user !== null;

describe('sessions: {app}/api/v1/me/sessions', () => {
  describe('GET', () => {
    it('lists each signed-in session of the user with browser, address and times; this one first, marked current', async () => {
      const user = await signedInUser('sessions-list');
      const laptop = await signInElsewhere(user, WINDOWS_CHROME);
      const phone = await signInElsewhere(user, IPHONE_SAFARI);
      const sessions = await listOf(laptop.agent);
      expect(sessions).to.have.length(3);
      expect(sessions.map((session) => session.current)).to.deep.equal([true, false, false]);
      expect(sessions[0]).to.include({ browser: 'Chrome 126', os: 'Windows 10', current: true });
      expect(sessions.slice(1).map(({ browser, os }) => ({ browser, os }))).to.deep.include({ browser: 'Safari 17', os: 'iOS 17.5' });
      for (const session of sessions) {
        expect(session).to.have.all.keys('id', 'browser', 'os', 'ip', 'signedInAt', 'lastActiveAt', 'current');
        expect(session.ip).to.match(/127\.0\.0\.1$/);
        expect(Date.parse(session.signedInAt)).to.be.closeTo(Date.now(), 60_000);
        expect(Date.parse(session.lastActiveAt)).to.be.at.least(Date.parse(session.signedInAt));
      }
      expect((await listOf(phone.agent)).find((session) => session.current)?.browser).to.equal('Safari 17');
    });

    it('shows an opaque id, never the session id that the cookie carries', async () => {
      const user = await signedInUser('sessions-opaque');
      const device = await signInElsewhere(user);
      const ids = (await listOf(device.agent)).map((session) => session.id);
      expect(ids).to.have.length(2);
      for (const id of ids) {
        expect(id).to.match(/^[A-Za-z0-9_-]{22}$/);
        expect(id).not.to.equal(device.sessionId);
        expect(device.sessionId).not.to.include(id);
      }
    });

    it("lists only the user's own sessions", async () => {
      const user = await signedInUser('sessions-own');
      const stranger = await signedInUser('sessions-stranger');
      await signInElsewhere(stranger);
      expect(await listOf(user.agent)).to.have.length(1);
    });

    it('drops sessions that have ended by themselves (signed out, expired in Redis) from the list', async () => {
      const user = await signedInUser('sessions-stale');
      const signedOut = await signInElsewhere(user);
      const expired = await signInElsewhere(user);
      await signedOut.agent.post(`${APP}/auth/logout`).set('X-CSRF-Token', signedOut.csrf).expect(204);
      await sharedRedis().del(storedSessionKey(expired.sessionId));
      expect(await listOf(user.agent)).to.have.length(1);
      expect(await indexOf(user)).to.deep.equal([sessionIdOfAgent(user.agent)]);
    });

    it('needs a session', async () => {
      const { agent } = await newAgent();
      await agent.get(SESSIONS).expect(401);
    });
  });

  describe('DELETE /{id}', () => {
    it('signs another session out: its next request is 401, it leaves the list and the store', async () => {
      const user = await signedInUser('sessions-revoke');
      const other = await signInElsewhere(user, IPHONE_SAFARI);
      const target = (await listOf(user.agent)).find((session) => !session.current)!;
      await user.agent.delete(`${SESSIONS}/${target.id}`).set('X-CSRF-Token', user.csrf).expect(204);

      await other.agent.get(`${API}/me`).expect(401);
      expect(await signedIn(other.agent)).to.equal(false);
      expect(await sharedRedis().exists(storedSessionKey(other.sessionId))).to.equal(0);
      // Whoever copied its cookie holds nothing either.
      await request(sharedHost().baseUrl).get(`${API}/me`).set('Cookie', other.cookie.pair).expect(401);
      expect((await listOf(user.agent)).map((session) => session.id)).not.to.include(target.id);
      expect(await signedIn(user.agent)).to.equal(true);
    });

    it('records the sign-out in the activity log', async () => {
      const user = await signedInUser('sessions-revoke-activity');
      await signInElsewhere(user);
      const target = (await listOf(user.agent)).find((session) => !session.current)!;
      await user.agent.delete(`${SESSIONS}/${target.id}`).set('X-CSRF-Token', user.csrf).expect(204);
      const entries = await sharedHost()
        .host.knex('activity_log as a')
        .join('users as u', 'u.id', 'a.actor_user_id')
        .where({ 'u.external_id': user.user.externalId, 'a.action': 'user.session_revoked' });
      expect(entries).to.have.length(1);
    });

    it('answers 404 for an unknown id, and for the id of another user’s session, which stays signed in', async () => {
      const user = await signedInUser('sessions-404');
      const stranger = await signedInUser('sessions-404-stranger');
      const strangersSession = (await listOf(stranger.agent))[0];
      for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-an-id', strangersSession.id]) {
        const response = await user.agent.delete(`${SESSIONS}/${encodeURIComponent(id)}`).set('X-CSRF-Token', user.csrf);
        expect(response.status, id).to.equal(404);
        expect(response.body).to.deep.equal({ error: SESSION_NOT_FOUND });
      }
      expect(await signedIn(stranger.agent)).to.equal(true);
    });

    it('the current session’s id signs this session out', async () => {
      const user = await signedInUser('sessions-self');
      const other = await signInElsewhere(user);
      const current = (await listOf(user.agent)).find((session) => session.current)!;
      const response = await user.agent.delete(`${SESSIONS}/${current.id}`).set('X-CSRF-Token', user.csrf).expect(204);
      expect(requireSessionCookie(response).value).to.equal('');
      expect(await signedIn(user.agent)).to.equal(false);
      expect(await listOf(other.agent)).to.have.length(1);
    });

    it('needs the CSRF token', async () => {
      const user = await signedInUser('sessions-csrf');
      await signInElsewhere(user);
      const target = (await listOf(user.agent)).find((session) => !session.current)!;
      await user.agent.delete(`${SESSIONS}/${target.id}`).expect(403);
      expect(await listOf(user.agent)).to.have.length(2);
    });
  });

  describe('POST /revoke-others', () => {
    it('signs out every other session of the user and keeps this one', async () => {
      const user = await signedInUser('sessions-others');
      const laptop = await signInElsewhere(user);
      const phone = await signInElsewhere(user);
      const stranger = await signedInUser('sessions-others-stranger');
      const response = await user.agent.post(`${SESSIONS}/revoke-others`).set('X-CSRF-Token', user.csrf).expect(200);
      expect(response.body).to.deep.equal({ ended: 2 });
      expect(await signedIn(laptop.agent)).to.equal(false);
      expect(await signedIn(phone.agent)).to.equal(false);
      expect(await signedIn(user.agent)).to.equal(true);
      expect(await signedIn(stranger.agent)).to.equal(true);
      expect((await listOf(user.agent)).map((session) => session.current)).to.deep.equal([true]);
      expect((await user.agent.post(`${SESSIONS}/revoke-others`).set('X-CSRF-Token', user.csrf).expect(200)).body).to.deep.equal({ ended: 0 });
    });

    it('needs a session and the CSRF token', async () => {
      const { agent, csrf } = await newAgent();
      await agent.post(`${SESSIONS}/revoke-others`).set('X-CSRF-Token', csrf).expect(401);
      const user = await signedInUser('sessions-others-csrf');
      const other = await signInElsewhere(user);
      await user.agent.post(`${SESSIONS}/revoke-others`).expect(403);
      expect(await signedIn(other.agent)).to.equal(true);
    });
  });

  it('a password change signs out the other sessions and keeps this one', async () => {
    const user = await signedInUser('sessions-password');
    const other = await signInElsewhere(user);
    await user.agent
      .post(`${API}/me/password`)
      .set('X-CSRF-Token', user.csrf)
      .send({ currentPassword: user.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })
      .expect(204);
    expect(await signedIn(other.agent)).to.equal(false);
    expect(await signedIn(user.agent)).to.equal(true);
    expect(await listOf(user.agent)).to.have.length(1);
  });

  it('ends the event streams of a session signed out from elsewhere, and the ending stream does not store it again', async () => {
    const user = await signedInUser('sessions-stream');
    const workspaceId = (await createWorkspace(user)).externalId;
    const other = await signInElsewhere(user);
    // Opening the stream then records activity, so the stream's request holds a changed session until it ends.
    await rewriteStoredSession(other.sessionId, (data) => ({ ...data, lastActiveAt: Date.now() - 2 * 60_000 }));
    const stream = await openStream({ ...user, agent: other.agent, csrf: other.csrf }, { workspaceId });
    try {
      await stream.nextEvent('notifications');
      await user.agent.post(`${SESSIONS}/revoke-others`).set('X-CSRF-Token', user.csrf).expect(200);
      expect((await stream.nextEvent<NotificationStreamEndEvent>('end')).data).to.deep.equal({ reason: 'logout' });
      await stream.ended;
    } finally {
      await stream.close();
    }
    expect(await sharedRedis().exists(storedSessionKey(other.sessionId))).to.equal(0);
    expect(await signedIn(other.agent)).to.equal(false);
  });

  it('a revoked session is not written back by a request of it that was still in flight', async () => {
    const user = await signedInUser('sessions-in-flight');
    const other = await signInElsewhere(user);
    const inFlight = JSON.parse((await sharedRedis().get(storedSessionKey(other.sessionId)))!) as Parameters<SessionStore['set']>[1];
    await user.agent.post(`${SESSIONS}/revoke-others`).set('X-CSRF-Token', user.csrf).expect(200);
    // What express-session does when that request's response ends: it saves the session it loaded (and changed).
    const store = new SessionStore(sharedRedis(), sharedHost().host.container.get<Config>(TOKENS.Config));
    await store.set(other.sessionId, { ...inFlight, lastActiveAt: Date.now() });
    expect(await sharedRedis().exists(storedSessionKey(other.sessionId))).to.equal(0);
    expect(await signedIn(other.agent)).to.equal(false);
  });
});

describe('sessions: idle timeout', () => {
  const idleFor = (device: Device, ms: number) => rewriteStoredSession(device.sessionId, (data) => ({ ...data, lastActiveAt: Date.now() - ms }));

  it('a session idle for more than 8 hours is signed out at its next request, like a signed-out one', async () => {
    const user = await signedInUser('idle');
    const device = await signInElsewhere(user);
    await idleFor(device, 8 * HOUR_MS + 60_000);
    await device.agent.get(`${API}/me`).expect(401);
    expect(await signedIn(device.agent)).to.equal(false);
    expect(await sharedRedis().exists(storedSessionKey(device.sessionId))).to.equal(0);
    expect(await listOf(user.agent)).to.have.length(1);
  });

  it('a session idle for less than 8 hours stays signed in, and the request counts as activity', async () => {
    const user = await signedInUser('idle-active');
    const device = await signInElsewhere(user);
    await idleFor(device, 8 * HOUR_MS - 60_000);
    await device.agent.get(`${API}/me`).expect(200);
    const stored = JSON.parse((await sharedRedis().get(storedSessionKey(device.sessionId)))!) as { lastActiveAt: number };
    expect(stored.lastActiveAt).to.be.closeTo(Date.now(), 60_000);
    const listed = (await listOf(user.agent)).find((session) => !session.current)!;
    expect(Date.parse(listed.lastActiveAt)).to.equal(stored.lastActiveAt);
  });

  it('records activity at most once a minute, not on every request', async () => {
    const user = await signedInUser('idle-resolution');
    const device = await signInElsewhere(user);
    const signedInAt = (JSON.parse((await sharedRedis().get(storedSessionKey(device.sessionId)))!) as { lastActiveAt: number }).lastActiveAt;
    for (let request = 0; request < 3; request += 1) await device.agent.get(`${API}/me`).expect(200);
    const stored = JSON.parse((await sharedRedis().get(storedSessionKey(device.sessionId)))!) as { lastActiveAt: number };
    expect(stored.lastActiveAt).to.equal(signedInAt);
  });

  it('an idle session ends even when its absolute lifetime (a remembered sign-in) is far off', async () => {
    const user = await signedInUser('idle-remembered');
    const { agent, csrf } = await newAgent();
    const login = await agent
      .post(`${APP}/auth/login`)
      .set('X-CSRF-Token', csrf)
      .send({ email: user.user.email, password: user.password, remember: true });
    const cookie = requireSessionCookie(login);
    const device = { agent, csrf, cookie, sessionId: sessionIdOf(cookie) };
    await idleFor(device, 9 * HOUR_MS);
    expect(await signedIn(agent)).to.equal(false);
  });

  describe('SESSION_IDLE_TIMEOUT_MINUTES', () => {
    let host: TestHost;

    before(async function () {
      this.timeout(30_000);
      host = await startTestHost({ configOverrides: { SESSION_IDLE_TIMEOUT_MINUTES: '5' } });
    });

    after(async function () {
      this.timeout(30_000);
      await host?.stop();
    });

    it('sets the timeout', async () => {
      const user = await host.signedInUser('idle-configured');
      const stillIn = await signInElsewhere(user, undefined, host.baseUrl);
      const idleOut = await signInElsewhere(user, undefined, host.baseUrl);
      await idleFor(stillIn, 4 * 60_000);
      await idleFor(idleOut, 6 * 60_000);
      expect(await signedIn(stillIn.agent)).to.equal(true);
      expect(await signedIn(idleOut.agent)).to.equal(false);
      expect(await host.host.container.get<RedisClient>(TOKENS.Redis).ttl(storedSessionKey(sessionIdOfAgent(user.agent, host.baseUrl)))).to.be.within(
        4 * 60,
        5 * 60,
      );
    });
  });
});
