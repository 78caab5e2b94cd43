import { expect } from 'chai';
import { createLogger } from '../logger';
import { EventBus } from '../events';
import { closeRedis, connectRedis, type RedisClient } from '../redis';
import { testConfig, TEST_REDIS_PREFIX, TEST_REDIS_URL } from '../../plugin-api/testing/test-config';

const logger = createLogger('silent');

function nextEvent<T>(bus: EventBus, topic: string): { received: Promise<T>; subscribed: Promise<() => Promise<void>> } {
  let resolve!: (payload: T) => void;
  const received = new Promise<T>((done) => (resolve = done));
  return { received, subscribed: bus.subscribe<T>(topic, resolve) };
}

describe('EventBus (Redis pub/sub across processes)', () => {
  const config = testConfig({ REDIS_KEY_PREFIX: `${TEST_REDIS_PREFIX}events:` });
  let publisherRedis: RedisClient;
  let subscriberRedis: RedisClient;
  let publisher: EventBus;
  let subscriber: EventBus;

  before(async () => {
    [publisherRedis, subscriberRedis] = await Promise.all([
      connectRedis(TEST_REDIS_URL, () => undefined),
      connectRedis(TEST_REDIS_URL, () => undefined),
    ]);
    // Two buses on two connections stand for two processes.
    publisher = new EventBus(publisherRedis, config, logger);
    subscriber = new EventBus(subscriberRedis, config, logger);
  });

  after(async () => {
    await Promise.all([publisher.close(), subscriber.close()]);
    await Promise.all([closeRedis(publisherRedis), closeRedis(subscriberRedis)]);
  });

  it('delivers an event published by one bus to the subscribers of another', async () => {
    const first = nextEvent<{ workspaceId: number }>(subscriber, 'workspace.changed');
    const second = nextEvent<{ workspaceId: number }>(subscriber, 'workspace.changed');
    await Promise.all([first.subscribed, second.subscribed]);
    await publisher.publish('workspace.changed', { workspaceId: 7 });
    expect(await first.received).to.deep.equal({ workspaceId: 7 });
    expect(await second.received).to.deep.equal({ workspaceId: 7 });
  });

  it('stops delivering to a handler once it unsubscribed, and keeps topics apart', async () => {
    const seen: string[] = [];
    const unsubscribe = await subscriber.subscribe<string>('topic.a', (payload) => seen.push(`a:${payload}`));
    const other = nextEvent<string>(subscriber, 'topic.b');
    await other.subscribed;
    await unsubscribe();
    await publisher.publish('topic.a', 'ignored');
    await publisher.publish('topic.b', 'kept');
    expect(await other.received).to.equal('kept');
    expect(seen).to.deep.equal([]);
  });

  it('keeps delivering to other handlers when one throws', async () => {
    await subscriber.subscribe('topic.c', () => {
      throw new Error('handler bug');
    });
    const healthy = nextEvent<number>(subscriber, 'topic.c');
    await healthy.subscribed;
    await publisher.publish('topic.c', 42);
    expect(await healthy.received).to.equal(42);
  });
});
