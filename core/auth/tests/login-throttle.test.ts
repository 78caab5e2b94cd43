import { expect } from 'chai';
import type { Response } from 'supertest';
import { APP, newAgent, STRONG_PASSWORD, uniqueEmail } from '../../plugin-api/testing/http';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { startTestHost, type RunningHost } from '../../plugin-api/testing/test-host';

const LOGIN = `${APP}/auth/login`;
const WRONG_PASSWORD = `${STRONG_PASSWORD}-wrong`;
const FIFTEEN_MINUTES_SECONDS = 15 * 60;

async function registeredEmail(): Promise<string> {
  return (await sharedHost().verifiedAccount('throttle')).email;
}

async function attemptLogin(email: string, password: string, baseUrl = sharedHost().baseUrl): Promise<Response> {
  const { agent, csrf } = await newAgent(baseUrl);
  return agent.post(LOGIN).set('X-CSRF-Token', csrf).send({ email, password });
}

async function failLogins(email: string, times: number, baseUrl?: string): Promise<void> {
  for (let attempt = 1; attempt <= times; attempt += 1) {
    const response = await attemptLogin(email, WRONG_PASSWORD, baseUrl);
    expect(response.status, `attempt ${attempt}`).to.equal(401);
  }
}

function expectThrottled(response: Response): void {
  expect(response.status).to.equal(429);
  expect(response.body.error).to.match(/^Too many failed login attempts\. Please try again in \d+ minutes?\.$/);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).to.be.a('number').and.satisfy(Number.isInteger);
  expect(retryAfter).to.be.within(1, FIFTEEN_MINUTES_SECONDS);
  expect(response.body.error).to.include(`${Math.ceil(retryAfter / 60)} minute`);
}

describe('login throttle: 5 failures for one email from one address in 15 minutes', () => {
  it('lets the first five wrong passwords through as 401, then refuses even the right password with 429', async () => {
    const email = await registeredEmail();
    await failLogins(email, 5);
    const { agent, csrf } = await newAgent();
    const sixth = await agent.post(LOGIN).set('X-CSRF-Token', csrf).send({ email, password: STRONG_PASSWORD });
    expectThrottled(sixth);
    expect(sixth.body).not.to.have.property('user');
    await agent.get(`${APP}/auth/session`).expect(401);
    expectThrottled(await attemptLogin(email, WRONG_PASSWORD));
  });

  it('lets no more than five of many simultaneous guesses reach the password check', async () => {
    const email = await registeredEmail();
    const agents = await Promise.all(Array.from({ length: 12 }, () => newAgent()));
    const answers = await Promise.all(
      agents.map(({ agent, csrf }) => agent.post(LOGIN).set('X-CSRF-Token', csrf).send({ email, password: WRONG_PASSWORD })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).to.have.length(5);
    expect(statuses.filter((status) => status === 429)).to.have.length(7);
  });

  it('four failures do not block, and a success clears the count', async () => {
    const email = await registeredEmail();
    await failLogins(email, 4);
    expect((await attemptLogin(email, STRONG_PASSWORD)).status).to.equal(200);
    await failLogins(email, 4);
    expect((await attemptLogin(email, STRONG_PASSWORD)).status).to.equal(200);
  });

  it('counts an email in any letter case as the same email', async () => {
    const email = await registeredEmail();
    await failLogins(email.toUpperCase(), 3);
    await failLogins(email, 2);
    expectThrottled(await attemptLogin(email, STRONG_PASSWORD));
  });

  it('counts unknown emails too, so probing for accounts is throttled', async () => {
    const email = uniqueEmail('unknown');
    await failLogins(email, 5);
    expectThrottled(await attemptLogin(email, WRONG_PASSWORD));
  });

  it('does not block another email from the same address', async () => {
    const blocked = await registeredEmail();
    const other = await registeredEmail();
    await failLogins(blocked, 5);
    expectThrottled(await attemptLogin(blocked, STRONG_PASSWORD));
    const response = await attemptLogin(other, STRONG_PASSWORD);
    expect(response.status).to.equal(200);
    expect(response.body.user.email).to.equal(other);
  });

  it('answers 400, not 429, for malformed input even when blocked', async () => {
    const email = await registeredEmail();
    await failLogins(email, 5);
    const { agent, csrf } = await newAgent();
    const response = await agent.post(LOGIN).set('X-CSRF-Token', csrf).send({ email, password: 'short' });
    expect(response.status).to.equal(400);
  });

  describe('across web processes (counters live in Redis)', () => {
    let secondHost: RunningHost;

    before(async function () {
      this.timeout(30_000);
      secondHost = await startTestHost();
    });

    after(async function () {
      this.timeout(30_000);
      await secondHost?.stop();
    });

    it('a second host refuses an email the first host blocked', async () => {
      const email = await registeredEmail();
      await failLogins(email, 5, sharedHost().baseUrl);
      expectThrottled(await attemptLogin(email, STRONG_PASSWORD, secondHost.baseUrl));
    });

    it('failures spread over two hosts add up to one count', async () => {
      const email = await registeredEmail();
      await failLogins(email, 3, sharedHost().baseUrl);
      await failLogins(email, 2, secondHost.baseUrl);
      expectThrottled(await attemptLogin(email, STRONG_PASSWORD, sharedHost().baseUrl));
      expectThrottled(await attemptLogin(email, STRONG_PASSWORD, secondHost.baseUrl));
    });
  });
});
