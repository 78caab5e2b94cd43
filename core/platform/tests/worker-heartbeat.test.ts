import { setTimeout as delay } from 'node:timers/promises';
import { expect } from 'chai';
import { TEST_REDIS_PREFIX, TEST_REDIS_URL, testConfig } from '../../plugin-api/testing/test-config';
import { createLogger } from '../logger';
import { closeRedis, connectRedis, type RedisClient } from '../redis';
import { WORKER_ABSENCE_MS, WORKER_HEARTBEAT_INTERVAL_MS, WorkerHeartbeat } from '../worker-heartbeat';

describe('WorkerHeartbeat (real Redis)', () => {
  const prefix = `${TEST_REDIS_PREFIX}heartbeat:`;
  const config = testConfig({ REDIS_KEY_PREFIX: prefix });
  const logger = createLogger('silent');
  let redis: RedisClient;
  const heartbeats: WorkerHeartbeat[] = [];
  const worker = () => {
    const heartbeat = new WorkerHeartbeat(redis, config, logger);
    heartbeats.push(heartbeat);
    return heartbeat;
  };
  const workerKeys = () => redis.keys(`${prefix}workers:*`);

  before(async () => {
    redis = await connectRedis(TEST_REDIS_URL, () => undefined);
  });
  afterEach(async () => {
    await Promise.all(heartbeats.splice(0).map((heartbeat) => heartbeat.stop()));
  });
  after(() => closeRedis(redis));

  it('sees no worker before any has started', async () => {
    const reader = worker();
    expect(await reader.presence()).to.deep.equal({ alive: 0, lastSeenMsAgo: null });
    expect(await reader.anyAlive()).to.equal(false);
  });

  it('counts each started worker at once, its key expiring 30 s after its latest beat', async () => {
    await worker().start();
    await worker().start();
    const presence = await worker().presence();
    expect(presence.alive).to.equal(2);
    expect(presence.lastSeenMsAgo).to.be.within(0, WORKER_HEARTBEAT_INTERVAL_MS);
    for (const key of await workerKeys()) expect(await redis.pTTL(key)).to.be.within(1, WORKER_ABSENCE_MS);
  });

  it('forgets a worker that stops in good order at once', async () => {
    const leaving = worker();
    await leaving.start();
    await worker().start();
    await leaving.stop();
    expect((await worker().presence()).alive).to.equal(1);
  });

  it('forgets a killed worker once its key has expired, and drops it from the list', async () => {
    await worker().start();
    const [key] = await workerKeys();
    // What 30 s without a beat does, sooner.
    await redis.pExpire(key, 1);
    await delay(20);
    expect(await worker().presence()).to.deep.equal({ alive: 0, lastSeenMsAgo: null });
    expect(await redis.sMembers(`${prefix}workers`)).to.deep.equal([]);
  });
});
