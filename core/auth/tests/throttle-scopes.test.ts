import { randomInt } from 'node:crypto';
import { expect } from 'chai';
import type { Response } from 'supertest';
import { loadConfig } from '../../platform/config';
import { API, APP, newAgent, signedInUser, STRONG_PASSWORD, uniqueEmail, type TestSession } from '../../plugin-api/testing/http';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { TEST_REDIS_PREFIX, testConfig } from '../../plugin-api/testing/test-config';
import { startTestHost, type TestHost } from '../../plugin-api/testing/test-host';
import { FAILED_LOGIN_WINDOW_SECONDS } from '../login-throttle';
import { PasswordCheck } from '../password-check';

const LOGIN = `${APP}/auth/login`;
const WRONG_PASSWORD = `${STRONG_PASSWORD}-wrong`;

/** Whatever a client might claim to be. */
const forgedAddress = () => `${randomInt(1, 224)}.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
let addressesUsed = 0;
/** An address of the benchmarking range (RFC 2544) no other test of the run uses, so no two tests share a counter. */
const freshAddress = () => {
  addressesUsed += 1;
  return `198.18.${Math.floor(addressesUsed / 250)}.${(addressesUsed % 250) + 1}`;
};

async function attempt(baseUrl: string, email: string, password: string, forwardedFor?: string): Promise<Response> {
  const { agent, csrf } = await newAgent(baseUrl);
  const login = agent.post(LOGIN).set('X-CSRF-Token', csrf);
  if (forwardedFor) login.set('X-Forwarded-For', forwardedFor);
  return login.send({ email, password });
}

function expectRefused(response: Response, reason: RegExp): void {
  expect(response.status, JSON.stringify(response.body)).to.equal(429);
  expect(response.body.error).to.match(reason);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).to.satisfy(Number.isInteger).and.be.within(1, FAILED_LOGIN_WINDOW_SECONDS);
  expect(response.body.error).to.include(`try again in ${Math.ceil(retryAfter / 60)} minute`);
}

const ACCOUNT_REFUSAL = /^Too many failed login attempts for this account\. Please try again in \d+ minutes?\.$/;
const ADDRESS_REFUSAL = /^Too many failed login attempts from your network\. Please try again in \d+ minutes?\.$/;
const EMAIL_AND_ADDRESS_REFUSAL = /^Too many failed login attempts\. Please try again in \d+ minutes?\.$/;

describe('login throttle: per account and per client address', function () {
  this.timeout(60_000);

  describe('behind one trusted proxy (TRUST_PROXY=1), 10 failures per account and 8 per address', () => {
    let host: TestHost;

    before(async () => {
      host = await startTestHost({
        configOverrides: {
          TRUST_PROXY: '1',
          LOGIN_FAILURES_PER_ACCOUNT: '10',
          LOGIN_FAILURES_PER_ADDRESS: '8',
          // Counters of its own: the run's other tests fail sign-ins from this machine's address too.
          REDIS_KEY_PREFIX: `${TEST_REDIS_PREFIX}behind-proxy:`,
        },
      });
    });

    after(async () => {
      await host?.stop();
    });

    const registered = async (label: string): Promise<TestSession> => host.signedInUser(label);

    it('refuses an account after 10 failures spread over 10 addresses, from any address, even with the right password', async () => {
      const account = await registered('throttle-account');
      for (let failure = 1; failure <= 10; failure += 1) {
        expect((await attempt(host.baseUrl, account.user.email, WRONG_PASSWORD, freshAddress())).status, `failure ${failure}`).to.equal(401);
      }
      expectRefused(await attempt(host.baseUrl, account.user.email, STRONG_PASSWORD, freshAddress()), ACCOUNT_REFUSAL);
      expectRefused(await attempt(host.baseUrl, account.user.email.toUpperCase(), STRONG_PASSWORD, freshAddress()), ACCOUNT_REFUSAL);
      const other = await registered('throttle-account-other');
      expect((await attempt(host.baseUrl, other.user.email, STRONG_PASSWORD, freshAddress())).status).to.equal(200);
    });

    it('counts password confirmations of a signed-in user towards the same account limit', async () => {
      const account = await registered('throttle-account-confirm');
      for (let failure = 1; failure <= 10; failure += 1) {
        const response = await account.agent
          .post(`${API}/me/password`)
          .set('X-CSRF-Token', account.csrf)
          .set('X-Forwarded-For', freshAddress())
          .send({ currentPassword: WRONG_PASSWORD, newPassword: 'Fresh$Balance2027', confirmPassword: 'Fresh$Balance2027' });
        expect(response.status, `failure ${failure}`).to.equal(401);
      }
      const refused = await attempt(host.baseUrl, account.user.email, STRONG_PASSWORD, freshAddress());
      expectRefused(refused, ACCOUNT_REFUSAL);
    });

    it('refuses an address after 8 failures against 8 accounts, for any account, while other addresses go on', async () => {
      const address = freshAddress();
      for (let failure = 1; failure <= 8; failure += 1) {
        expect((await attempt(host.baseUrl, uniqueEmail('sprayed'), WRONG_PASSWORD, address)).status, `failure ${failure}`).to.equal(401);
      }
      const account = await registered('throttle-address');
      expectRefused(await attempt(host.baseUrl, account.user.email, STRONG_PASSWORD, address), ADDRESS_REFUSAL);
      expect((await attempt(host.baseUrl, account.user.email, STRONG_PASSWORD, freshAddress())).status).to.equal(200);
    });

    it('a success from the address gives back only its own attempt, never the failures of others', async () => {
      const address = freshAddress();
      for (let failure = 1; failure <= 7; failure += 1) {
        expect((await attempt(host.baseUrl, uniqueEmail('sprayed'), WRONG_PASSWORD, address)).status).to.equal(401);
      }
      const account = await registered('throttle-address-success');
      expect((await attempt(host.baseUrl, account.user.email, STRONG_PASSWORD, address)).status).to.equal(200);
      expect((await attempt(host.baseUrl, uniqueEmail('sprayed'), WRONG_PASSWORD, address)).status).to.equal(401);
      expectRefused(await attempt(host.baseUrl, account.user.email, STRONG_PASSWORD, address), ADDRESS_REFUSAL);
    });

    it('counts the address the proxy saw (the last X-Forwarded-For hop), whatever the client put before it', async () => {
      const account = await registered('throttle-hop');
      const proxySaw = freshAddress();
      for (let failure = 1; failure <= 5; failure += 1) {
        const forged = `${freshAddress()}, ${proxySaw}`;
        expect((await attempt(host.baseUrl, account.user.email, WRONG_PASSWORD, forged)).status).to.equal(401);
      }
      expectRefused(await attempt(host.baseUrl, account.user.email, STRONG_PASSWORD, `${freshAddress()}, ${proxySaw}`), EMAIL_AND_ADDRESS_REFUSAL);

      // Put first, that address is only the client's claim: the attempt counts under the address the proxy appended.
      const proxyAppended = freshAddress();
      const { agent, csrf } = await newAgent(host.baseUrl);
      await agent
        .post(LOGIN)
        .set('X-CSRF-Token', csrf)
        .set('X-Forwarded-For', `${proxySaw}, ${proxyAppended}`)
        .send({ email: account.user.email, password: STRONG_PASSWORD })
        .expect(200);
      const listed = (await agent.get(`${API}/me/sessions`).set('X-Forwarded-For', proxyAppended).expect(200)).body.sessions;
      expect(listed.find((session: { current: boolean }) => session.current).ip).to.equal(proxyAppended);
    });
  });

  describe('with TRUST_PROXY unset, a forged X-Forwarded-For changes nothing', () => {
    it('five failures of one email under five forged addresses still block that email from this client', async () => {
      const account = await signedInUser('throttle-forged');
      for (let failure = 1; failure <= 5; failure += 1) {
        expect((await attempt(sharedHost().baseUrl, account.user.email, WRONG_PASSWORD, forgedAddress())).status).to.equal(401);
      }
      expectRefused(await attempt(sharedHost().baseUrl, account.user.email, STRONG_PASSWORD, forgedAddress()), EMAIL_AND_ADDRESS_REFUSAL);
    });

    it('the sessions list shows the connection’s address, not the forged one', async () => {
      const account = await signedInUser('throttle-forged-ip');
      const { agent, csrf } = await newAgent();
      await agent
        .post(LOGIN)
        .set('X-CSRF-Token', csrf)
        .set('X-Forwarded-For', '203.0.113.77')
        .send({ email: account.user.email, password: STRONG_PASSWORD })
        .expect(200);
      const sessions = (await agent.get(`${API}/me/sessions`).set('X-Forwarded-For', '203.0.113.77').expect(200)).body.sessions;
      expect(sessions.map((session: { ip: string }) => session.ip)).to.satisfy((ips: string[]) => ips.every((ip) => ip.endsWith('127.0.0.1')));
    });

    describe('the per-address limit (a host with 6, counting in its own Redis keys)', () => {
      let host: TestHost;

      before(async () => {
        host = await startTestHost({ configOverrides: { LOGIN_FAILURES_PER_ADDRESS: '6', REDIS_KEY_PREFIX: `${TEST_REDIS_PREFIX}per-address:` } });
      });

      after(async () => {
        await host?.stop();
      });

      it('six failures against six accounts under forged addresses block this client for every account', async () => {
        for (let failure = 1; failure <= 6; failure += 1) {
          expect((await attempt(host.baseUrl, uniqueEmail('forged-spray'), WRONG_PASSWORD, forgedAddress())).status).to.equal(401);
        }
        expectRefused(await attempt(host.baseUrl, uniqueEmail('forged-spray'), WRONG_PASSWORD, forgedAddress()), ADDRESS_REFUSAL);
      });
    });
  });
});

describe('TRUST_PROXY', () => {
  const trustProxyOf = (value: string) => testConfig({ TRUST_PROXY: value }).trustProxy;
  const problemOf = (value: string) => {
    try {
      loadConfig({
        NODE_ENV: 'test',
        SESSION_SECRET: 'x'.repeat(40),
        DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
        TRUST_PROXY: value,
      });
    } catch (error) {
      return (error as Error).message;
    }
    return null;
  };

  it('is false by default: no X-Forwarded-For is believed', () => {
    expect(
      loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(40), DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') }).trustProxy,
    ).to.equal(false);
    expect(trustProxyOf('false')).to.equal(false);
    expect(trustProxyOf('0')).to.equal(false);
  });

  it('takes a hop count', () => {
    expect(trustProxyOf('1')).to.equal(1);
    expect(trustProxyOf('2')).to.equal(2);
  });

  it('takes addresses, subnets and Express’s named ranges', () => {
    expect(trustProxyOf('10.0.0.0/8, 192.168.1.7,loopback, fd00::/8, uniquelocal, linklocal')).to.deep.equal([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
      'fd00::/8',
      'uniquelocal',
      'linklocal',
    ]);
  });

  for (const everything of ['true', '0.0.0.0/0', '::/0', 'loopback,0.0.0.0/0']) {
    it(`refuses ${JSON.stringify(everything)} at start-up: it would trust every address`, () => {
      expect(problemOf(everything)).to.match(/TRUST_PROXY: must not trust every address/);
    });
  }

  for (const invalid of ['yes', '10.0.0.0/33', '300.1.1.1', 'loopback,proxy.internal']) {
    it(`refuses ${JSON.stringify(invalid)} at start-up, naming what is wrong`, () => {
      expect(problemOf(invalid)).to.match(/TRUST_PROXY: must be false, a hop count or a comma-separated list/);
    });
  }
});

describe('sign-in timing: an unknown email is checked against a dummy hash', () => {
  const passwordCheck = () => sharedHost().host.container.get(PasswordCheck);

  async function hashesCheckedDuring(work: () => Promise<unknown>): Promise<string[]> {
    const check = passwordCheck();
    const original = check.verify.bind(check);
    const checked: string[] = [];
    check.verify = (password, hash) => {
      checked.push(hash);
      return original(password, hash);
    };
    try {
      await work();
    } finally {
      check.verify = original;
    }
    return checked;
  }

  const costOf = (hash: string) => Number(hash.split('$')[1]);

  it('does one scrypt verification of the same cost for an unknown email as for a real account, and answers alike', async () => {
    const account = await signedInUser('timing-known');
    let known: Response | undefined;
    let unknown: Response | undefined;
    const knownHashes = await hashesCheckedDuring(async () => {
      known = await attempt(sharedHost().baseUrl, account.user.email, WRONG_PASSWORD);
    });
    const unknownHashes = await hashesCheckedDuring(async () => {
      unknown = await attempt(sharedHost().baseUrl, uniqueEmail('timing-unknown'), WRONG_PASSWORD);
    });
    expect(knownHashes).to.have.length(1);
    expect(unknownHashes).to.have.length(1);
    expect(unknownHashes[0]).to.match(/^scrypt\$/);
    expect(unknownHashes[0]).not.to.equal(knownHashes[0]);
    expect(costOf(unknownHashes[0])).to.equal(costOf(knownHashes[0])).and.equal(testConfig().passwordHashCost);
    expect({ status: unknown?.status, body: unknown?.body }).to.deep.equal({ status: known?.status, body: known?.body });
  });

  it('uses the same dummy hash every time (made once at start-up), also for an account without a password', async () => {
    const googleOnly = await signedInUser('timing-google-only');
    await sharedHost().host.knex('users').where({ external_id: googleOnly.user.externalId }).update({ password_hash: null });
    const first = await hashesCheckedDuring(() => attempt(sharedHost().baseUrl, uniqueEmail('timing-unknown'), WRONG_PASSWORD));
    const second = await hashesCheckedDuring(() => attempt(sharedHost().baseUrl, googleOnly.user.email, STRONG_PASSWORD));
    expect(second).to.deep.equal(first);
    expect((await attempt(sharedHost().baseUrl, googleOnly.user.email, STRONG_PASSWORD)).status).to.equal(401);
  });
});
