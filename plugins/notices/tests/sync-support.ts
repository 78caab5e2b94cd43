import { expect } from 'chai';
import type { Knex } from 'knex';
import type { NotificationDto } from '../../../core/plugin-api';
import { APP, call, createClient, stepUp, type ClientView, type TestHost, type TestSession } from './support';
import { SANDBOX_PORTAL_URL_VARIABLE, startSandboxPortal, type SandboxLogin, type SandboxPortal, type SandboxPortalOptions } from '../sandbox-portal';
import { NOTICE_SYNC_ROUTES, type RefreshResponse } from '../shared/wire';

export * from './support';

/** A sandbox portal every process of the test (this one and any it spawns) syncs from; restored when closed. */
export async function sharedSandboxPortal(options: SandboxPortalOptions = {}): Promise<SandboxPortal & { release(): Promise<void> }> {
  const portal = await startSandboxPortal(options);
  const before = process.env[SANDBOX_PORTAL_URL_VARIABLE];
  process.env[SANDBOX_PORTAL_URL_VARIABLE] = portal.url;
  return Object.assign(portal, {
    async release() {
      if (before === undefined) delete process.env[SANDBOX_PORTAL_URL_VARIABLE];
      else process.env[SANDBOX_PORTAL_URL_VARIABLE] = before;
      await portal.close();
    },
  });
}

/** Settings -> Plugins -> Notices: `useSandboxPortal` (and any other setting) as the Settings page saves it. */
export async function saveNoticeSettings(owner: TestSession, workspaceId: string, values: Record<string, unknown>): Promise<void> {
  await call(owner, 'put', `/workspaces/${workspaceId}/plugins/notices/settings`, { values }).expect(200);
}

/** A portal login saved on a client's page (after "Verify Your Identity"). */
export async function saveLogin(owner: TestSession, workspaceId: string, clientId: string, login: SandboxLogin): Promise<void> {
  await stepUp(owner);
  await call(owner, 'post', `/clients/${clientId}/credentials`, { workspaceId, ...login }).expect(201);
}

/** A new business client with these portal logins. */
export async function clientWithLogins(owner: TestSession, workspaceId: string, logins: SandboxLogin[], name?: string): Promise<ClientView> {
  const client = await createClient(owner, workspaceId, { name });
  for (const login of logins) await saveLogin(owner, workspaceId, client.externalId, login);
  return client;
}

export const refresh = (session: TestSession, workspaceId: string) =>
  call(session, 'post', `/${NOTICE_SYNC_ROUTES.refresh}`, { workspaceExternalId: workspaceId });

/** Refreshes and expects a sync to start. */
export async function startSync(session: TestSession, workspaceId: string): Promise<RefreshResponse> {
  const { body } = await refresh(session, workspaceId).expect(200);
  expect(body.success, JSON.stringify(body)).to.equal(true);
  return body;
}

export interface RunRow {
  id: number;
  status: string;
  client_count: number;
  completed_count: number;
  created_count: number;
  updated_count: number;
  failed_clients: { clientName: string; error: string }[];
}

/** Waits until the run of `batchJobId` has ended; answers its row. */
export async function finishedRun(knex: Knex, batchJobId: string, timeoutMs = 60_000): Promise<RunRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run: RunRow | undefined = await knex('notices_sync_runs').where({ batch_job_id: batchJobId }).first();
    if (run && run.status !== 'RUNNING') return run;
    if (Date.now() > deadline) throw new Error(`the run ${batchJobId} did not end: ${JSON.stringify(run)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The run's notifications as a member's list holds them, oldest first. */
export async function syncNotificationsOf(session: TestSession, workspaceId: string, batchJobId: string): Promise<NotificationDto[]> {
  const { body } = await call(session, 'get', '/notifications').query({ workspaceId, limit: 100 }).expect(200);
  return (body.notifications as NotificationDto[]).filter((notification) => notification.metadata.batchJobId === batchJobId).reverse();
}

/** The session's cookies, for a request made without its agent (a server-sent stream read with fetch). */
export function cookieOf(session: TestSession): string {
  const jar = (session.agent as unknown as { jar: { getCookies(access: object): { name: string; value: string }[] } }).jar;
  return jar
    .getCookies({ domain: '127.0.0.1', path: `${APP}/`, secure: false, script: false })
    .map((entry) => `${entry.name}=${entry.value}`)
    .join('; ');
}

/** A server-sent stream read with fetch: its `data:` messages and `:` comments as they come. */
export class EventStream {
  readonly messages: unknown[] = [];
  readonly namedEvents: { event: string; data: unknown }[] = [];
  readonly comments: string[] = [];
  readonly ended: Promise<void>;
  private hasEnded = false;
  /** The body of an answer other than 200, which is no stream. */
  private refusal = '';
  private wake: (() => void) | null = null;

  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {
    this.ended = this.pump();
  }

  static async open(url: string, cookie: string): Promise<EventStream> {
    const abort = new AbortController();
    const response = await fetch(url, { headers: { accept: 'text/event-stream', cookie }, signal: abort.signal });
    return new EventStream(response, abort);
  }

  /**
   * Waits for a message (or named event, with `event`) that matches, among all received so far. Fails at once when the
   * answer was no stream (not 200) or the stream has ended without one, as no message can come any more.
   */
  async until<T>(matches: (data: T) => boolean, { event, timeoutMs = 20_000 }: { event?: string; timeoutMs?: number } = {}): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const pool = event ? this.namedEvents.filter((entry) => entry.event === event).map((entry) => entry.data) : this.messages;
      const found = (pool as T[]).find(matches);
      if (found !== undefined) return found;
      if (this.response.status !== 200) {
        await this.ended;
        throw new Error(`the stream was refused: ${this.response.status} ${this.refusal}`);
      }
      if (this.hasEnded) throw new Error(`the stream ended without a matching message: ${JSON.stringify(pool)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message within ${timeoutMs} ms: ${JSON.stringify(pool)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  close(): Promise<void> {
    this.abort.abort();
    return this.ended;
  }

  private async pump(): Promise<void> {
    try {
      if (this.response.status !== 200) {
        this.refusal = await this.response.text();
        return;
      }
      const reader = this.response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.take(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
        this.wake?.();
      }
    } catch {
      // Aborted by close(), or the connection broke: either way the stream has ended.
    } finally {
      this.hasEnded = true;
      this.wake?.();
    }
  }

  private take(block: string): void {
    let event: string | null = null;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trim());
    }
    if (!data.length) return;
    const parsed = JSON.parse(data.join('\n')) as unknown;
    if (event) this.namedEvents.push({ event, data: parsed });
    else this.messages.push(parsed);
  }
}

/** Where a host's API answers, for a request made with fetch. */
export const apiUrlOf = (host: TestHost, path: string) => `${host.baseUrl}${APP}/api/v1/${path}`;
