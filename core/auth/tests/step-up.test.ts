import { expect } from 'chai';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { APP, newAgent, signedInUser, type TestSession } from '../../plugin-api/testing/http';
import { call } from '../../workspaces/tests/support';
import { ACCOUNT_PASSWORD_INCORRECT } from '../account-password';
import { STEP_UP_DURATION_MS } from '../step-up';
import { NO_PASSWORD_TO_VERIFY } from '../step-up-routes';

/** Far more than any sign-in limit: the loop stops at the first 429. */
const MAX_ATTEMPTS = 50;

const stepUpWith = (session: TestSession, password: unknown) => call(session, 'post', '/me/step-up', { password });

describe('POST {app}/api/v1/me/step-up: "Verify Your Identity"', () => {
  it('answers 401 to a signed-out visitor', async () => {
    const { agent, csrf } = await newAgent();
    const { body } = await agent.post(`${APP}/api/v1/me/step-up`).set('X-CSRF-Token', csrf).send({ password: 'Anything#123' }).expect(401);
    expect(body).to.deep.equal({ error: 'Not signed in' });
  });

  it('marks the session as verified for ten minutes from now', async () => {
    const session = await signedInUser('step-up');
    const before = Date.now();
    const { body } = await stepUpWith(session, session.password).expect(200);
    expect(body).to.have.keys('stepUpUntil');
    expect(body.stepUpUntil).to.be.within(before + STEP_UP_DURATION_MS, Date.now() + STEP_UP_DURATION_MS);
    expect(STEP_UP_DURATION_MS).to.equal(10 * 60 * 1000);
  });

  it('refuses a wrong password with the existing wording, and a missing one with 400', async () => {
    const session = await signedInUser('step-up-wrong');
    const wrong = await stepUpWith(session, 'Not#My#Password1').expect(401);
    expect(wrong.body).to.deep.equal({ error: ACCOUNT_PASSWORD_INCORRECT });
    for (const password of [undefined, '', 42]) {
      const { body } = await stepUpWith(session, password).expect(400);
      expect(body.error).to.equal('Please enter your account password');
    }
  });

  it('tells an account without a password (Google only) to set one first: 409', async () => {
    const session = await signedInUser('step-up-google');
    await sharedHost().host.knex('users').where({ email: session.user.email }).update({ password_hash: null });
    const { body } = await stepUpWith(session, session.password).expect(409);
    expect(body).to.deep.equal({ error: NO_PASSWORD_TO_VERIFY });
  });

  it('counts wrong passwords towards the sign-in throttle: 429 with Retry-After, and sign-in is refused too', async () => {
    const session = await signedInUser('step-up-throttle');
    let throttled: Awaited<ReturnType<typeof stepUpWith>> | null = null;
    for (let attempt = 0; attempt < MAX_ATTEMPTS && !throttled; attempt++) {
      const response = await stepUpWith(session, `Wrong#Guess#${attempt}`);
      if (response.status === 429) throttled = response;
      else expect(response.status).to.equal(401);
    }
    expect(throttled, 'no 429 within the attempts').to.not.equal(null);
    expect(throttled!.headers['retry-after']).to.match(/^\d+$/);
    // Even the right password waits now, here and at sign-in.
    await stepUpWith(session, session.password).expect(429);
    const { agent, csrf } = await newAgent();
    await agent.post(`${APP}/auth/login`).set('X-CSRF-Token', csrf).send({ email: session.user.email, password: session.password }).expect(429);
  });
});
