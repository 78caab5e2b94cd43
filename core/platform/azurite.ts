import { spawn, type ChildProcess } from 'node:child_process';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { projectRoot } from './config';

/** Azurite's well-known development account; it is public and only ever used against the local emulator. */
const DEV_ACCOUNT = 'devstoreaccount1';
const DEV_ACCOUNT_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

const AZURITE_BLOB_ENTRY = path.join(projectRoot, 'node_modules', 'azurite', 'dist', 'src', 'blob', 'main.js');
const LISTENING = /successfully listens on https?:\/\/[^:\s]+:(\d+)/;
const START_TIMEOUT_MS = 30_000;
/** Azurite takes ~20 s to exit on SIGTERM; after this grace it is killed outright. */
const STOP_GRACE_MS = 1_500;

export interface AzuriteOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Where blobs and metadata are kept; ignored with `inMemory`. */
  location?: string;
  inMemory?: boolean;
}

export interface AzuriteProcess {
  connectionString: string;
  blobEndpoint: string;
  stop(): Promise<void>;
}

export function azuriteConnectionString(blobEndpoint: string): string {
  return `DefaultEndpointsProtocol=http;AccountName=${DEV_ACCOUNT};AccountKey=${DEV_ACCOUNT_KEY};BlobEndpoint=${blobEndpoint};`;
}

function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  return exited.finally(() => clearTimeout(force));
}

/**
 * Runs the Azurite blob emulator as a child of this process (with this process's Node), resolving once it listens.
 * The child is killed if this process exits without stopping it, so it never outlives the app.
 */
export async function startAzurite(options: AzuriteOptions): Promise<AzuriteProcess> {
  const args = [AZURITE_BLOB_ENTRY, '--blobHost', options.host, '--blobPort', String(options.port), '--skipApiVersionCheck', '--loose'];
  if (options.inMemory) {
    args.push('--inMemoryPersistence');
  } else {
    const location = options.location ?? path.join(projectRoot, '.data', 'azurite');
    mkdirSync(location, { recursive: true });
    args.push('--location', location);
  }
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let output = '';
  const listening = new Promise<number>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.stderr!.off('data', onData);
      child.off('error', onError);
      child.off('exit', onExit);
      outcome();
    };
    const fail = (error: Error) =>
      settle(() => {
        child.kill('SIGKILL');
        reject(error);
      });
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(LISTENING);
      if (match) settle(() => resolve(Number(match[1])));
    };
    const onError = (error: Error) => fail(error);
    const onExit = (code: number | null) => fail(new Error(`Azurite exited with ${code} before listening:\n${output}`));
    const timer = setTimeout(() => fail(new Error(`Azurite did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', onError);
    child.once('exit', onExit);
  });
  const port = await listening.catch((error: unknown) => {
    process.removeListener('exit', killOnExit);
    throw error;
  });
  // Azurite logs every request; the output is drained and dropped so the pipe never fills up.
  child.stdout!.resume();
  child.stderr!.resume();

  const blobEndpoint = `http://${options.host}:${port}/${DEV_ACCOUNT}`;
  return {
    connectionString: azuriteConnectionString(blobEndpoint),
    blobEndpoint,
    async stop() {
      process.removeListener('exit', killOnExit);
      await stopChild(child, exited);
    },
  };
}

interface SharedEndpoint {
  pid: number;
  blobEndpoint: string;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function listens(blobEndpoint: string): Promise<boolean> {
  const { hostname, port } = new URL(blobEndpoint);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const settle = (listening: boolean) => {
      socket.destroy();
      resolve(listening);
    };
    socket.setTimeout(1000);
    socket.once('connect', () => settle(true));
    socket.once('error', () => settle(false));
    socket.once('timeout', () => settle(false));
  });
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

async function runningEmulator(endpointFile: string): Promise<SharedEndpoint | null> {
  const shared = readJson<SharedEndpoint>(endpointFile);
  return shared && isAlive(shared.pid) && (await listens(shared.blobEndpoint)) ? shared : null;
}

const JOIN_WAIT_MS = 30_000;

/** Creates the lock file holding this process's id, atomically: a hard link fails when the file exists. */
function takeLock(lockFile: string): boolean {
  const draft = `${lockFile}.${process.pid}`;
  writeFileSync(draft, String(process.pid));
  try {
    linkSync(draft, lockFile);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(draft, { force: true });
  }
}

/**
 * The emulator over one data folder, shared by the app processes of one machine (`npm run web` next to `npm run
 * worker`): the first starts it and owns it, the others use it. Two emulators must never write one folder.
 */
export async function startOrJoinAzurite(options: AzuriteOptions & { location: string }): Promise<AzuriteProcess> {
  mkdirSync(options.location, { recursive: true });
  const endpointFile = path.join(options.location, 'endpoint.json');
  const lockFile = path.join(options.location, 'starting.lock');
  const joined = (shared: SharedEndpoint): AzuriteProcess => ({
    connectionString: azuriteConnectionString(shared.blobEndpoint),
    blobEndpoint: shared.blobEndpoint,
    stop: async () => undefined,
  });

  const deadline = Date.now() + JOIN_WAIT_MS;
  while (Date.now() < deadline) {
    const running = await runningEmulator(endpointFile);
    if (running) return joined(running);
    if (!takeLock(lockFile)) {
      const holder = Number(readJson<number>(lockFile));
      if (Number.isInteger(holder) && holder > 0 && !isAlive(holder)) rmSync(lockFile, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      // Another process may have finished starting one between the check above and taking the lock.
      const startedMeanwhile = await runningEmulator(endpointFile);
      if (startedMeanwhile) return joined(startedMeanwhile);
      const started = await startAzurite(options);
      const pid = process.pid;
      writeFileSync(endpointFile, JSON.stringify({ pid, blobEndpoint: started.blobEndpoint } satisfies SharedEndpoint));
      return {
        ...started,
        async stop() {
          if (readJson<SharedEndpoint>(endpointFile)?.pid === pid) rmSync(endpointFile, { force: true });
          await started.stop();
        },
      };
    } finally {
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Another process is starting the storage emulator in ${options.location} and did not finish within ${JOIN_WAIT_MS / 1000} s`);
}
