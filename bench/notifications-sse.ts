/**
 * Notification streams: 5,000 server-sent event connections (1,000 members of one workspace, 5 tabs each) on one web
 * process, opened from a separate load process; then one notification raised for the whole workspace from a third
 * process (through the Redis event bus, as a worker would) and timed until it arrived on every connection.
 * Prints one JSON line per figure. Targets in bench/README.md.
 *
 * The processes raise their open-files limit to the hard limit (`ulimit -n`), since each connection is a file
 * descriptor on both sides.
 */
import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { createClient } from 'redis';
import { SESSION_COOKIE, BROWSER_SESSION_MS } from '../core/auth/session';
import { createHost } from '../core/host/host';
import type { NotificationService } from '../core/notifications/notification-service';
import { loadConfig, projectRoot } from '../core/platform/config';
import { TOKENS } from '../core/platform/tokens';
import { freePort } from '../core/plugin-api/testing/spawned-app';

const MEMBERS = 1000;
const TABS_PER_MEMBER = 5;
const CONNECTIONS = MEMBERS * TABS_PER_MEMBER;
const OPENING_AT_ONCE = 200;
/**
 * V8 keeps the heap it grew for a burst of work (start-up, 5,000 requests at once) for ~20 s before its memory reducer
 * hands it back, so RSS is sampled for a while and both the transient and the settled figure are reported.
 */
const SETTLE_MS = 40_000;
const SAMPLE_EVERY_MS = 2000;
const TARGET_RSS_MB = 300;
const TARGET_DELIVERY_MS = 1000;
const MARKER = `bench-${randomUUID()}`;

const RUN = `${process.pid}`;
const env = {
  // Test mode: production now insists on external storage and mail servers, which this machine has none of.
  NODE_ENV: 'test',
  DATABASE_URL: `postgres://postgres@127.0.0.1:5432/practice_bench_sse_${RUN}`,
  REDIS_URL: 'redis://127.0.0.1:6379/1',
  REDIS_KEY_PREFIX: `axal-bench-sse-${RUN}:`,
  SESSION_SECRET: randomBytes(24).toString('hex'),
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  PASSWORD_HASH_COST: '14',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  APP_BASE_PATH: '/axal',
};

/** `node --import tsx <args>` with the open-files limit raised to the hard limit. */
function spawnNode(args: string[], extraEnv: Record<string, string>, ipc = false): ChildProcess {
  const node = process.execPath;
  return spawn('sh', ['-c', 'ulimit -n "$(ulimit -Hn)"; exec "$@"', 'sh', node, '--import', 'tsx', ...args], {
    cwd: projectRoot,
    env: { ...process.env, ...extraEnv },
    stdio: ipc ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
}

function rssMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? 0);
  return { rss: +(kb('VmRSS') / 1024).toFixed(1), peak: +(kb('VmHWM') / 1024).toFixed(1) };
}

async function rssOver(pid: number, durationMs: number): Promise<{ first: number; max: number; settled: number }> {
  const samples: number[] = [];
  for (let waited = 0; waited <= durationMs; waited += SAMPLE_EVERY_MS) {
    samples.push(rssMb(pid).rss);
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
  }
  return { first: samples[0], max: Math.max(...samples), settled: samples[samples.length - 1] };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The cookie naming session `sid`, signed as the session middleware signs it. */
function sessionCookie(sid: string): string {
  const signature = createHmac('sha256', env.SESSION_SECRET).update(sid).digest('base64').replace(/=+$/, '');
  return `${SESSION_COOKIE}=${encodeURIComponent(`s:${sid}.${signature}`)}`;
}

async function main(): Promise<void> {
  const port = await freePort();
  const web = spawnNode(['core/main.ts', '--role=web'], { ...env, PORT: String(port) });
  let webOutput = '';
  web.stdout!.on('data', (chunk) => (webOutput += chunk));
  web.stderr!.on('data', (chunk) => (webOutput += chunk));
  const webExited = new Promise<number | null>((resolve) => web.on('exit', resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  let load: ChildProcess | null = null;

  // This process plays the worker: it raises the notification, which reaches the web process over Redis.
  const config = loadConfig({ ...env, PORT: String(await freePort()) });
  try {
    await waitForReady(baseUrl, webExited, () => webOutput);
    const host = await createHost({ config, role: 'worker' });
    try {
      const { knex } = host;
      const redis = createClient({ url: env.REDIS_URL });
      await redis.connect();

      const seeding = performance.now();
      const users: { id: number }[] = await knex('users')
        .insert(Array.from({ length: MEMBERS }, (_, index) => ({ name: `Member ${index}`, email: `member.${index}.${RUN}@bench.example` })))
        .returning('id');
      const [workspace] = await knex('workspaces').insert({ name: 'Bench Practice', created_by: users[0].id }).returning(['id', 'external_id']);
      await knex('workspace_members').insert(
        users.map((user, index) => ({ workspace_id: workspace.id, user_id: user.id, role: index === 0 ? 'OWNER' : 'EMPLOYEE' })),
      );
      const cookies: string[] = [];
      for (const user of users) {
        for (let tab = 0; tab < TABS_PER_MEMBER; tab++) {
          const sid = randomBytes(24).toString('base64url');
          const absoluteExpiresAt = Date.now() + BROWSER_SESSION_MS;
          const data = {
            cookie: { originalMaxAge: null, expires: null, httpOnly: true, path: '/axal', sameSite: 'lax', secure: false },
            userId: user.id,
            absoluteExpiresAt,
            csrfToken: 'bench',
          };
          await redis.set(`${env.REDIS_KEY_PREFIX}sess:${sid}`, JSON.stringify(data), { expiration: { type: 'EX', value: 3600 } });
          cookies.push(sessionCookie(sid));
        }
      }
      await redis.quit();
      console.log(
        JSON.stringify({
          figure: `seeding ${MEMBERS} members and ${CONNECTIONS} sessions`,
          seconds: +((performance.now() - seeding) / 1000).toFixed(1),
        }),
      );

      const idle = await rssOver(web.pid!, SETTLE_MS);
      const startUpPeak = rssMb(web.pid!).peak;
      load = spawnNode(
        ['bench/notifications-sse.ts', '--load'],
        { BENCH_URL: `${baseUrl}/axal/api/v1/notifications/stream?workspaceId=${workspace.external_id}`, BENCH_MARKER: MARKER },
        true,
      );
      const fromLoad = messagesOf(load);
      load.send({ cookies });
      const opened = (await fromLoad.next()) as { connected: number; failed: number; seconds: number };
      console.log(JSON.stringify({ figure: `opening ${CONNECTIONS} streams`, ...opened }));
      const withStreams = await rssOver(web.pid!, SETTLE_MS);
      console.log(
        JSON.stringify({
          figure: `web process RSS, MB: idle, then with ${opened.connected} open streams`,
          idleSettled: idle.settled,
          startUpPeak,
          afterOpening: withStreams.first,
          afterOpeningMax: withStreams.max,
          withStreamsSettled: withStreams.settled,
          perStreamKb: +(((withStreams.settled - idle.settled) * 1024) / opened.connected).toFixed(1),
          targetMb: TARGET_RSS_MB,
        }),
      );

      const notifications = host.container.get<NotificationService>(TOKENS.Notifications);
      const raisedAt = Date.now();
      await notifications.raise(workspace.id, { allMembers: true }, { eventType: 'SYSTEM_INFO', title: MARKER, message: 'Everyone, at once' });
      const raiseMs = Date.now() - raisedAt;
      load.send({ raisedAt });
      const { arrivals } = (await fromLoad.next()) as { arrivals: number[] };
      const delays = arrivals.map((arrival) => arrival - raisedAt).sort((a, b) => a - b);
      const withinTarget = delays.filter((delay) => delay <= TARGET_DELIVERY_MS).length;
      console.log(
        JSON.stringify({
          figure: 'one notification to every stream, ms from raise to arrival',
          received: delays.length,
          of: opened.connected,
          raiseMs,
          p50: percentile(delays, 50),
          p95: percentile(delays, 95),
          p99: percentile(delays, 99),
          max: delays[delays.length - 1],
          withinTargetPercent: +((withinTarget / opened.connected) * 100).toFixed(1),
          targetP95Ms: TARGET_DELIVERY_MS,
        }),
      );
      console.log(JSON.stringify({ figure: 'web process RSS after the event, MB', rss: rssMb(web.pid!).rss }));

      const stopping = performance.now();
      web.kill('SIGTERM');
      const code = await webExited;
      console.log(
        JSON.stringify({
          figure: `SIGTERM with ${opened.connected} open streams`,
          exitCode: code,
          seconds: +((performance.now() - stopping) / 1000).toFixed(2),
        }),
      );
    } finally {
      await host.stop();
    }
  } finally {
    load?.kill('SIGKILL');
    if (web.exitCode === null) web.kill('SIGKILL');
    await removeBenchServices();
  }
}

async function waitForReady(baseUrl: string, exited: Promise<number | null>, output: () => string): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  for (let attempt = 0; attempt < 600; attempt++) {
    if (gone) throw new Error(`the web process exited:\n${output()}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the web process did not get ready:\n${output()}`);
}

/** Messages from a child process, one at a time. */
function messagesOf(child: ChildProcess) {
  const queue: unknown[] = [];
  let waiting: ((message: unknown) => void) | null = null;
  child.on('message', (message) => {
    if (waiting) {
      waiting(message);
      waiting = null;
    } else queue.push(message);
  });
  return {
    next: () => (queue.length ? Promise.resolve(queue.shift()) : new Promise<unknown>((resolve) => (waiting = resolve))),
  };
}

async function removeBenchServices(): Promise<void> {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`drop database if exists "practice_bench_sse_${RUN}" with (force)`);
  await admin.end();
  const redis = createClient({ url: env.REDIS_URL });
  await redis.connect();
  for await (const keys of redis.scanIterator({ MATCH: `${env.REDIS_KEY_PREFIX}*`, COUNT: 1000 })) if (keys.length) await redis.del(keys);
  await redis.quit();
}

/**
 * The load process: opens a stream per cookie, OPENING_AT_ONCE at a time, each counted once its first event came;
 * then notes when the marked notification arrives on each.
 */
async function runLoad(): Promise<void> {
  const url = new URL(process.env.BENCH_URL!);
  const marker = process.env.BENCH_MARKER!;
  const { cookies } = await new Promise<{ cookies: string[] }>((resolve) =>
    process.once('message', (message) => resolve(message as { cookies: string[] })),
  );
  const arrivals: number[] = [];
  let failed = 0;
  const started = performance.now();

  const openOne = (cookie: string) =>
    new Promise<void>((resolve) => {
      const request = http.get(
        { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers: { cookie, accept: 'text/event-stream' }, agent: false },
        (response) => {
          if (response.statusCode !== 200) {
            failed += 1;
            response.resume();
            resolve();
            return;
          }
          response.setEncoding('utf8');
          let opened = false;
          let arrived = false;
          response.on('data', (chunk: string) => {
            if (!opened && chunk.includes('event: notifications')) {
              opened = true;
              resolve();
            }
            if (!arrived && chunk.includes(marker)) {
              arrived = true;
              arrivals.push(Date.now());
            }
          });
          response.on('error', () => undefined);
        },
      );
      request.on('error', () => {
        failed += 1;
        resolve();
      });
    });

  for (let start = 0; start < cookies.length; start += OPENING_AT_ONCE) {
    await Promise.all(cookies.slice(start, start + OPENING_AT_ONCE).map(openOne));
  }
  const connected = cookies.length - failed;
  process.send!({ connected, failed, seconds: +((performance.now() - started) / 1000).toFixed(1) });

  await new Promise((resolve) => process.once('message', resolve));
  const deadline = Date.now() + 10_000;
  while (arrivals.length < connected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  process.send!({ arrivals });
}

const entry = process.argv.includes('--load') ? runLoad() : main();
entry.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
