import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { API, APP, createWorkspace, signedInUser, signUp, STRONG_PASSWORD, uniqueEmail } from '../../plugin-api/testing/http';
import { latestMailTo, tokenIn } from '../../plugin-api/testing/mailbox';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import type { RunningHost } from '../../plugin-api/testing/test-host';
import { MockGoogle, type GoogleUserinfo } from './mock-google';
import { startHostAtOwnOrigin } from './own-origin-host';
import { GOOGLE_SIGN_IN_REQUIRED } from '../schemas';
import { requireSessionCookie, rewriteStoredSession, sessionIdOf, sessionIdOfAgent } from './support';

const CLIENT_ID = 'axal-test.apps.googleusercontent.com';
const CLIENT_SECRET = 'axal-test-client-secret';
const SIGN_IN_ERROR = '/auth/error?error=GoogleSignin';
const SIGN_UP_ERROR = '/auth/error?error=GoogleSignup';

describe('Google sign-in (authorization-code flow against a real OAuth 2 server)', () => {
  const google = new MockGoogle();
  let host: RunningHost;

  before(async function () {
    this.timeout(30_000);
    await google.start();
    host = await startHostAtOwnOrigin({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_AUTHORIZE_URL: `${google.issuer}/authorize`,
      GOOGLE_TOKEN_URL: `${google.issuer}/token`,
      GOOGLE_USERINFO_URL: `${google.issuer}/userinfo`,
    });
  });

  after(async function () {
    this.timeout(30_000);
    await host?.stop();
    await google.stop();
  });

  beforeEach(() => {
    google.signingIn = null;
    google.tokenRequests.length = 0;
  });

  const googleAccount = (overrides: Partial<GoogleUserinfo> = {}): GoogleUserinfo & { email: string } => ({
    sub: `google-${randomUUID()}`,
    email: uniqueEmail('google'),
    email_verified: true,
    name: 'Ravi Kumar',
    ...overrides,
  });

  const agentOfHost = () => request.agent(host.baseUrl);

  /** Our host sends the browser to the provider's authorize endpoint. */
  async function startSignIn(agent: TestAgent, path = `${APP}/connect/google`): Promise<URL> {
    const response = await agent.get(path);
    expect(response.status, JSON.stringify(response.body)).to.equal(302);
    const authorizeUrl = new URL(response.headers.location);
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).to.equal(`${google.issuer}/authorize`);
    return authorizeUrl;
  }

  /** The user picks `account` at the provider, which redirects back to our grant callback. */
  async function chooseAccount(authorizeUrl: URL, account: GoogleUserinfo | null): Promise<URL> {
    google.signingIn = account;
    const response = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(response.status).to.equal(302);
    const callback = new URL(response.headers.get('location') ?? '');
    expect(`${callback.origin}${callback.pathname}`).to.equal(`${host.baseUrl}${APP}/connect/google/callback`);
    return callback;
  }

  /** Follows our host's redirects from the provider's callback to wherever the user finally lands. */
  async function returnFromGoogle(agent: TestAgent, callback: URL | string): Promise<string> {
    let location = typeof callback === 'string' ? callback : `${callback.pathname}${callback.search}`;
    for (let hop = 0; hop < 3 && /^\/axal\/(connect|auth)\/google\//.test(location); hop += 1) {
      const response = await agent.get(location);
      expect(response.status, `${location}: ${JSON.stringify(response.body)}`).to.equal(302);
      location = response.headers.location;
    }
    return location;
  }

  async function signInWithGoogle(agent: TestAgent, account: GoogleUserinfo | null, startPath?: string) {
    const authorizeUrl = await startSignIn(agent, startPath);
    const landing = await returnFromGoogle(agent, await chooseAccount(authorizeUrl, account));
    return { authorizeUrl, landing };
  }

  const signedInEmail = async (agent: TestAgent): Promise<string | null> => {
    const response = await agent.get(`${APP}/auth/session`);
    return response.status === 200 ? (response.body.user.email as string) : null;
  };

  const usersWithEmail = (email: string) =>
    host.host
      .knex('users')
      .whereRaw('lower(email) = lower(?)', [email])
      .select<Array<{ external_id: string; google_subject: string | null; name: string; password_hash: string | null }>>(
        'external_id',
        'google_subject',
        'name',
        'password_hash',
      );

  it('signs in: connect -> provider -> grant callback -> our callback -> the callbackUrl, as the userinfo email', async () => {
    const agent = agentOfHost();
    const account = googleAccount();

    const start = await agent.get(`${APP}/connect/google?callbackUrl=${encodeURIComponent('/axal/w/abc')}`);
    expect(start.status).to.equal(302);
    const authorizeUrl = new URL(start.headers.location);
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).to.equal(`${google.issuer}/authorize`);
    const params = authorizeUrl.searchParams;
    expect(params.get('client_id')).to.equal(CLIENT_ID);
    expect(params.get('response_type')).to.equal('code');
    expect(params.get('redirect_uri')).to.equal(`${host.baseUrl}${APP}/connect/google/callback`);
    expect(params.get('scope')?.split(' ')).to.have.members(['openid', 'email', 'profile']);
    expect(params.get('prompt')).to.equal('select_account');
    expect(params.get('state')).to.match(/^[0-9a-f]{20,}$/);

    const callback = await chooseAccount(authorizeUrl, account);
    expect(callback.searchParams.get('state')).to.equal(params.get('state'));
    const code = callback.searchParams.get('code');
    expect(code).to.be.a('string');

    const grantCallback = await agent.get(`${callback.pathname}${callback.search}`);
    expect(grantCallback.status).to.equal(302);
    expect(grantCallback.headers.location).to.equal(`${APP}/auth/google/callback`);
    expect(google.tokenRequests).to.have.length(1);
    expect(google.tokenRequests[0]).to.include({
      grant_type: 'authorization_code',
      code,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      redirect_uri: `${host.baseUrl}${APP}/connect/google/callback`,
    });

    const ours = await agent.get(`${APP}/auth/google/callback`);
    expect(ours.status).to.equal(302);
    expect(ours.headers.location).to.equal('/axal/w/abc');

    const session = await agent.get(`${APP}/auth/session`).expect(200);
    expect(session.body.user).to.include({ email: account.email, name: 'Ravi Kumar' });
    expect(session.body.providers).to.deep.equal({ google: true });
    const [stored] = await usersWithEmail(account.email);
    expect(stored.google_subject).to.equal(account.sub);
    expect(stored.password_hash).to.equal(null);
  });

  it('starts a new session at sign-in whose CSRF token works', async () => {
    const agent = agentOfHost();
    const anonymous = await agent.get(`${APP}/auth/csrf`).expect(200);
    const anonymousId = sessionIdOf(requireSessionCookie(anonymous));
    const authorizeUrl = await startSignIn(agent);
    const callback = await chooseAccount(authorizeUrl, googleAccount());
    await agent.get(`${callback.pathname}${callback.search}`).expect(302);
    const ours = await agent.get(`${APP}/auth/google/callback`).expect(302);
    expect(sessionIdOf(requireSessionCookie(ours))).not.to.equal(anonymousId);
    await request(host.baseUrl).get(`${APP}/auth/session`).set('Cookie', requireSessionCookie(anonymous).pair).expect(401);
    const { body } = await agent.get(`${APP}/auth/csrf`).expect(200);
    expect(body.csrfToken).not.to.equal(anonymous.body.csrfToken);
    await agent.post(`${API}/workspaces`).set('X-CSRF-Token', body.csrfToken).send({ name: 'Google Firm' }).expect(201);
  });

  it('takes the identity from the userinfo response, not from claims in the tokens', async () => {
    const agent = agentOfHost();
    const account = googleAccount();
    const authorizeUrl = await startSignIn(agent);
    google.addClaimsToNextTokens({ email: 'someone.else@firm.example', email_verified: true, sub: 'someone-else' });
    await returnFromGoogle(agent, await chooseAccount(authorizeUrl, account));
    expect(await signedInEmail(agent)).to.equal(account.email);
    expect(await usersWithEmail('someone.else@firm.example')).to.deep.equal([]);
  });

  it('sign-up asks for consent, creates the user and lands on the dashboard without a callbackUrl', async () => {
    const agent = agentOfHost();
    const account = googleAccount({ name: 'Meera Iyer' });
    const { authorizeUrl, landing } = await signInWithGoogle(agent, account, `${APP}/connect/google/signup`);
    expect(authorizeUrl.searchParams.get('prompt')).to.equal('consent');
    expect(landing).to.equal('/axal/dashboard');
    const users = await usersWithEmail(account.email);
    expect(users).to.have.length(1);
    expect(users[0]).to.include({ name: 'Meera Iyer', google_subject: account.sub });
    expect(await signedInEmail(agent)).to.equal(account.email);
  });

  it('sign-up keeps a same-origin callbackUrl too', async () => {
    const agent = agentOfHost();
    const { landing } = await signInWithGoogle(
      agent,
      googleAccount(),
      `${APP}/connect/google/signup?callbackUrl=${encodeURIComponent('/axal/create-workspace')}`,
    );
    expect(landing).to.equal('/axal/create-workspace');
  });

  for (const offSite of ['https://evil.example/x', '//evil.example', '/\\evil.example', '/.//evil.example']) {
    it(`an off-site callbackUrl ${JSON.stringify(offSite)} lands on the dashboard`, async () => {
      const agent = agentOfHost();
      const account = googleAccount();
      const { landing } = await signInWithGoogle(agent, account, `${APP}/connect/google?callbackUrl=${encodeURIComponent(offSite)}`);
      expect(landing).to.equal('/axal/dashboard');
      expect(await signedInEmail(agent)).to.equal(account.email);
    });
  }

  describe('refusals sign nobody in', () => {
    it('a tampered state', async () => {
      const agent = agentOfHost();
      const account = googleAccount();
      const callback = await chooseAccount(await startSignIn(agent), account);
      callback.searchParams.set('state', `${callback.searchParams.get('state')}0`);
      expect(await returnFromGoogle(agent, callback)).to.equal(SIGN_IN_ERROR);
      expect(await signedInEmail(agent)).to.equal(null);
      expect(await usersWithEmail(account.email)).to.deep.equal([]);
      expect(google.tokenRequests).to.deep.equal([]);
    });

    it('a missing state', async () => {
      const agent = agentOfHost();
      const account = googleAccount();
      const callback = await chooseAccount(await startSignIn(agent), account);
      callback.searchParams.delete('state');
      expect(await returnFromGoogle(agent, callback)).to.equal(SIGN_IN_ERROR);
      expect(await signedInEmail(agent)).to.equal(null);
      expect(await usersWithEmail(account.email)).to.deep.equal([]);
    });

    it("someone else's callback link, carrying their own code and state, in a browser that never started the flow", async () => {
      const attacker = agentOfHost();
      const attackerAccount = googleAccount();
      const callback = await chooseAccount(await startSignIn(attacker), attackerAccount);
      const victim = agentOfHost();
      await victim.get(`${APP}/auth/csrf`).expect(200);
      const landing = await returnFromGoogle(victim, callback);
      expect(landing).to.equal(SIGN_IN_ERROR);
      expect(await signedInEmail(victim)).to.equal(null);
      expect(await usersWithEmail(attackerAccount.email)).to.deep.equal([]);
    });

    it('an access token in the callback instead of a code (a token issued to another app)', async () => {
      const victimAccount = googleAccount();
      const stolenToken = await google.accessTokenIssuedElsewhere(victimAccount);
      const attacker = agentOfHost();
      const authorizeUrl = await startSignIn(attacker);
      const state = authorizeUrl.searchParams.get('state') ?? '';
      const landing = await returnFromGoogle(attacker, `${APP}/connect/google/callback?access_token=${stolenToken}&state=${state}`);
      expect(landing).to.equal(SIGN_IN_ERROR);
      expect(await signedInEmail(attacker)).to.equal(null);
      expect(await usersWithEmail(victimAccount.email)).to.deep.equal([]);
    });

    it('a direct visit to our callback with no provider answer', async () => {
      const agent = agentOfHost();
      await agent.get(`${APP}/auth/csrf`).expect(200);
      const response = await agent.get(`${APP}/auth/google/callback`);
      expect(response.status).to.equal(302);
      expect(response.headers.location).to.equal(SIGN_IN_ERROR);
      expect(await signedInEmail(agent)).to.equal(null);
    });

    for (const [label, emailVerified] of [
      ['false', false],
      ['"false"', 'false'],
      ['absent', undefined],
    ] as const) {
      it(`an email the provider has not verified (email_verified ${label})`, async () => {
        const agent = agentOfHost();
        const account = googleAccount({ email_verified: emailVerified });
        if (emailVerified === undefined) delete account.email_verified;
        const { landing } = await signInWithGoogle(agent, account);
        expect(landing).to.equal(SIGN_IN_ERROR);
        expect(await signedInEmail(agent)).to.equal(null);
        expect(await usersWithEmail(account.email)).to.deep.equal([]);
      });
    }

    it('an unverified email on the sign-up path names the sign-up error', async () => {
      const agent = agentOfHost();
      const { landing } = await signInWithGoogle(agent, googleAccount({ email_verified: false }), `${APP}/connect/google/signup`);
      expect(landing).to.equal(SIGN_UP_ERROR);
      expect(await signedInEmail(agent)).to.equal(null);
    });

    it('an unverified email does not take over the password account with that email', async () => {
      const password = await signedInUser('victim');
      const agent = agentOfHost();
      const { landing } = await signInWithGoogle(agent, googleAccount({ email: password.user.email, email_verified: false }));
      expect(landing).to.equal(SIGN_IN_ERROR);
      const [stored] = await usersWithEmail(password.user.email);
      expect(stored.google_subject).to.equal(null);
    });

    it('a userinfo answer without an email', async () => {
      const agent = agentOfHost();
      const account = googleAccount();
      const { email: _omitted, ...withoutEmail } = account;
      const { landing } = await signInWithGoogle(agent, withoutEmail);
      expect(landing).to.equal(SIGN_IN_ERROR);
      expect(await signedInEmail(agent)).to.equal(null);
    });

    it('the user cancelling at the provider', async () => {
      const agent = agentOfHost();
      google.denyNextAuthorization();
      const authorizeUrl = await startSignIn(agent, `${APP}/connect/google/signup`);
      const callback = await chooseAccount(authorizeUrl, googleAccount());
      expect(callback.searchParams.get('error')).to.equal('access_denied');
      expect(await returnFromGoogle(agent, callback)).to.equal(SIGN_UP_ERROR);
      expect(await signedInEmail(agent)).to.equal(null);
    });

    it('a failed code exchange', async () => {
      const agent = agentOfHost();
      google.failNextTokenExchange();
      const { landing } = await signInWithGoogle(agent, googleAccount());
      expect(landing).to.equal(SIGN_IN_ERROR);
      expect(await signedInEmail(agent)).to.equal(null);
    });

    it('a failed userinfo request', async () => {
      const agent = agentOfHost();
      const { landing } = await signInWithGoogle(agent, null);
      expect(landing).to.equal(SIGN_IN_ERROR);
      expect(await signedInEmail(agent)).to.equal(null);
    });

    it('a callback replayed after it was used', async () => {
      const agent = agentOfHost();
      const account = googleAccount();
      const callback = await chooseAccount(await startSignIn(agent), account);
      expect(await returnFromGoogle(agent, callback)).to.equal('/axal/dashboard');
      const thief = agentOfHost();
      await thief.get(`${APP}/auth/csrf`).expect(200);
      expect(await returnFromGoogle(thief, callback)).to.equal(SIGN_IN_ERROR);
      expect(await signedInEmail(thief)).to.equal(null);
      expect(google.tokenRequests).to.have.length(1);
    });
  });

  describe('accounts', () => {
    it('links a password account with the same email instead of making a second one', async () => {
      const passwordAgent = agentOfHost();
      const { body: anonymous } = await passwordAgent.get(`${APP}/auth/csrf`).expect(200);
      const email = uniqueEmail('linked');
      const { response: signup } = await signUp(passwordAgent, anonymous.csrfToken, { email });
      expect(signup.status).to.equal(201);

      const agent = agentOfHost();
      const account = googleAccount({ email: email.toUpperCase(), name: 'Another Name' });
      expect((await signInWithGoogle(agent, account)).landing).to.equal('/axal/dashboard');
      const session = await agent.get(`${APP}/auth/session`).expect(200);
      expect(session.body.user.externalId).to.equal(signup.body.user.externalId);
      expect(session.body.user.name).to.equal('Asha Mehta');
      const users = await usersWithEmail(email);
      expect(users).to.have.length(1);
      expect(users[0].google_subject).to.equal(account.sub);

      // The address was never verified for the password, so whoever chose it may not be its owner: it no longer signs in.
      const passwordLogin = await passwordAgent
        .post(`${APP}/auth/login`)
        .set('X-CSRF-Token', anonymous.csrfToken)
        .send({ email, password: STRONG_PASSWORD });
      expect(passwordLogin.status).to.equal(401);
      expect(users[0].password_hash).to.equal(null);
    });

    it('keeps the password of an account whose email was already verified when linking', async () => {
      const passwordAgent = agentOfHost();
      const { body: anonymous } = await passwordAgent.get(`${APP}/auth/csrf`).expect(200);
      const email = uniqueEmail('verified');
      const { response: signup } = await signUp(passwordAgent, anonymous.csrfToken, { email });
      expect(signup.status).to.equal(201);
      await host.host.knex('users').whereRaw('lower(email) = lower(?)', [email]).update({ email_verified_at: new Date() });

      expect((await signInWithGoogle(agentOfHost(), googleAccount({ email }))).landing).to.equal('/axal/dashboard');
      const passwordLogin = await passwordAgent
        .post(`${APP}/auth/login`)
        .set('X-CSRF-Token', anonymous.csrfToken)
        .send({ email, password: STRONG_PASSWORD });
      expect(passwordLogin.status).to.equal(200);
      expect(passwordLogin.body.user.externalId).to.equal(signup.body.user.externalId);
    });

    it('finds a returning Google user by subject even after the email changed at Google', async () => {
      const account = googleAccount();
      const first = agentOfHost();
      await signInWithGoogle(first, account);
      const firstUser = (await first.get(`${APP}/auth/session`).expect(200)).body.user;
      const again = agentOfHost();
      await signInWithGoogle(again, { ...account, email: uniqueEmail('renamed') });
      const secondUser = (await again.get(`${APP}/auth/session`).expect(200)).body.user;
      expect(secondUser.externalId).to.equal(firstUser.externalId);
    });

    it('a Google-only account cannot sign in with a password', async () => {
      const account = googleAccount();
      await signInWithGoogle(agentOfHost(), account);
      const agent = agentOfHost();
      const { body } = await agent.get(`${APP}/auth/csrf`).expect(200);
      const response = await agent
        .post(`${APP}/auth/login`)
        .set('X-CSRF-Token', body.csrfToken)
        .send({ email: account.email, password: STRONG_PASSWORD });
      expect(response.status).to.equal(401);
      expect(response.body).to.deep.equal({ error: 'Invalid email or password' });
    });

    it('an invited email that first arrives through Google is verified but joins nothing until it accepts the invitation', async () => {
      const owner = await signedInUser('owner', host.baseUrl);
      const workspace = await createWorkspace(owner);
      const account = googleAccount();
      await owner.agent
        .post(`${API}/workspaces/${workspace.externalId}/members`)
        .set('X-CSRF-Token', owner.csrf)
        .send({ email: account.email, role: 'EMPLOYEE' })
        .expect(202);
      const agent = agentOfHost();
      await signInWithGoogle(agent, account);
      await agent.get(`${API}/workspaces/${workspace.externalId}/role`).expect(404);
      expect((await agent.get(`${API}/workspaces`).expect(200)).body.workspaces).to.deep.equal([]);
      const [user] = await host.host.knex('users').whereRaw('lower(email) = lower(?)', [account.email]).select('email_verified_at');
      expect(user.email_verified_at).to.be.instanceOf(Date);
    });

    it('a Google-only account sets its first password through a reset link, and signs in with it', async () => {
      const account = googleAccount();
      await signInWithGoogle(agentOfHost(), account);
      const agent = agentOfHost();
      const { body } = await agent.get(`${APP}/auth/csrf`).expect(200);
      const since = new Date();
      await agent.post(`${APP}/auth/forgot-password`).set('X-CSRF-Token', body.csrfToken).send({ email: account.email }).expect(202);
      const message = await latestMailTo(account.email, { baseUrl: host.baseUrl, subject: 'Reset your', since });
      const password = 'First$Ledger2027';
      await agent
        .post(`${APP}/auth/reset-password`)
        .set('X-CSRF-Token', body.csrfToken)
        .send({ token: tokenIn(message, '/reset-password'), password, confirmPassword: password })
        .expect(200);
      const login = await agent.post(`${APP}/auth/login`).set('X-CSRF-Token', body.csrfToken).send({ email: account.email, password });
      expect(login.status, JSON.stringify(login.body)).to.equal(200);
    });
  });

  describe('sessions', () => {
    const csrfOf = async (agent: TestAgent) => (await agent.get(`${APP}/auth/csrf`).expect(200)).body.csrfToken as string;
    const setFirstPassword = async (agent: TestAgent) =>
      agent
        .post(`${API}/me/password/initial`)
        .set('X-CSRF-Token', await csrfOf(agent))
        .send({ newPassword: 'Fresh$Balance2027', confirmPassword: 'Fresh$Balance2027' });

    it('a Google-only account sets a first password only within 10 minutes of a Google sign-in; signing in again renews it', async () => {
      const agent = agentOfHost();
      const account = googleAccount();
      await signInWithGoogle(agent, account);
      await rewriteStoredSession(sessionIdOfAgent(agent, host.baseUrl), (data) => ({ ...data, googleSignedInAt: Date.now() - 11 * 60_000 }));
      const stale = await setFirstPassword(agent);
      expect(stale.status).to.equal(403);
      expect(stale.body).to.deep.equal({ error: GOOGLE_SIGN_IN_REQUIRED, googleSignInRequired: true });
      expect((await usersWithEmail(account.email))[0].password_hash).to.equal(null);

      expect((await signInWithGoogle(agent, account, `${APP}/connect/google?callbackUrl=${encodeURIComponent('/axal/profile')}`)).landing).to.equal(
        '/axal/profile',
      );
      expect((await setFirstPassword(agent)).status).to.equal(204);
      expect((await usersWithEmail(account.email))[0].password_hash).to.match(/^scrypt\$/);
    });

    it('linking Google to a password account signs out the sessions opened before the link', async () => {
      const email = uniqueEmail('link-sessions');
      const passwordAgent = agentOfHost();
      const { response: signup } = await signUp(passwordAgent, await csrfOf(passwordAgent), { email });
      expect(signup.status).to.equal(201);
      await host.host.knex('users').whereRaw('lower(email) = lower(?)', [email]).update({ email_verified_at: new Date() });
      await passwordAgent
        .post(`${APP}/auth/login`)
        .set('X-CSRF-Token', await csrfOf(passwordAgent))
        .send({ email, password: STRONG_PASSWORD })
        .expect(200);

      const googleAgent = agentOfHost();
      await signInWithGoogle(googleAgent, googleAccount({ email }));
      expect(await signedInEmail(googleAgent)).to.equal(email);
      expect(await signedInEmail(passwordAgent)).to.equal(null);
      const sessions = (await googleAgent.get(`${API}/me/sessions`).expect(200)).body.sessions;
      expect(sessions).to.have.length(1);
    });

    it('a returning Google user (already linked) keeps their other sessions', async () => {
      const account = googleAccount();
      const first = agentOfHost();
      await signInWithGoogle(first, account);
      const second = agentOfHost();
      await signInWithGoogle(second, account);
      expect(await signedInEmail(first)).to.equal(account.email);
      expect(await signedInEmail(second)).to.equal(account.email);
    });
  });

  it('a cross-site POST to the connect routes is refused by the CSRF guard', async () => {
    const agent = agentOfHost();
    await agent.get(`${APP}/auth/csrf`).expect(200);
    for (const path of ['/connect/google', '/connect/google/signup', '/connect/google/callback']) {
      const response = await agent.post(`${APP}${path}`).type('form').send({ access_token: 'stolen', code: 'x', state: 'y' });
      expect(response.status, path).to.equal(403);
      expect(response.body).to.deep.equal({ error: 'Invalid CSRF token' });
    }
  });

  describe('with Google not configured (the shared host)', () => {
    for (const path of ['/connect/google', '/connect/google/signup', '/connect/google/callback?code=x&state=y']) {
      it(`GET {app}${path} answers 404`, async () => {
        const response = await request(sharedHost().baseUrl).get(`${APP}${path}`);
        expect(response.status).to.equal(404);
        expect(response.body).to.deep.equal({ error: 'Google sign-in is not enabled' });
      });
    }

    it('the session endpoint says providers.google is false', async () => {
      const response = await request(sharedHost().baseUrl).get(`${APP}/auth/session`);
      expect(response.body.providers).to.deep.equal({ google: false });
    });
  });
});
