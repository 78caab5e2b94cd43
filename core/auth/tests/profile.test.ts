import { expect } from 'chai';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { API, APP, newAgent, signedInUser, STRONG_PASSWORD, type TestSession } from '../../plugin-api/testing/http';
import { CURRENT_PASSWORD_INCORRECT, NO_PASSWORD_TO_CHANGE, PASSWORD_ALREADY_SET } from '../profile-routes';
import { GOOGLE_SIGN_IN_REQUIRED } from '../schemas';
import { rewriteStoredSession, sessionIdOfAgent } from './support';

const ME = `${API}/me`;
const PASSWORD = `${ME}/password`;
const NEW_PASSWORD = 'Fresh$Balance2027';

interface ErrorBody {
  error?: unknown;
  details?: Record<string, string[]>;
}

/** A 400 whose details carry `message` for `field`. */
function expectFieldError(response: { status: number; body: ErrorBody }, field: string, message: string) {
  expect(response.status, JSON.stringify(response.body)).to.equal(400);
  expect(response.body.details?.[field]).to.include(message);
}

const knex = () => sharedHost().host.knex;

const storedUser = (email: string) =>
  knex()('users')
    .whereRaw('lower(email) = lower(?)', [email])
    .first<{ id: number; name: string; password_hash: string | null }>('id', 'name', 'password_hash');

async function activityOf(email: string, action: string) {
  const user = await storedUser(email);
  return knex()('activity_log').where({ actor_user_id: user!.id, action });
}

const rename = (session: TestSession, body: unknown) =>
  session.agent
    .patch(ME)
    .set('X-CSRF-Token', session.csrf)
    .send(body as object);

const changePassword = (session: TestSession, fields: Record<string, unknown>) =>
  session.agent
    .post(PASSWORD)
    .set('X-CSRF-Token', session.csrf)
    .send({ currentPassword: session.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, ...fields });

async function loginStatus(email: string, password: string): Promise<number> {
  const { agent, csrf } = await newAgent();
  return (await agent.post(`${APP}/auth/login`).set('X-CSRF-Token', csrf).send({ email, password })).status;
}

describe('{app}/api/v1/me: the signed-in user profile', () => {
  describe('signed out', () => {
    it('every route answers 401', async () => {
      const { agent, csrf } = await newAgent();
      await agent.get(ME).expect(401);
      await agent.patch(ME).set('X-CSRF-Token', csrf).send({ name: 'Asha Mehta' }).expect(401);
      await agent.post(PASSWORD).set('X-CSRF-Token', csrf).send({}).expect(401);
    });
  });

  describe('GET /me', () => {
    it('answers the public user and whether the account has a password, nothing more', async () => {
      const session = await signedInUser('me');
      const response = await session.agent.get(ME).expect(200);
      expect(response.body).to.deep.equal({ user: { ...session.user, image: null }, hasPassword: true });
    });
  });

  describe('PATCH /me', () => {
    it('renames the user, trimmed, and the session sees the new name', async () => {
      const session = await signedInUser('rename');
      const response = await rename(session, { name: '  Kavya Raghunathan  ' });
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      expect(response.body.user).to.deep.equal({ ...session.user, name: 'Kavya Raghunathan', image: null });
      expect((await storedUser(session.user.email))?.name).to.equal('Kavya Raghunathan');
      expect((await session.agent.get(`${APP}/auth/session`).expect(200)).body.user.name).to.equal('Kavya Raghunathan');
    });

    it('records user.profile_updated outside any workspace', async () => {
      const session = await signedInUser('rename-activity');
      await rename(session, { name: 'Nikhil Rao' }).expect(200);
      const entries = await activityOf(session.user.email, 'user.profile_updated');
      expect(entries).to.have.length(1);
      expect(entries[0]).to.include({ workspace_id: null, entity_type: 'user', entity_id: session.user.externalId });
    });

    it('needs the CSRF token', async () => {
      const session = await signedInUser('rename-csrf');
      await session.agent.patch(ME).send({ name: 'Nikhil Rao' }).expect(403);
    });

    it('a name under 3 characters: "Name must be at least 3 characters"', async () => {
      const session = await signedInUser('rename-short');
      expectFieldError(await rename(session, { name: '  Al  ' }), 'name', 'Name must be at least 3 characters');
    });

    it('a name with digits or symbols: "Name can only contain letters and spaces"', async () => {
      const session = await signedInUser('rename-letters');
      expectFieldError(await rename(session, { name: 'Asha M3hta' }), 'name', 'Name can only contain letters and spaces');
      expectFieldError(await rename(session, { name: 'Asha <Mehta>' }), 'name', 'Name can only contain letters and spaces');
      expect((await storedUser(session.user.email))?.name).to.equal(session.user.name);
    });

    for (const [label, body] of [
      ['an empty object', {}],
      ['a number', { name: 42 }],
      ['null', { name: null }],
      ['an array body', [{ name: 'Asha Mehta' }]],
    ] as Array<[string, unknown]>) {
      it(`${label} answers 400, never 500`, async () => {
        const session = await signedInUser('rename-malformed');
        const response = await rename(session, body);
        expect(response.status).to.equal(400);
        expect(response.body.error).to.be.a('string');
      });
    }
  });

  describe('POST /me/password', () => {
    it('changes the password: 204, a new hash, the old password stops working and the new one signs in', async () => {
      const session = await signedInUser('password');
      const before = await storedUser(session.user.email);
      const response = await changePassword(session, {});
      expect(response.status, JSON.stringify(response.body)).to.equal(204);
      const after = await storedUser(session.user.email);
      expect(after?.password_hash).to.match(/^scrypt\$/);
      expect(after?.password_hash).not.to.equal(before?.password_hash);
      expect(await loginStatus(session.user.email, STRONG_PASSWORD)).to.equal(401);
      expect(await loginStatus(session.user.email, NEW_PASSWORD)).to.equal(200);
    });

    it('records user.password_changed outside any workspace', async () => {
      const session = await signedInUser('password-activity');
      await changePassword(session, {}).expect(204);
      const entries = await activityOf(session.user.email, 'user.password_changed');
      expect(entries).to.have.length(1);
      expect(entries[0]).to.include({ workspace_id: null, entity_type: 'user', entity_id: session.user.externalId });
    });

    it('a wrong current password: 401 "Current password is incorrect", and nothing changes', async () => {
      const session = await signedInUser('password-wrong');
      const before = await storedUser(session.user.email);
      const response = await changePassword(session, { currentPassword: 'Wrong#Guess2026' });
      expect(response.status).to.equal(401);
      expect(response.body).to.deep.equal({ error: CURRENT_PASSWORD_INCORRECT });
      expect((await storedUser(session.user.email))?.password_hash).to.equal(before?.password_hash);
      expect(await activityOf(session.user.email, 'user.password_changed')).to.have.length(0);
    });

    it('repeated wrong guesses are throttled like sign-ins: 429 with Retry-After', async () => {
      const session = await signedInUser('password-throttle');
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await changePassword(session, { currentPassword: 'Wrong#Guess2026' })).status).to.equal(401);
      }
      const response = await changePassword(session, {});
      expect(response.status).to.equal(429);
      expect(Number(response.headers['retry-after'])).to.be.greaterThan(0);
    });

    it('an account without a password (Google only): 400 with a clear message', async () => {
      const session = await signedInUser('password-google');
      await knex()('users').whereRaw('lower(email) = lower(?)', [session.user.email]).update({ password_hash: null });
      expect((await session.agent.get(ME).expect(200)).body.hasPassword).to.equal(false);
      const response = await changePassword(session, {});
      expect(response.status).to.equal(400);
      expect(response.body.error).to.equal(NO_PASSWORD_TO_CHANGE);
    });

    it('needs the CSRF token', async () => {
      const session = await signedInUser('password-csrf');
      await session.agent
        .post(PASSWORD)
        .send({ currentPassword: session.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })
        .expect(403);
    });

    describe('the new password follows the sign-up rules (spec 5.2), with their messages', () => {
      const rules: Array<[string, string]> = [
        ['Sh0rt#Pass', 'Password must be at least 12 characters'],
        ['sturdy#ledger2026', 'Password must contain at least one uppercase letter'],
        ['STURDY#LEDGER2026', 'Password must contain at least one lowercase letter'],
        ['Sturdy#Ledger-Year', 'Password must contain at least one number'],
        ['SturdyLedger2026', 'Password must contain at least one special character'],
        ['Sturdy#Ledgerrr2026', 'Password must not repeat a character more than twice in a row'],
        ['Sturdy#Password26', 'Password must not contain common patterns like "password", "123" or "abc"'],
      ];
      let session: TestSession;
      before(async () => {
        session = await signedInUser('password-rules');
      });

      for (const [candidate, message] of rules) {
        it(message, async () => {
          const response = await changePassword(session, { newPassword: candidate, confirmPassword: candidate });
          expectFieldError(response, 'newPassword', message);
          expect(response.body.error).to.equal(message);
        });
      }

      it('a confirmation that differs: "Passwords don\'t match"', async () => {
        expectFieldError(await changePassword(session, { confirmPassword: `${NEW_PASSWORD}x` }), 'confirmPassword', "Passwords don't match");
      });

      it('the current password again: "New password must be different from your current password"', async () => {
        const response = await changePassword(session, { newPassword: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD });
        expectFieldError(response, 'newPassword', 'New password must be different from your current password');
      });

      it('no current password: "Current password is required"', async () => {
        expectFieldError(await changePassword(session, { currentPassword: '' }), 'currentPassword', 'Current password is required');
      });

      after(async () => {
        expect(await loginStatus(session.user.email, STRONG_PASSWORD), 'no rejected change touched the password').to.equal(200);
      });
    });

    for (const [label, body] of [
      ['an empty object', {}],
      ['numbers', { currentPassword: 1, newPassword: 2, confirmPassword: 3 }],
      ['arrays', { currentPassword: [STRONG_PASSWORD], newPassword: [NEW_PASSWORD], confirmPassword: [NEW_PASSWORD] }],
      ['an array body', []],
    ] as Array<[string, unknown]>) {
      it(`${label} answers 400, never 500`, async () => {
        const session = await signedInUser('password-malformed');
        const response = await session.agent
          .post(PASSWORD)
          .set('X-CSRF-Token', session.csrf)
          .send(body as object);
        expect(response.status).to.equal(400);
        expect(response.body.error).to.be.a('string');
      });
    }
  });

  describe('POST /me/password/initial (a first password for a Google-only account)', () => {
    const setPassword = (session: TestSession, fields: Record<string, unknown> = {}) =>
      session.agent
        .post(`${PASSWORD}/initial`)
        .set('X-CSRF-Token', session.csrf)
        .send({ newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, ...fields });

    /** A Google-only account whose session signed in with Google `minutesAgo` (the shared host has no Google to ask). */
    async function googleOnlyUser(label: string, minutesAgo: number | null = 0): Promise<TestSession> {
      const session = await signedInUser(label);
      await knex()('users').whereRaw('lower(email) = lower(?)', [session.user.email]).update({ password_hash: null });
      if (minutesAgo !== null) {
        await rewriteStoredSession(sessionIdOfAgent(session.agent), (data) => ({ ...data, googleSignedInAt: Date.now() - minutesAgo * 60_000 }));
      }
      return session;
    }

    it('sets the password once, which then signs in and is recorded', async () => {
      const session = await googleOnlyUser('initial-password', 9);
      await setPassword(session).expect(204);
      expect((await session.agent.get(ME).expect(200)).body.hasPassword).to.equal(true);
      expect(await loginStatus(session.user.email, NEW_PASSWORD)).to.equal(200);
      expect(await activityOf(session.user.email, 'user.password_set')).to.have.length(1);
    });

    for (const [label, minutesAgo] of [
      ['a session that did not sign in with Google', null],
      ['a Google sign-in more than 10 minutes ago', 11],
    ] as const) {
      it(`${label}: 403 asking for a fresh Google sign-in, and no password is set`, async () => {
        const session = await googleOnlyUser(`initial-password-stale`, minutesAgo);
        const response = await setPassword(session);
        expect(response.status).to.equal(403);
        expect(response.body).to.deep.equal({ error: GOOGLE_SIGN_IN_REQUIRED, googleSignInRequired: true });
        expect((await storedUser(session.user.email))!.password_hash).to.equal(null);
      });
    }

    it('follows the sign-up password rules', async () => {
      const session = await googleOnlyUser('initial-password-rules');
      expectFieldError(
        await setPassword(session, { newPassword: 'short', confirmPassword: 'short' }),
        'newPassword',
        'Password must be at least 12 characters',
      );
      expectFieldError(await setPassword(session, { confirmPassword: 'Other$Balance2027' }), 'confirmPassword', "Passwords don't match");
      expect((await storedUser(session.user.email))!.password_hash).to.equal(null);
    });

    it('refuses an account that already has a password: 409, and the password is unchanged', async () => {
      const session = await signedInUser('initial-password-taken');
      const response = await setPassword(session).expect(409);
      expect(response.body).to.deep.equal({ error: PASSWORD_ALREADY_SET });
      expect(await loginStatus(session.user.email, STRONG_PASSWORD)).to.equal(200);
    });

    it('needs a session and the CSRF token', async () => {
      const { agent, csrf } = await newAgent();
      await agent
        .post(`${PASSWORD}/initial`)
        .set('X-CSRF-Token', csrf)
        .send({ newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })
        .expect(401);
      const session = await googleOnlyUser('initial-password-csrf');
      await session.agent.post(`${PASSWORD}/initial`).send({ newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }).expect(403);
    });
  });
});
