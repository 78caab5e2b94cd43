import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { projectRoot } from '../../core/platform/config';
import { TEST_DATABASE_URL, TEST_REDIS_PREFIX, TEST_REDIS_URL } from './test-config';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The environment of an app process of this test run with its own database and Redis key prefix (`scope`), so
 * the processes a test starts share their state with each other and with nothing else.
 */
export function spawnedAppEnv(database: string, port: number, scope: string): Record<string, string> {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return {
    NODE_ENV: 'test',
    PORT: String(port),
    DATABASE_URL: url.toString(),
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: `${TEST_REDIS_PREFIX}${scope}:`,
    SESSION_SECRET: `${scope}-process-test-session-secret-0123456789abcdef`,
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
    PASSWORD_HASH_COST: '14',
    LOG_LEVEL: 'info',
  };
}

export interface SpawnedApp {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  /** Resolves when the output matches, rejects if the process exits first or the wait runs out. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Runs the product's real entry point (`core/main.ts`) as its own process, as `npm start|web|worker` do. */
export function spawnApp(args: string[], env: Record<string, string>): SpawnedApp {
  const child = spawn(path.join(projectRoot, 'node_modules', '.bin', 'tsx'), ['core/main.ts', ...args], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  return {
    child,
    exited,
    output: () => output,
    async waitFor(pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const match = output.match(pattern);
        if (match) return match;
        if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`timed out waiting for ${pattern}:\n${output}`);
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
