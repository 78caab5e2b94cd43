import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { createClient } from 'redis';
import { createHost, migrateOnly, type Host, type HostOptions } from '../../host/host';
import { StorageService } from '../../platform/storage';
import { reservePort } from './spawned-app';
import { TestClient } from './test-client';
import { TEST_DATABASE_URL, TEST_MAIL_DIR, TEST_PLUGIN_DIRS, TEST_REDIS_PREFIX, TEST_REDIS_URL, TEST_RUN_ID, testConfig } from './test-config';

export interface RunningHost {
  host: Host;
  baseUrl: string;
  stop(): Promise<void>;
}

export interface TestHostOptions extends Partial<HostOptions> {
  configOverrides?: Record<string, string>;
  /**
   * Only these plugins and those they require. Such a host keeps its state apart from every other host of the run: a
   * database of its own (created on start, dropped on stop), its own Redis key scope and its own blob container.
   * Objection binds the process's models to the database of the host started last, so while such a host runs, tests
   * talk to it alone and leave the shared host idle.
   */
  plugins?: string[];
}

/** A running host with helpers that make users, workspaces and members of any role on it. */
export class TestHost extends TestClient implements RunningHost {
  constructor(
    readonly host: Host,
    baseUrl: string,
    private readonly shutDown: () => Promise<void>,
  ) {
    super(baseUrl);
  }

  /** Stops the host and removes whatever it alone owned. */
  stop(): Promise<void> {
    return this.shutDown();
  }

  /** The serial id of one of this host's workspaces, as the services take it. */
  async internalIdOf(workspaceExternalId: string): Promise<number> {
    const row = await this.host.knex('workspaces').where({ external_id: workspaceExternalId }).first('id');
    if (!row) throw new Error(`no workspace ${workspaceExternalId}`);
    return row.id;
  }
}

/** Drops one database of this machine's PostgreSQL, with whatever sessions are still connected to it. */
export function dropDatabase(database: string): Promise<void> {
  return adminQuery(`drop database if exists "${database}" with (force)`);
}

const RUN_DATABASE = new URL(TEST_DATABASE_URL).pathname.slice(1);
const POSTGRES_NAME_LIMIT = 63;

async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = createClient({ url: TEST_REDIS_URL });
  await redis.connect();
  try {
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      if (keys.length) await redis.del(keys);
    }
  } finally {
    await redis.quit();
  }
}

function databaseUrlOf(database: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrlOf('postgres') });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A database migrated once per set of plugins and run, which each host of that set starts from as a copy: copying
 * takes a fraction of a second where migrating takes several, and a run starts dozens of such hosts.
 */
const migratedTemplates = new Map<string, Promise<string>>();

function migratedTemplate(plugins: string[], pluginDirs: string[]): Promise<string> {
  const key = JSON.stringify({ plugins: [...plugins].sort(), pluginDirs });
  const known = migratedTemplates.get(key);
  if (known) return known;
  const database = `${RUN_DATABASE}_template_${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;
  const migrated = migrateOnly({ config: testConfig({ DATABASE_URL: databaseUrlOf(database) }), pluginDirs, plugins }).then(() => database);
  migratedTemplates.set(key, migrated);
  migrated.catch(() => migratedTemplates.delete(key));
  return migrated;
}

async function dropMigratedTemplates(): Promise<void> {
  const databases = await Promise.allSettled(migratedTemplates.values());
  migratedTemplates.clear();
  for (const database of databases) if (database.status === 'fulfilled') await dropDatabase(database.value);
}

let hostsOfTheirOwn = 0;

/** The configuration of a host for `plugins` that shares no state with other hosts, and how to remove that state. */
async function stateOfItsOwn(plugins: string[], pluginDirs: string[]): Promise<{ overrides: Record<string, string>; remove(): Promise<void> }> {
  hostsOfTheirOwn += 1;
  const database = `${RUN_DATABASE}_${hostsOfTheirOwn}_${plugins.join('_').replaceAll('-', '_')}`.slice(0, POSTGRES_NAME_LIMIT);
  const template = await migratedTemplate(plugins, pluginDirs);
  await adminQuery(`create database "${database}" template "${template}"`);
  const databaseUrl = new URL(databaseUrlOf(database));
  const redisPrefix = `${TEST_REDIS_PREFIX}${plugins.join('+')}-${hostsOfTheirOwn}:`;
  const container = `test-${TEST_RUN_ID}-${hostsOfTheirOwn}`;
  return {
    overrides: { DATABASE_URL: databaseUrl.toString(), REDIS_KEY_PREFIX: redisPrefix, AZURE_STORAGE_CONTAINER: container },
    async remove() {
      await dropDatabase(database);
      await deleteRedisKeys(redisPrefix);
      // Without the run's storage emulator the host ran one of its own, and its blobs went with it.
      const connectionString = process.env.AZURE_STORAGE_CONNECTION_STRING;
      if (connectionString) await new StorageService(connectionString, container).container.deleteIfExists();
    },
  };
}

/**
 * Starts a real host (PostgreSQL, Redis, HTTP on a free port), with the product's plugins and the test fixtures, or
 * with only `plugins` and what they require on state of its own.
 */
export async function startTestHost(options: TestHostOptions = {}): Promise<TestHost> {
  const own = options.plugins ? await stateOfItsOwn(options.plugins, options.pluginDirs ?? TEST_PLUGIN_DIRS) : null;
  const removeOwnState = () => own?.remove() ?? Promise.resolve();
  // Held while the host starts (seconds): a port merely found free was once taken by another process in that time.
  const reservation = await reservePort();
  const { port } = reservation;
  // The links of the host's emails lead to the host itself, so a test (or a browser) can follow them as a reader would.
  const ownAddress = { PUBLIC_URL: `http://127.0.0.1:${port}`, PORT: String(port) };
  let host: Host;
  try {
    host = await createHost({
      config: options.config ?? testConfig({ ...ownAddress, ...own?.overrides, ...options.configOverrides }),
      pluginDirs: options.pluginDirs ?? TEST_PLUGIN_DIRS,
      plugins: options.plugins,
      role: options.role ?? 'all',
    });
  } catch (error) {
    await reservation.release();
    await removeOwnState();
    throw error;
  }
  const stop = async () => {
    await host.stop();
    await removeOwnState();
  };
  try {
    await reservation.release();
    await host.listen(port);
    return new TestHost(host, `http://127.0.0.1:${port}`, stop);
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A clean database (created by the host on start) and Redis keyspace for one test run. */
export async function resetTestServices(): Promise<void> {
  await dropDatabase(RUN_DATABASE);
  await deleteRedisKeys(TEST_REDIS_PREFIX);
  await rm(TEST_MAIL_DIR, { recursive: true, force: true });
}

/** Leaves nothing of the run behind. */
export async function removeTestServices(): Promise<void> {
  await dropMigratedTemplates();
  await resetTestServices();
}
