import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { projectRoot } from '../../platform/config';
import { TEST_DATABASE_URL, TEST_MAIL_DIR, TEST_REDIS_PREFIX, TEST_REDIS_URL } from './test-config';

/** A port held open until `release()`, so no other socket (another lane's connection, say) takes it meanwhile. */
export async function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export async function freePort(): Promise<number> {
  const { port, release } = await reservePort();
  await release();
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
    PASSWORD_HASH_COST: '10',
    LOG_LEVEL: 'info',
    MAIL_CATCHER_DIR: TEST_MAIL_DIR,
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

/** The project's `node_modules/.bin` (and so its pinned Node) first on the PATH, as npm puts it for its scripts. */
const npmScriptPath = () => `${path.join(projectRoot, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`;

/** The command `npm start` runs (`node --import tsx core/main.ts`), which `npm run web|worker|migrate` extend with one flag. */
export function npmStartCommand(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  // `exec` makes npm's shell become the command, so npm's own child is the app.
  return scripts.start.replace(/^exec\s+/, '').split(/\s+/);
}

/**
 * How long a spawned process may take to show it started: on two cores busy with the other test lanes, a start that
 * takes seconds alone has taken over a minute. A guard against a hang, not a measure of speed.
 */
export const PROCESS_START_MS = 150_000;

function watch(child: ChildProcess): SpawnedApp {
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  return {
    child,
    exited,
    output: () => output,
    async waitFor(pattern, timeoutMs = PROCESS_START_MS) {
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

/** Runs the product's real entry point with the command of `npm start|web|worker|migrate`: the child's pid is the app itself. */
export function spawnApp(args: string[], env: Record<string, string>): SpawnedApp {
  const [program, ...startArgs] = npmStartCommand();
  return watch(
    spawn(program, [...startArgs, ...args], {
      cwd: projectRoot,
      env: { ...process.env, PATH: npmScriptPath(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

/** Runs `npm run <script>` itself, for the tests of what a supervisor that starts the app through npm sees. */
export function spawnNpmScript(script: string, env: Record<string, string>): SpawnedApp {
  return watch(spawn('npm', ['run', script], { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
}
