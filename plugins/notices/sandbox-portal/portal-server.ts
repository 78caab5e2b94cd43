import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { isCalendarDate, kolkataToday } from '../../../core/plugin-api';
import { portalDate, renderNoticePdf } from './portal-pdf';
import { sandboxNoticesOf, type SandboxNotice, type SandboxPlatform } from './portal-notices';

/** The one password every sandbox login has; anything else is a wrong password. */
export const SANDBOX_PORTAL_PASSWORD = 'sandbox';
/** Logins whose name starts so are refused whatever the password, as a portal refuses a locked account. */
export const LOCKED_USERNAME_PREFIX = 'locked';
/** Logins whose name starts so get past the password and are then asked for a one-time password. */
export const OTP_USERNAME_PREFIX = 'otp-';
/** Logins whose name starts so are asked to solve a CAPTCHA. */
export const CAPTCHA_USERNAME_PREFIX = 'captcha-';

/** Where each portal lives on the sandbox server: `<url>/gst/api/...` and `<url>/income-tax/api/...`. */
export const SANDBOX_PORTAL_PATHS: Record<SandboxPlatform, string> = { GST: '/gst', INCOME_TAX: '/income-tax' };
export const SANDBOX_SESSION_COOKIE = 'SBX_SESSION';

export interface SandboxPortalOptions {
  /** 0 (a free port) by default; always on 127.0.0.1. */
  port?: number;
  /** Added to every answer, the portal's "slow mode". */
  latencyMs?: number;
  /** Usernames (any case) refused as invalid credentials, besides those starting with `locked`. */
  failingUsernames?: string[];
  /** How long a session lasts; after that the notice calls answer 401 SESSION_EXPIRED. */
  sessionTtlMs?: number;
  /** Notices per page of `GET /api/notices`. */
  pageSize?: number;
  /** The portal's today (YYYY-MM-DD); Asia/Kolkata's by default. */
  today?: () => string;
  /** False for a portal running inside another server: it then never keeps the process alive by itself. */
  keepsProcessAlive?: boolean;
}

export interface SandboxPortalStats {
  requests: number;
  logins: number;
  refusedLogins: number;
  noticePages: number;
  pdfs: number;
  /** Requests answered 503 while the portal was down. */
  unavailable: number;
}

export interface SandboxPortal {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  /** Counters since the start, live. */
  stats: SandboxPortalStats;
  /** While down, every request is answered 503. */
  setDown(down: boolean): void;
  /** Serves this many more requests, then goes down. */
  setDownAfter(requests: number): void;
  setLatency(ms: number): void;
  /** Holds every sign-in of this username (any case) until the answered function is called, as a portal stuck on one login. */
  holdSignIn(username: string): () => void;
  /** Ends every session now: the next notice or PDF request with one answers 401 SESSION_EXPIRED. */
  expireSessions(): void;
  /** How many sessions the portal keeps now, expired ones not yet swept among them. */
  heldSessions(): number;
  close(): Promise<void>;
}

interface Session {
  platform: SandboxPlatform;
  username: string;
  expiresAt: number;
}

type PortalAnswer = { status: number; body: unknown; headers?: Record<string, string> } | { status: 200; pdf: Buffer; filename: string };

const DEFAULT_SESSION_TTL_MS = 15 * 60_000;
const DEFAULT_PAGE_SIZE = 5;
const MAX_BODY_BYTES = 16 * 1024;
/** Rendered PDFs kept for a repeated download; a bench syncs thousands of logins. */
const PDF_CACHE_ENTRIES = 5_000;
const KEEP_ALIVE_MS = 30_000;

const refusal = (status: number, code: string, message: string): PortalAnswer => ({ status, body: { code, message } });
const SESSION_EXPIRED = refusal(401, 'SESSION_EXPIRED', 'Your session has expired. Please sign in again.');
const NOT_FOUND = refusal(404, 'NOT_FOUND', 'No such page');

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'));
      } catch {
        resolve(null);
      }
    });
    req.on('error', reject);
  });
}

function cookieOf(req: IncomingMessage): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SANDBOX_SESSION_COOKIE) return value.join('=');
  }
  return null;
}

/** A notice as the portal's list answers it: dates as the portal prints them, the amount as text. */
function listed(notice: SandboxNotice, base: string) {
  return {
    noticeId: notice.id,
    referenceNo: notice.reference,
    noticeType: notice.noticeType,
    subject: notice.title,
    description: notice.description,
    issueDate: portalDate(notice.issuedOn),
    dueDate: portalDate(notice.dueOn),
    taxPeriod: notice.taxPeriod,
    amountDemanded: notice.amount,
    status: notice.status,
    documents: [{ name: pdfNameOf(notice), url: `${base}/api/notices/${notice.id}/pdf` }],
  };
}

const slug = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
/** e.g. `ASMT-10_ZD2726112600012345A.pdf`, `Section-143-2_ITBA-AST-S-143-2-2026-27-1012345678-1.pdf`. */
const pdfNameOf = (notice: SandboxNotice) => `${slug(notice.noticeType)}_${slug(notice.reference)}.pdf`;

/**
 * A stand-in for the GST and Income Tax portals on 127.0.0.1, speaking a portal's protocol: sign-in with a session
 * cookie, a paged notice list, a PDF per notice. See README.md beside this file.
 */
export async function startSandboxPortal(options: SandboxPortalOptions = {}): Promise<SandboxPortal> {
  const failing = new Set((options.failingUsernames ?? []).map((username) => username.toLowerCase()));
  const sessionTtlMs = options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS;
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const today = options.today ?? kolkataToday;
  const sessions = new Map<string, Session>();
  const pdfs = new Map<string, Promise<Buffer>>();
  const stats: SandboxPortalStats = { requests: 0, logins: 0, refusedLogins: 0, noticePages: 0, pdfs: 0, unavailable: 0 };
  let latencyMs = options.latencyMs ?? 0;
  let down = false;
  let servedBeforeDown: number | null = null;
  const heldSignIns = new Map<string, Promise<void>>();

  const sessionOf = (req: IncomingMessage, platform: SandboxPlatform): Session | null => {
    const token = cookieOf(req);
    const session = token ? sessions.get(token) : undefined;
    if (!session || session.platform !== platform) return null;
    if (session.expiresAt <= Date.now()) {
      sessions.delete(token!);
      return null;
    }
    return session;
  };

  /**
   * An embedded portal lives as long as its process, so a session nobody presents again must not stay for good. Every
   * session lasts the same TTL, so they expire in the order they began: the expired ones are the oldest entries.
   */
  const sweepExpiredSessions = () => {
    const now = Date.now();
    for (const [token, session] of sessions) {
      if (session.expiresAt > now) return;
      sessions.delete(token);
    }
  };

  const login = async (req: IncomingMessage, platform: SandboxPlatform, base: string): Promise<PortalAnswer> => {
    const body = (await readJson(req)) as { username?: unknown; password?: unknown } | null;
    const username = typeof body?.username === 'string' ? body.username.trim() : '';
    const password = typeof body?.password === 'string' ? body.password : '';
    if (!username || !password) return refusal(400, 'BAD_REQUEST', 'Enter the username and the password');
    const name = username.toLowerCase();
    await heldSignIns.get(name);
    if (name.startsWith(LOCKED_USERNAME_PREFIX) || failing.has(name) || password !== SANDBOX_PORTAL_PASSWORD) {
      stats.refusedLogins += 1;
      return refusal(401, 'INVALID_CREDENTIALS', 'Invalid username or password');
    }
    if (name.startsWith(OTP_USERNAME_PREFIX)) return refusal(403, 'OTP_REQUIRED', 'Enter the OTP sent to the registered mobile number');
    if (name.startsWith(CAPTCHA_USERNAME_PREFIX)) return refusal(403, 'CAPTCHA_REQUIRED', 'Solve the CAPTCHA to continue');
    sweepExpiredSessions();
    const token = randomBytes(18).toString('base64url');
    sessions.set(token, { platform, username, expiresAt: Date.now() + sessionTtlMs });
    stats.logins += 1;
    return {
      status: 200,
      body: { message: 'Signed in', expiresInSeconds: Math.floor(sessionTtlMs / 1000) },
      headers: { 'Set-Cookie': `${SANDBOX_SESSION_COOKIE}=${token}; Path=${base}; HttpOnly; SameSite=Strict` },
    };
  };

  const noticeList = (session: Session, url: URL, base: string): PortalAnswer => {
    const page = Number(url.searchParams.get('page') ?? '1');
    const since = url.searchParams.get('since');
    if (!Number.isInteger(page) || page < 1) return refusal(400, 'BAD_REQUEST', 'page must be a whole number from 1');
    if (since !== null && !isCalendarDate(since)) return refusal(400, 'BAD_REQUEST', 'since must be a date such as 2026-03-31');
    // Without `since` the portal lists what still needs an answer, as its "pending notices" page does.
    const notices = sandboxNoticesOf(session.platform, session.username, today()).filter((notice) =>
      since === null ? notice.status === 'OPEN' : notice.issuedOn >= since,
    );
    stats.noticePages += 1;
    const totalPages = Math.max(1, Math.ceil(notices.length / pageSize));
    return {
      status: 200,
      body: {
        notices: notices.slice((page - 1) * pageSize, page * pageSize).map((notice) => listed(notice, base)),
        page,
        pageSize,
        totalPages,
        totalCount: notices.length,
      },
    };
  };

  const pdf = async (session: Session, noticeId: string): Promise<PortalAnswer> => {
    const notice = sandboxNoticesOf(session.platform, session.username, today()).find((candidate) => candidate.id === noticeId);
    if (!notice) return refusal(404, 'NOT_FOUND', 'No such notice');
    const key = `${session.platform}:${session.username.toLowerCase()}:${notice.id}`;
    let rendered = pdfs.get(key);
    if (!rendered) {
      if (pdfs.size >= PDF_CACHE_ENTRIES) pdfs.delete(pdfs.keys().next().value!);
      rendered = renderNoticePdf(notice, session.username);
      pdfs.set(key, rendered);
    }
    stats.pdfs += 1;
    return { status: 200, pdf: await rendered, filename: pdfNameOf(notice) };
  };

  const answer = async (req: IncomingMessage): Promise<PortalAnswer> => {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const platform = (Object.keys(SANDBOX_PORTAL_PATHS) as SandboxPlatform[]).find((candidate) =>
      url.pathname.startsWith(`${SANDBOX_PORTAL_PATHS[candidate]}/api/`),
    );
    if (!platform) return NOT_FOUND;
    const base = SANDBOX_PORTAL_PATHS[platform];
    const route = url.pathname.slice(base.length);
    if (req.method === 'POST' && route === '/api/login') return login(req, platform, base);
    if (req.method !== 'GET') return NOT_FOUND;
    const session = sessionOf(req, platform);
    if (route === '/api/notices') return session ? noticeList(session, url, base) : SESSION_EXPIRED;
    const pdfRoute = /^\/api\/notices\/([A-Za-z0-9-]+)\/pdf$/.exec(route);
    if (pdfRoute) return session ? pdf(session, pdfRoute[1]!) : SESSION_EXPIRED;
    return NOT_FOUND;
  };

  const respond = (res: ServerResponse, reply: PortalAnswer) => {
    if ('pdf' in reply) {
      res.writeHead(200, {
        'Content-Type': 'application/pdf',
        'Content-Length': reply.pdf.length,
        'Content-Disposition': `attachment; filename="${reply.filename}"`,
      });
      res.end(reply.pdf);
      return;
    }
    const json = JSON.stringify(reply.body);
    res.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json), ...reply.headers });
    res.end(json);
  };

  const server = http.createServer((req, res) => {
    stats.requests += 1;
    if (servedBeforeDown !== null) {
      if (servedBeforeDown <= 0) down = true;
      else servedBeforeDown -= 1;
    }
    const wait = latencyMs;
    void (async () => {
      if (wait > 0) await delay(wait);
      if (down) {
        stats.unavailable += 1;
        req.resume();
        respond(res, refusal(503, 'SERVICE_UNAVAILABLE', 'The portal is under scheduled maintenance. Please try again later.'));
        return;
      }
      respond(res, await answer(req));
    })().catch(() => {
      if (!res.headersSent) respond(res, refusal(500, 'INTERNAL_ERROR', 'Something went wrong on the portal'));
      else res.destroy();
    });
  });
  // Longer than a client's idle keep-alive, so a connection is never closed under a request being sent on it.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  if (options.keepsProcessAlive === false) server.unref();
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    setDown(value) {
      down = value;
      servedBeforeDown = null;
    },
    setDownAfter(requests) {
      servedBeforeDown = requests;
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    holdSignIn(username) {
      const name = username.toLowerCase();
      if (heldSignIns.has(name)) throw new Error(`The sign-in of ${username} is already held`);
      let release!: () => void;
      heldSignIns.set(name, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        heldSignIns.delete(name);
        release();
      };
    },
    expireSessions() {
      sessions.clear();
    },
    heldSessions() {
      return sessions.size;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
