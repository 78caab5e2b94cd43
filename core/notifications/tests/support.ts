import type { TestSession } from '../../plugin-api/testing/http';
import { API } from '../../plugin-api/testing/http';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import type { NotificationService } from '../notification-service';
import { TOKENS } from '../../platform/tokens';
import { db, internalIdOf } from '../../workspaces/tests/support';
import type { NotificationDto } from '../wire';

/** One block of a server-sent stream, as it came over the wire. */
export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

/** A small reader of a server-sent stream over fetch, which keeps every frame (comments too) for the test to look at. */
export class SseStream {
  readonly frames: SseFrame[] = [];
  /** Resolves when the server ends the stream or the test closes it. */
  readonly ended: Promise<void>;
  private consumed = 0;
  private wake: (() => void) | null = null;
  private finished = false;

  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
    /** The JSON answer of a request refused before any stream started. */
    readonly refusal: unknown,
  ) {
    this.ended = refusal === undefined ? this.pump() : Promise.resolve();
    if (refusal !== undefined) this.finished = true;
  }

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
    const abort = new AbortController();
    const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
    return new SseStream(response, abort, response.ok ? undefined : await response.json());
  }

  get isEnded(): boolean {
    return this.finished;
  }

  /** The next frame, after those already taken, that matches; frames it passes over are taken too. */
  async next(matches: (frame: SseFrame) => boolean = () => true, timeoutMs = 5000): Promise<SseFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.consumed < this.frames.length) {
        const frame = this.frames[this.consumed++];
        if (matches(frame)) return frame;
      }
      if (this.finished) throw new Error(`the stream ended before a matching frame came; frames: ${JSON.stringify(this.frames)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms; frames: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** The data of the next event named `event`. */
  async nextEvent<T>(event: string, timeoutMs?: number): Promise<{ id?: string; data: T }> {
    const frame = await this.next((candidate) => candidate.event === event, timeoutMs);
    return { id: frame.id, data: JSON.parse(frame.data ?? 'null') as T };
  }

  /** Every event named `event` so far, taken or not. */
  eventsNamed<T>(event: string): { id?: string; data: T }[] {
    return this.frames.filter((frame) => frame.event === event).map((frame) => ({ id: frame.id, data: JSON.parse(frame.data ?? 'null') as T }));
  }

  close(): Promise<void> {
    this.abort.abort();
    return this.ended;
  }

  private async pump(): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of this.response.body ?? []) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.frames.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
          this.wake?.();
        }
      }
    } catch {
      // Aborted by the test, or the connection dropped: either way the stream is over.
    } finally {
      this.finished = true;
      this.wake?.();
    }
  }
}

function parseFrame(block: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    else {
      const separator = line.indexOf(':');
      const field = separator < 0 ? line : line.slice(0, separator);
      const value = separator < 0 ? '' : line.slice(separator + 1).replace(/^ /, '');
      if (field === 'id') frame.id = value;
      else if (field === 'event') frame.event = value;
      else if (field === 'data') frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
      else if (field === 'retry') frame.retry = Number(value);
    }
  }
  return frame;
}

/** The session cookie a supertest agent holds, for a client (fetch, EventSource) of its own. */
export function cookieOf(session: TestSession): string {
  const jar = (session.agent as unknown as { jar: { getCookies(access: object): { name: string; value: string }[] } }).jar;
  return jar
    .getCookies({ domain: '127.0.0.1', path: '/axal/', secure: false, script: false })
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

/** Opens a notification stream of the shared host (or `baseUrl`) as `session`. */
export function openStream(
  session: TestSession,
  query: Record<string, string>,
  {
    path = '/notifications/stream',
    headers = {},
    baseUrl = sharedHost().baseUrl,
  }: { path?: string; headers?: Record<string, string>; baseUrl?: string } = {},
): Promise<SseStream> {
  return SseStream.open(`${baseUrl}${API}${path}?${new URLSearchParams(query)}`, { cookie: cookieOf(session), ...headers });
}

export const notificationService = (): NotificationService => sharedHost().host.container.get<NotificationService>(TOKENS.Notifications);

export async function userIdOf(session: TestSession): Promise<number> {
  const row = await db()('users').where({ external_id: session.user.externalId }).first('id');
  return row.id;
}

/** Raises a notification for `session` in the workspace, straight through the service, as a job would. */
export async function raiseFor(
  session: TestSession,
  workspaceExternalId: string,
  fields: Partial<Parameters<NotificationService['raise']>[2]> = {},
): Promise<NotificationDto> {
  const [notification] = await notificationService().raise(
    await internalIdOf(workspaceExternalId),
    { userId: await userIdOf(session) },
    { eventType: 'SYSTEM_INFO', title: 'Filing reminder', message: 'GSTR-3B is due on the 20th.', ...fields },
  );
  if (!notification) throw new Error('no notification was raised');
  return notification;
}
