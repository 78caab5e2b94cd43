import { expect } from 'chai';
import request from 'supertest';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { API, APP, newAgent, STRONG_PASSWORD, uniqueEmail } from '../../plugin-api/testing/http';
import { requireSessionCookie, sessionCookieOf, type SetCookie, sessionIdOf, sharedRedis, storedSessionKey } from './support';

const LOGIN = `${APP}/auth/login`;
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;
const TWELVE_HOURS_MS = 12 * 60 * 60 * 1000;
/** The default idle timeout, shorter than either absolute lifetime: Redis drops a session idle this long by itself. */
const IDLE_TIMEOUT_SECONDS = 8 * 60 * 60;

/** What the browser makes of the cookie: Max-Age wins over Expires (express-session writes only Expires). */
function cookieLifetimeSeconds(cookie: SetCookie): number {
  if (cookie.attributes['max-age'] !== undefined) return Number(cookie.attributes['max-age']);
  expect(cookie.attributes, 'a persistent cookie').to.have.property('expires');
  return (new Date(cookie.attributes.expires).getTime() - Date.now()) / 1000;
}

/** A signed-up and verified (not signed-in) user and a fresh agent with an anonymous session and its CSRF token. */
async function registeredUser(label = 'login') {
  const { email, user } = await sharedHost().verifiedAccount(label);
  const { agent, csrf } = await newAgent();
  return { agent, csrf, email, user: user as { externalId: string; name: string; email: string; image: null } };
}

describe('POST {app}/auth/login', () => {
  describe('validation (spec 5.3)', () => {
    it('an invalid email: "Invalid email address"', async () => {
      const { agent, csrf } = await newAgent();
      const response = await agent.post(LOGIN).set('X-CSRF-Token', csrf).send({ email: 'not-an-email', password: STRONG_PASSWORD });
      expect(response.status).to.equal(400);
      expect(response.body.error).to.equal('Invalid email address');
      expect(response.body.details).to.deep.equal({ email: ['Invalid email address'] });
    });

    it('a password under 8 characters: "Password must be at least 8 characters"', async () => {
      const { agent, csrf } = await newAgent();
      const response = await agent.post(LOGIN).set('X-CSRF-Token', csrf).send({ email: uniqueEmail(), password: 'Short1!' });
      expect(response.status).to.equal(400);
      expect(response.body.error).to.equal('Password must be at least 8 characters');
      expect(response.body.details).to.deep.equal({ password: ['Password must be at least 8 characters'] });
    });

    const malformed: Array<[string, unknown]> = [
      ['an empty object', {}],
      ['numbers', { email: 42, password: 12345678 }],
      ['arrays', { email: ['a@firm.example'], password: [STRONG_PASSWORD] }],
      ['a non-boolean remember', { email: 'a@firm.example', password: STRONG_PASSWORD, remember: 'yes' }],
      ['an array body', []],
    ];
    for (const [label, body] of malformed) {
      it(`${label} answers 400, never 500`, async () => {
        const { agent, csrf } = await newAgent();
        const response = await agent
          .post(LOGIN)
          .set('X-CSRF-Token', csrf)
          .send(body as object);
        expect(response.status).to.equal(400);
        expect(response.body.error).to.be.a('string');
      });
    }

    it('a JSON null body answers 400', async () => {
      const { agent, csrf } = await newAgent();
      const response = await agent.post(LOGIN).set('X-CSRF-Token', csrf).set('Content-Type', 'application/json').send('null');
      expect(response.status).to.equal(400);
    });
  });

  describe('wrong credentials', () => {
    it('a wrong password answers 401 "Invalid email or password"', async () => {
      const { agent, csrf, email } = await registeredUser();
      const response = await agent
        .post(LOGIN)
        .set('X-CSRF-Token', csrf)
        .send({ email, password: `${STRONG_PASSWORD}x` });
      expect(response.status).to.equal(401);
      expect(response.body).to.deep.equal({ error: 'Invalid email or password' });
      expect(sessionCookieOf(response)).to.equal(null);
    });

    it('an unknown email answers exactly the same', async () => {
      const { agent, csrf } = await newAgent();
      const response = await agent
        .post(LOGIN)
        .set('X-CSRF-Token', csrf)
        .send({ email: uniqueEmail('nobody'), password: STRONG_PASSWORD });
      expect(response.status).to.equal(401);
      expect(response.body).to.deep.equal({ error: 'Invalid email or password' });
    });

    it('a failed attempt leaves the session signed out', async () => {
      const { agent, csrf, email } = await registeredUser();
      await agent
        .post(LOGIN)
        .set('X-CSRF-Token', csrf)
        .send({ email, password: `${STRONG_PASSWORD}x` })
        .expect(401);
      await agent.get(`${APP}/auth/session`).expect(401);
    });
  });

  describe('success', () => {
    it('answers 200 with the user and a CSRF token', async () => {
      const { agent, csrf, email, user } = await registeredUser();
      const response = await agent.post(LOGIN).set('X-CSRF-Token', csrf).send({ email, password: STRONG_PASSWORD });
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      expect(response.body).to.have.all.keys('user', 'csrfToken');
      expect(response.body.user).to.deep.equal(user);
      expect(response.body.csrfToken).to.be.a('string').with.length.greaterThan(20);
    });

    it('matches the email whatever its letter case and surrounding spaces', async () => {
      const { agent, csrf, email, user } = await registeredUser('Mixed.Case');
      const response = await agent
        .post(LOGIN)
        .set('X-CSRF-Token', csrf)
        .send({ email: `  ${email.toUpperCase()} `, password: STRONG_PASSWORD });
      expect(response.status).to.equal(200);
      expect(response.body.user.externalId).to.equal(user.externalId);
    });

    it('sets a browser-session cookie: HttpOnly, SameSite=Lax, Path=/axal, no Max-Age or Expires', async () => {
      const { agent, csrf, email } = await registeredUser();
      const response = await agent.post(LOGIN).set('X-CSRF-Token', csrf).send({ email, password: STRONG_PASSWORD }).expect(200);
      const cookie = requireSessionCookie(response);
      expect(cookie.attributes).to.have.property('httponly');
      expect(cookie.attributes.samesite).to.equal('Lax');
      expect(cookie.attributes.path).to.equal('/axal');
      expect(cookie.attributes).not.to.have.property('max-age');
      expect(cookie.attributes).not.to.have.property('expires');
    });

    it('keeps a browser session for at most 12 hours on the server, and in Redis only until it has been idle for 8', async () => {
      const { agent, csrf, email } = await registeredUser();
      const before = Date.now();
      const response = await agent.post(LOGIN).set('X-CSRF-Token', csrf).send({ email, password: STRONG_PASSWORD }).expect(200);
      const key = storedSessionKey(sessionIdOf(requireSessionCookie(response)));
      const stored = JSON.parse((await sharedRedis().get(key)) ?? '{}') as { absoluteExpiresAt?: number };
      expect(stored.absoluteExpiresAt).to.be.within(before + TWELVE_HOURS_MS, Date.now() + TWELVE_HOURS_MS);
      expect(await sharedRedis().ttl(key)).to.be.within(IDLE_TIMEOUT_SECONDS - 60, IDLE_TIMEOUT_SECONDS);
    });

    it('with remember: true sets a persistent cookie that lasts 30 days (the session still ends after 8 idle hours)', async () => {
      const { agent, csrf, email } = await registeredUser();
      const before = Date.now();
      const response = await agent.post(LOGIN).set('X-CSRF-Token', csrf).send({ email, password: STRONG_PASSWORD, remember: true }).expect(200);
      const cookie = requireSessionCookie(response);
      expect(cookieLifetimeSeconds(cookie)).to.be.within(THIRTY_DAYS_SECONDS - 60, THIRTY_DAYS_SECONDS + 1);
      expect(cookie.attributes).to.have.property('httponly');
      expect(cookie.attributes.samesite).to.equal('Lax');
      expect(cookie.attributes.path).to.equal('/axal');
      const key = storedSessionKey(sessionIdOf(cookie));
      const stored = JSON.parse((await sharedRedis().get(key)) ?? '{}') as { absoluteExpiresAt?: number };
      expect(stored.absoluteExpiresAt).to.be.within(before + THIRTY_DAYS_SECONDS * 1000, Date.now() + THIRTY_DAYS_SECONDS * 1000);
      expect(await sharedRedis().ttl(key)).to.be.within(IDLE_TIMEOUT_SECONDS - 60, IDLE_TIMEOUT_SECONDS);
    });

    it('with remember: false sets a browser-session cookie', async () => {
      const { agent, csrf, email } = await registeredUser();
      const response = await agent.post(LOGIN).set('X-CSRF-Token', csrf).send({ email, password: STRONG_PASSWORD, remember: false }).expect(200);
      expect(requireSessionCookie(response).attributes).not.to.have.any.keys('max-age', 'expires');
    });

    it('issues a new session id: the anonymous session from before is gone', async () => {
      const { email } = await registeredUser();
      const agent = request.agent(sharedHost().baseUrl);
      const anonymous = await agent.get(`${APP}/auth/csrf`).expect(200);
      const anonymousCookie = requireSessionCookie(anonymous);
      const login = await agent.post(LOGIN).set('X-CSRF-Token', anonymous.body.csrfToken).send({ email, password: STRONG_PASSWORD }).expect(200);
      const signedInCookie = requireSessionCookie(login);
      expect(sessionIdOf(signedInCookie)).not.to.equal(sessionIdOf(anonymousCookie));
      expect(await sharedRedis().exists(storedSessionKey(sessionIdOf(anonymousCookie)))).to.equal(0);
      // Whoever planted or saw the pre-login cookie holds nothing.
      await request(sharedHost().baseUrl).get(`${APP}/auth/session`).set('Cookie', anonymousCookie.pair).expect(401);
      const current = await request(sharedHost().baseUrl).get(`${APP}/auth/session`).set('Cookie', signedInCookie.pair).expect(200);
      expect(current.body.user.email).to.equal(email);
    });

    it('refuses the pre-login CSRF token afterwards and accepts the new one', async () => {
      const { agent, csrf, email } = await registeredUser();
      const login = await agent.post(LOGIN).set('X-CSRF-Token', csrf).send({ email, password: STRONG_PASSWORD }).expect(200);
      const newToken = login.body.csrfToken as string;
      expect(newToken).not.to.equal(csrf);
      const refused = await agent.post(`${API}/workspaces`).set('X-CSRF-Token', csrf).send({ name: 'Old Token Firm' });
      expect(refused.status).to.equal(403);
      expect(refused.body).to.deep.equal({ error: 'Invalid CSRF token' });
      const accepted = await agent.post(`${API}/workspaces`).set('X-CSRF-Token', newToken).send({ name: 'New Token Firm' });
      expect(accepted.status).to.equal(201);
      const csrf2 = await agent.get(`${APP}/auth/csrf`).expect(200);
      expect(csrf2.body.csrfToken).to.equal(newToken);
    });

    it('a second login from a signed-in session switches to a new session', async () => {
      const { agent, csrf, email } = await registeredUser();
      const first = await agent.post(LOGIN).set('X-CSRF-Token', csrf).send({ email, password: STRONG_PASSWORD }).expect(200);
      const second = await agent.post(LOGIN).set('X-CSRF-Token', first.body.csrfToken).send({ email, password: STRONG_PASSWORD }).expect(200);
      expect(sessionIdOf(requireSessionCookie(second))).not.to.equal(sessionIdOf(requireSessionCookie(first)));
      await request(sharedHost().baseUrl).get(`${APP}/auth/session`).set('Cookie', requireSessionCookie(first).pair).expect(401);
    });
  });
});
