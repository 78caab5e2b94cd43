import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { createClient } from 'redis';
import { createHost, type Host, type HostOptions } from '../../core/host/host';
import { TEST_DATABASE_URL, TEST_PLUGIN_DIRS, TEST_REDIS_PREFIX, TEST_REDIS_URL, testConfig } from './test-config';

export interface RunningHost {
  host: Host;
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts a real host (PostgreSQL, Redis, HTTP on a free port) with the product's plugins and the test fixtures. */
export async function startTestHost(options: Partial<HostOptions> & { configOverrides?: Record<string, string> } = {}): Promise<RunningHost> {
  const host = await createHost({
    config: options.config ?? testConfig(options.configOverrides),
    pluginDirs: options.pluginDirs ?? TEST_PLUGIN_DIRS,
    role: options.role ?? 'all',
  });
  const server = await host.listen(0);
  const { port } = server.address() as AddressInfo;
  return { host, baseUrl: `http://127.0.0.1:${port}`, stop: () => host.stop() };
}

/** Drops one database of this machine's PostgreSQL, with whatever sessions are still connected to it. */
export async function dropDatabase(database: string): Promise<void> {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${database}" with (force)`);
  } finally {
    await admin.end();
  }
}

const dropTestDatabase = () => dropDatabase(new URL(TEST_DATABASE_URL).pathname.slice(1));

async function deleteTestRedisKeys(): Promise<void> {
  const redis = createClient({ url: TEST_REDIS_URL });
  await redis.connect();
  try {
    for await (const keys of redis.scanIterator({ MATCH: `${TEST_REDIS_PREFIX}*`, COUNT: 500 })) {
      if (keys.length) await redis.del(keys);
    }
  } finally {
    await redis.quit();
  }
}

/** A clean database (created by the host on start) and Redis keyspace for one test run. */
export async function resetTestServices(): Promise<void> {
  await dropTestDatabase();
  await deleteTestRedisKeys();
}

/** Leaves nothing of the run behind. */
export const removeTestServices = resetTestServices;
