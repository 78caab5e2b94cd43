import { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createRedisClient>;

const createRedisClient = (url: string) =>
  createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2000) },
  });

/**
 * Commands fail at once while Redis is unreachable instead of queueing without bound,
 * so requests answer 503 and readiness reports the outage; the client keeps reconnecting.
 */
export async function connectRedis(url: string, onError: (error: Error) => void): Promise<RedisClient> {
  const client = createRedisClient(url);
  client.on('error', onError);
  await client.connect();
  return client;
}

/** Graceful when Redis answers; immediate when it does not, so shutdown never waits on a dead connection. */
export async function closeRedis(client: RedisClient): Promise<void> {
  if (client.isReady) await client.close().catch(() => client.destroy());
  else if (client.isOpen) client.destroy();
}
