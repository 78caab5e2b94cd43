import { expect } from 'chai';
import request from 'supertest';
import { TcpProxy } from './support/tcp-proxy';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './support/test-config';
import { startTestHost, type RunningHost } from './support/test-host';

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

  it('answers /readyz 200 when PostgreSQL and Redis are reachable', async () => {
    const response = await readiness(running.baseUrl);
    expect(response.status).to.equal(200);
    expect(response.body).to.deep.equal({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
  });

  it('answers 503 within 2 s while Redis is down, API requests get 503 not 500, and it recovers without a restart', async function () {
    this.timeout(20_000);
    const visitor = request.agent(running.baseUrl);
    await visitor.get('/axal/auth/csrf').expect(200);
    await redis.cut();
    const down = await readiness(running.baseUrl);
    expect(down.status).to.equal(503);
    expect(down.body.checks).to.deep.equal({ postgres: 'ok', redis: 'unreachable' });
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
    expect(down.body.checks).to.deep.equal({ postgres: 'unreachable', redis: 'ok' });

    await postgres.restore();
    await eventuallyReady(running.baseUrl);
  });
});
