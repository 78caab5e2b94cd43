import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, projectRoot, type Config } from '../../platform/config';

// Each test run gets its own database and Redis key prefix, so runs on one machine never disturb each other.
export const TEST_RUN_ID = `${process.pid}`;
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/practice_test_${TEST_RUN_ID}`;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1';
export const TEST_REDIS_PREFIX = `axal-test-${TEST_RUN_ID}:`;
export const FIXTURE_PLUGIN_DIR = path.join(projectRoot, 'tests', 'fixtures', 'plugins');
export const TEST_PLUGIN_DIRS = [path.join(projectRoot, 'plugins'), FIXTURE_PLUGIN_DIR];
/** The run's mail catcher folder, shared by its hosts and the app processes it spawns; `readMailbox` reads it over HTTP. */
export const TEST_MAIL_DIR = path.join(tmpdir(), `axal-test-mail-${TEST_RUN_ID}`);

/** The configuration every test host starts from: its own database, Redis db and key prefix, cheap password hashing. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: TEST_DATABASE_URL,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: TEST_REDIS_PREFIX,
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    PASSWORD_HASH_COST: '10',
    // Every test signs in from 127.0.0.1; the per-address limit is tested on hosts that set it (core/auth/tests).
    LOGIN_FAILURES_PER_ADDRESS: '100000',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO: 'false',
    MAIL_CATCHER_DIR: TEST_MAIL_DIR,
    // Set by the root hooks to the run's own storage emulator.
    ...(process.env.AZURE_STORAGE_CONNECTION_STRING ? { AZURE_STORAGE_CONNECTION_STRING: process.env.AZURE_STORAGE_CONNECTION_STRING } : {}),
    ...overrides,
  });
}
