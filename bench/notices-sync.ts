/**
 * Notice portal sync (issue 16): `POST notices/refresh` for 100 and then 1,000 clients, each with one GST login on
 * the sandbox portal, which answers every request after a fixed delay. One web process (this one, as the browser's
 * server) and two worker processes (`core/main.ts --role=worker`), on a database, Redis prefix, mailbox and in-memory
 * blob storage of their own, so the synced PDFs are attached through the documents plugin as in production. Each
 * size runs in a workspace of its own, after a small warm-up sync, and is timed from the refresh request until
 * SYNC_COMPLETED arrives on the member's notification stream; every progress notification's arrival is noted too.
 * Then the analysis the sync ran on each notice it brought is timed once more here, one notice after another: the
 * built-in analyzer's rules alone over the portal's text, and the whole `analyseSyncedNotice` step with its writes,
 * each summed and set against the sync's time. One JSON line per figure; targets and results in
 * bench/README.md.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createClient } from 'redis';
import { createHost, type Host } from '../core/host/host';
import type { NotificationDto, NotificationStreamEvent } from '../core/notifications/wire';
import { loadConfig } from '../core/platform/config';
import { createBuiltinAiService, kolkataToday, TOKENS, type Logger } from '../core/plugin-api';
import { STRONG_PASSWORD } from '../core/plugin-api/testing/http';
import { freePort, spawnApp, type SpawnedApp } from '../core/plugin-api/testing/spawned-app';
import { dropDatabase } from '../core/plugin-api/testing/test-host';
import { startTestStorage } from '../core/plugin-api/testing/test-storage';
import { SANDBOX_PORTAL_PASSWORD, SANDBOX_PORTAL_URL_VARIABLE, startSandboxPortal, type SandboxPortal } from '../plugins/notices/sandbox-portal';
import { NoticeAi } from '../plugins/notices/server/ai/notice-ai';
import { Notice } from '../plugins/notices/server/models';
import { NOTICE_SYNC_ROUTES, SYNC_CONCURRENCY, type RefreshResponse } from '../plugins/notices/shared/wire';
import { benchSession, workspaceRowsOf, type BenchSession } from './bench-session';

const SIZES = [100, 1_000];
const WARM_UP_CLIENTS = 10;
const WORKERS = 2;
/**
 * The portal's delay on every request: 400 ms by default, the pace of the real portals (whose pages take hundreds of
 * milliseconds to seconds), which the targets are judged at; `BENCH_PORTAL_LATENCY_MS=50` makes the sync's own CPU
 * cost the limit instead.
 */
const LATENCY_MS = Number(process.env.BENCH_PORTAL_LATENCY_MS ?? 400);
/** Issue 16: linear cost, within 1.5x of what the portal's latency forces, progress at least every 2 s, analysis < 10%. */
const TARGETS = { growthFactor: 12, latencyBoundFactor: 1.5, largestProgressGapSeconds: 2, analyzerShare: 0.1 };
const SYNC_TIMEOUT_MS = 20 * 60_000;

const RUN = `${process.pid}`;
const env = {
  // Test mode: production insists on external storage and mail servers, which this machine has none of.
  NODE_ENV: 'test',
  DATABASE_URL: `postgres://postgres@127.0.0.1:5432/practice_bench_sync_${RUN}`,
  REDIS_URL: 'redis://127.0.0.1:6379/1',
  REDIS_KEY_PREFIX: `axal-bench-sync-${RUN}:`,
  SESSION_SECRET: randomBytes(24).toString('hex'),
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  PASSWORD_HASH_COST: '14',
  SEED_DEMO: 'false',
  APP_BASE_PATH: '/axal',
  MAIL_CATCHER_DIR: path.join(tmpdir(), `axal-bench-sync-mail-${RUN}`),
};

const seconds = (milliseconds: number) => +(milliseconds / 1000).toFixed(2);
const print = (figure: Record<string, unknown>) => console.log(JSON.stringify(figure));

/** The member's notification stream, noting when each notification arrives. */
class NotificationArrivals {
  readonly arrivals: { at: number; notification: NotificationDto }[] = [];
  private readonly reading: Promise<void>;

  private constructor(
    body: NonNullable<Response['body']>,
    private readonly abort: AbortController,
  ) {
    this.reading = this.read(body);
  }

  static async open(baseUrl: string, session: BenchSession, workspaceId: string): Promise<NotificationArrivals> {
    const abort = new AbortController();
    const response = await fetch(`${baseUrl}/axal/api/v1/notifications/stream?workspaceId=${workspaceId}`, {
      headers: { accept: 'text/event-stream', cookie: session.cookie },
      signal: abort.signal,
    });
    if (response.status !== 200 || !response.body) throw new Error(`notifications/stream answered ${response.status}`);
    return new NotificationArrivals(response.body, abort);
  }

  /** Waits until a notification of the batch reaches one of `eventTypes`; answers its arrival time. */
  async until(batchJobId: string, eventTypes: string[], timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.ofBatch(batchJobId).find(({ notification }) => eventTypes.includes(notification.eventType));
      if (found) return found.at;
      if (Date.now() > deadline) throw new Error(`no ${eventTypes.join(' or ')} of ${batchJobId} within ${timeoutMs} ms`);
      await delay(20);
    }
  }

  ofBatch(batchJobId: string) {
    return this.arrivals.filter(({ notification }) => notification.metadata.batchJobId === batchJobId);
  }

  async close(): Promise<void> {
    this.abort.abort();
    await this.reading;
  }

  private async read(body: NonNullable<Response['body']>): Promise<void> {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.take(buffer.slice(0, end), performance.now());
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by close().
    }
  }

  private take(frame: string, at: number): void {
    const lines = frame.split('\n');
    if (!lines.includes('event: notifications')) return;
    const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim());
    const event = JSON.parse(data.join('\n')) as NotificationStreamEvent;
    for (const notification of event.notifications) this.arrivals.push({ at, notification });
  }
}

/** Twelve characters shaped like a PAN, unique per index below 10,000 (the fourth is P: an individual). */
const panOf = (index: number) => `SYNP${'ABCDEFGHIJ'[index % 10]}${String(index).padStart(4, '0')}Z`;

/** A workspace with `clients` clients, each with one GST login on the sandbox portal, made by the credential import. */
async function syncingWorkspace(session: BenchSession, label: string, clients: number): Promise<string> {
  const created = await session.request('/api/v1/workspaces', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Bench Sync ${label}` }),
  });
  if (created.status !== 201) throw new Error(`POST workspaces: ${created.status} ${await created.text()}`);
  const workspaceId = ((await created.json()) as { externalId: string }).externalId;
  const settings = await session.request(`/api/v1/workspaces/${workspaceId}/plugins/notices/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ values: { useSandboxPortal: true } }),
  });
  if (settings.status !== 200) throw new Error(`notices settings: ${settings.status} ${await settings.text()}`);

  const rows = Array.from({ length: clients }, (_, index) => ({
    email: `sync.${label}.${index}@bench.example`,
    platform: 'GST',
    username: `bench_${label}_${index}`,
    password: SANDBOX_PORTAL_PASSWORD,
    name: `${label} Client ${String(index).padStart(4, '0')}`,
    phone: `97${String(index).padStart(8, '0')}`,
    panNumber: panOf(index),
  }));
  const stepUp = await session.request('/api/v1/me/step-up', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: STRONG_PASSWORD }),
  });
  if (stepUp.status !== 200) throw new Error(`step-up answered ${stepUp.status}`);
  const imported = await session.request(`/api/v1/clients/credentials/import?workspaceId=${workspaceId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rows }),
  });
  const accepted = (await imported.json()) as { importId: string };
  if (imported.status !== 202) throw new Error(`credential import answered ${imported.status}: ${JSON.stringify(accepted).slice(0, 500)}`);
  for (;;) {
    const state = (await (await session.request(`/api/v1/clients/credentials/import/${accepted.importId}?workspaceId=${workspaceId}`)).json()) as {
      status: string;
    };
    if (state.status === 'completed') return workspaceId;
    if (state.status === 'failed') throw new Error(`the credential import of ${label} failed`);
    await delay(200);
  }
}

interface AnalysisFigures {
  notices: number;
  /** The built-in analyzer alone (`createBuiltinAiService`), over the portal's text of each notice. */
  analyzerSeconds: number;
  /** The whole `analyseSyncedNotice` step: the rules and the writes (fields, priority, activity). */
  analysisStepSeconds: number;
}

interface SyncFigures extends AnalysisFigures {
  clients: number;
  seconds: number;
  requestsPerClient: number;
  latencyBoundSeconds: number;
  largestProgressGapSeconds: number;
  largestProgressGapAfter: string;
  progressNotifications: number;
}

/** 'SYNC_IN_PROGRESS 12/100': a notification as the member saw it arrive. */
function stageOf(notification: NotificationDto): string {
  const progress = (notification.metadata as { progress?: { completed: number; total: number } }).progress;
  return progress ? `${notification.eventType} ${progress.completed}/${progress.total}` : notification.eventType;
}

/**
 * The analysis the sync ran on each notice it brought, timed again here one notice after another (the sync ran it
 * beside the portal calls of other logins): the rules alone, then the whole step as the sync calls it.
 */
async function timedAnalysis(web: Host, workspaceId: number): Promise<AnalysisFigures> {
  const notices = await Notice.inWorkspace(workspaceId).where('notices.source', 'PORTAL').orderBy('notices.id');
  const today = kolkataToday();
  const builtinAi = createBuiltinAiService(web.container.get<Logger>(TOKENS.Logger));
  const analysing = performance.now();
  for (const notice of notices) {
    await builtinAi.analyseNotice({
      workspaceId,
      text: notice.description,
      known: { department: notice.department, noticeType: notice.noticeType, reference: notice.reference },
      today,
    });
  }
  const analyzerMs = performance.now() - analysing;
  const analyser = web.container.get(NoticeAi);
  const stepping = performance.now();
  for (const notice of notices) await analyser.analyseSyncedNotice(workspaceId, notice.id);
  return {
    notices: notices.length,
    analyzerSeconds: seconds(analyzerMs),
    analysisStepSeconds: seconds(performance.now() - stepping),
  };
}

/** One refresh of the workspace, timed until SYNC_COMPLETED reaches the member's stream. */
async function timedSync(
  baseUrl: string,
  session: BenchSession,
  portal: SandboxPortal,
  web: Host,
  workspaceId: string,
  clients: number,
): Promise<SyncFigures> {
  const arrivals = await NotificationArrivals.open(baseUrl, session, workspaceId);
  try {
    const requestsBefore = portal.stats.requests;
    const started = performance.now();
    const response = await session.request(`/api/v1/${NOTICE_SYNC_ROUTES.refresh}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ workspaceExternalId: workspaceId }),
    });
    const refresh = (await response.json()) as RefreshResponse;
    if (response.status !== 200 || !refresh.success) throw new Error(`refresh answered ${response.status}: ${JSON.stringify(refresh)}`);
    const finished = await arrivals.until(refresh.batchJobId, ['SYNC_COMPLETED', 'SYNC_FAILED'], SYNC_TIMEOUT_MS);
    const ofBatch = arrivals.ofBatch(refresh.batchJobId);
    const ended = ofBatch.find(({ notification }) => notification.eventType !== 'SYNC_STARTED' && notification.eventType !== 'SYNC_IN_PROGRESS')!;
    if (ended.notification.eventType !== 'SYNC_COMPLETED') throw new Error(`the sync ended ${JSON.stringify(ended.notification)}`);
    const failed = (ended.notification.metadata as { failedClients?: unknown[] }).failedClients ?? [];
    if (failed.length) throw new Error(`${failed.length} logins failed: ${JSON.stringify(failed.slice(0, 3))}`);

    // From the request, through every notification, to the last: the longest the member waited for news, and when.
    const moments = [{ at: started, stage: 'refresh requested' }, ...ofBatch.map(({ at, notification }) => ({ at, stage: stageOf(notification) }))];
    const gaps = moments.slice(1).map((moment, index) => ({ seconds: seconds(moment.at - moments[index]!.at), after: moments[index]!.stage }));
    const largestGap = gaps.reduce((largest, gap) => (gap.seconds > largest.seconds ? gap : largest));
    const requestsPerClient = (portal.stats.requests - requestsBefore) / clients;
    const latencyBound = (requestsPerClient * LATENCY_MS * clients) / (SYNC_CONCURRENCY * WORKERS);

    const { workspaceId: workspaceSerial } = await workspaceRowsOf(web.knex, workspaceId);
    return {
      clients,
      seconds: seconds(finished - started),
      requestsPerClient: +requestsPerClient.toFixed(2),
      latencyBoundSeconds: seconds(latencyBound),
      largestProgressGapSeconds: largestGap.seconds,
      largestProgressGapAfter: largestGap.after,
      progressNotifications: ofBatch.filter(({ notification }) => notification.eventType === 'SYNC_IN_PROGRESS').length,
      ...(await timedAnalysis(web, workspaceSerial)),
    };
  } finally {
    await arrivals.close();
  }
}

async function removeRedisKeys(): Promise<void> {
  const redis = createClient({ url: env.REDIS_URL });
  await redis.connect();
  for await (const keys of redis.scanIterator({ MATCH: `${env.REDIS_KEY_PREFIX}*`, COUNT: 1000 })) if (keys.length) await redis.del(keys);
  await redis.quit();
}

async function main(): Promise<void> {
  const storage = await startTestStorage();
  const portal = await startSandboxPortal({ latencyMs: LATENCY_MS });
  const appEnv = { ...env, AZURE_STORAGE_CONNECTION_STRING: storage.connectionString, [SANDBOX_PORTAL_URL_VARIABLE]: portal.url };
  // The web process answers the refresh in this one; the workers read it from their environment.
  process.env[SANDBOX_PORTAL_URL_VARIABLE] = portal.url;
  const workers: SpawnedApp[] = [];
  let web: Host | null = null;
  try {
    const port = await freePort();
    web = await createHost({ config: loadConfig({ ...appEnv, PORT: String(port), LOG_LEVEL: 'warn' }), role: 'web' });
    await web.listen(port);
    const baseUrl = `http://127.0.0.1:${port}`;
    for (let index = 0; index < WORKERS; index += 1) {
      const worker = spawnApp(['--role=worker'], { ...appEnv, PORT: String(await freePort()), LOG_LEVEL: 'info' });
      workers.push(worker);
      await worker.waitFor(/"msg":"worker started"/, 120_000);
    }
    const session = await benchSession(baseUrl);

    await timedSync(baseUrl, session, portal, web, await syncingWorkspace(session, 'warmup', WARM_UP_CLIENTS), WARM_UP_CLIENTS);
    const figures: SyncFigures[] = [];
    for (const size of SIZES) {
      const seeding = performance.now();
      const workspaceId = await syncingWorkspace(session, `s${size}`, size);
      print({ figure: `seeding ${size} clients with a sandbox GST login (credential import)`, seconds: seconds(performance.now() - seeding) });
      const result = await timedSync(baseUrl, session, portal, web, workspaceId, size);
      figures.push(result);
      print({
        figure: `notice sync of ${size} clients, refresh to SYNC_COMPLETED`,
        ...result,
        latencyBoundFactor: +(result.seconds / result.latencyBoundSeconds).toFixed(2),
        analyzerShare: +(result.analyzerSeconds / result.seconds).toFixed(4),
        analysisStepShare: +(result.analysisStepSeconds / result.seconds).toFixed(3),
        latencyMs: LATENCY_MS,
        concurrency: `${SYNC_CONCURRENCY} per worker x ${WORKERS} workers`,
        // Other work on the machine weighs on every figure: the one-minute load average as the size ended.
        loadAverage: +loadavg()[0]!.toFixed(1),
      });
    }
    const [small, large] = figures as [SyncFigures, SyncFigures];
    print({
      figure: 'notice sync summary',
      growthFactor: +(large.seconds / small.seconds).toFixed(2),
      latencyBoundFactor: Math.max(...figures.map((each) => +(each.seconds / each.latencyBoundSeconds).toFixed(2))),
      largestProgressGapSeconds: Math.max(...figures.map((each) => each.largestProgressGapSeconds)),
      analyzerShare: Math.max(...figures.map((each) => +(each.analyzerSeconds / each.seconds).toFixed(4))),
      analysisStepShare: Math.max(...figures.map((each) => +(each.analysisStepSeconds / each.seconds).toFixed(3))),
      targets: TARGETS,
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await web?.stop();
    await portal.close();
    await storage.stop();
    await dropDatabase(new URL(env.DATABASE_URL).pathname.slice(1));
    await removeRedisKeys();
    await rm(env.MAIL_CATCHER_DIR, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
