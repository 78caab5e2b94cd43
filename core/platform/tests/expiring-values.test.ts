import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { ExpiringValues } from '../expiring-values';
import { closeRedis, connectRedis, type RedisClient } from '../redis';
import { testConfig, TEST_REDIS_PREFIX, TEST_REDIS_URL } from '../../plugin-api/testing/test-config';

describe('ExpiringValues (small values every process sees, each for its time)', () => {
  const config = testConfig({ REDIS_KEY_PREFIX: `${TEST_REDIS_PREFIX}expiring:` });
  const otherInstallation = testConfig({ REDIS_KEY_PREFIX: `${TEST_REDIS_PREFIX}expiring-other:` });
  let firstRedis: RedisClient;
  let secondRedis: RedisClient;
  let first: ExpiringValues;
  let second: ExpiringValues;
  const key = () => `test:${randomUUID()}`;

  before(async () => {
    [firstRedis, secondRedis] = await Promise.all([connectRedis(TEST_REDIS_URL, () => undefined), connectRedis(TEST_REDIS_URL, () => undefined)]);
    // Two connections stand for two processes.
    first = new ExpiringValues(firstRedis, config);
    second = new ExpiringValues(secondRedis, config);
  });

  after(async () => {
    await Promise.all([closeRedis(firstRedis), closeRedis(secondRedis)]);
  });

  it('keeps a JSON value that another process reads, and replaces it on the next put', async () => {
    const name = key();
    expect(await second.get(name)).to.equal(null);
    expect(await first.put(name, { state: 'RUNNING', count: 1 }, 60)).to.equal(true);
    expect(await second.get(name)).to.deep.equal({ state: 'RUNNING', count: 1 });
    expect(await second.put(name, { state: 'COMPLETED' }, 60)).to.equal(true);
    expect(await first.get(name)).to.deep.equal({ state: 'COMPLETED' });
  });

  it('with onlyIfAbsent keeps the first value and says the second was not kept', async () => {
    const name = key();
    expect(await first.put(name, 'first', 60, { onlyIfAbsent: true })).to.equal(true);
    expect(await second.put(name, 'second', 60, { onlyIfAbsent: true })).to.equal(false);
    expect(await first.get(name)).to.equal('first');
  });

  it('forgets a value after its time', async () => {
    const name = key();
    await first.put(name, 'brief', 1);
    const deadline = Date.now() + 10_000;
    while ((await second.get(name)) !== null) {
      expect(Date.now(), 'the value is gone within a few seconds of its time').to.be.below(deadline);
      await delay(100);
    }
  });

  it("keeps each installation's values apart, and refuses a time that is not a whole number of seconds from 1", async () => {
    const name = key();
    await first.put(name, 'ours', 60);
    expect(await new ExpiringValues(secondRedis, otherInstallation).get(name)).to.equal(null);
    for (const ttl of [0, -1, 1.5, Number.NaN]) {
      let refused: unknown;
      await first.put(name, 'x', ttl).catch((error: unknown) => (refused = error));
      expect(refused, String(ttl)).to.be.instanceOf(RangeError);
    }
    expect(await first.get(name)).to.equal('ours');
  });
});
