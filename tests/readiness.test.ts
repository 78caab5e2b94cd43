import { expect } from 'chai';
import request from 'supertest';
import { TcpProxy } from '../core/plugin-api/testing/tcp-proxy';
import { NO_WORKER_REASON } from '../core/host/health';
import { TEST_DATABASE_URL, TEST_REDIS_PREFIX, TEST_REDIS_URL } from '../core/plugin-api/testing/test-config';
import { startTestHost, type RunningHost } from '../core/plugin-api/testing/test-host';

/** The acceptance bound: an outage is reported within 2 s. */
const READINESS_ANSWER_MS = 2000;

async function readiness(baseUrl: string) {
  return request(baseUrl).get('/readyz').timeout(READINESS_ANSWER_MS);
}

async function eventuallyReady(baseUrl: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    if ((await readiness(baseUrl)).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('did not become ready again');
}

function viaProxy(url: string, port: number): string {
  const proxied = new URL(url);
  proxied.host = `127.0.0.1:${port}`;
  return proxied.toString();
}

describe('health and readiness', () => {
  const postgres = new TcpProxy(Number(new URL(TEST_DATABASE_URL).port || 5432));
  const redis = new TcpProxy(Number(new URL(TEST_REDIS_URL).port || 6379));
  let running: RunningHost;

  before(async function () {
    this.timeout(30_000);
    const [postgresPort, redisPort] = await Promise.all([postgres.start(), redis.start()]);
    running = await startTestHost({
      role: 'web',
      configOverrides: { DATABASE_URL: viaProxy(TEST_DATABASE_URL, postgresPort), REDIS_URL: viaProxy(TEST_REDIS_URL, redisPort) },
    });
  });

  after(async function () {
    this.timeout(30_000);
    await running?.stop();
    await Promise.all([postgres.stop(), redis.stop()]);
  });

  it('answers /healthz while the process is up', async () => {
    const response = await request(running.baseUrl).get('/healthz').expect(200);
    expect(response.body).to.deep.equal({ status: 'ok' });
  });

  it('answers /readyz 200 when PostgreSQL and Redis are reachable and a worker is alive (the shared test host runs one)', async () => {
    const response = await readiness(running.baseUrl);
    expect(response.status).to.equal(200);
    expect(response.body).to.deep.equal({ status: 'ready', checks: { postgres: 'ok', redis: 'ok', workers: 'ok' } });
  });

  it('answers /readyz 200 degraded, with the reason, when no worker has been seen for 30 s', async function () {
    this.timeout(30_000);
    // Its own key prefix: no worker has ever beaten there.
    const alone = await startTestHost({ role: 'web', configOverrides: { REDIS_KEY_PREFIX: `${TEST_REDIS_PREFIX}no-workers:` } });
    try {
      const response = await readiness(alone.baseUrl);
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.equal({ status: 'degraded', reason: NO_WORKER_REASON, checks: { postgres: 'ok', redis: 'ok', workers: 'none' } });
    } finally {
      await alone.stop();
    }
  });

  it('answers 503 within 2 s while Redis is down, API requests get 503 not 500, and it recovers without a restart', async function () {
    this.timeout(20_000);
    const visitor = request.agent(running.baseUrl);
    await visitor.get('/axal/auth/csrf').expect(200);
    await redis.cut();
    const down = await readiness(running.baseUrl);
    expect(down.status).to.equal(503);
    expect(down.body.checks).to.deep.equal({ postgres: 'ok', redis: 'unreachable', workers: 'unknown' });
    const api = await visitor.get('/axal/auth/session').timeout(5000);
    expect(api.status).to.equal(503);
    expect(api.body.error).to.match(/temporarily unavailable/);

    await redis.restore();
    await eventuallyReady(running.baseUrl);
  });

  it('answers 503 within 2 s while PostgreSQL is down and recovers without a restart', async function () {
    this.timeout(20_000);
    await postgres.cut();
    const down = await readiness(running.baseUrl);
    expect(down.status).to.equal(503);
    expect(down.body.checks).to.deep.equal({ postgres: 'unreachable', redis: 'ok', workers: 'ok' });

    await postgres.restore();
    await eventuallyReady(running.baseUrl);
  });
});
