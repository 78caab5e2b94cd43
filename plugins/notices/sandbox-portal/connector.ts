import { z } from 'zod';
import { NOTICE_SYNC_MESSAGES } from '../shared/wire';
import { PortalError, type NoticeSource, type NoticeSourceFetch, type PortalCredentials, type PortalNotice } from '../server/tokens';
import { SANDBOX_PORTAL_PATHS, SANDBOX_SESSION_COOKIE } from './portal-server';
import type { SandboxPlatform } from './portal-notices';

export const SANDBOX_CONNECTOR_MESSAGES = {
  timedOut: 'The portal did not answer in time; please try again later',
  unexpectedAnswer: 'The portal gave an answer the connector does not understand; please try again later',
  otpRequired: 'The portal asks for a one-time password (OTP) for this login: sign in on the portal once, then refresh again',
  captchaRequired: 'The portal asks to solve a CAPTCHA for this login: sign in on the portal once, then refresh again',
} as const;

/** A list longer than this many pages is not a portal's answer. */
const MAX_PAGES = 100;

const portalDay = z
  .string()
  .regex(/^\d{2}\/\d{2}\/\d{4}$/)
  .transform((day) => day.split('/').reverse().join('-'));

const noticePageSchema = z.object({
  notices: z.array(
    z.object({
      noticeId: z.string(),
      referenceNo: z.string(),
      noticeType: z.string(),
      subject: z.string(),
      description: z.string(),
      issueDate: portalDay.nullable(),
      dueDate: portalDay.nullable(),
      taxPeriod: z.string().nullable(),
      amountDemanded: z.string().nullable(),
      status: z.string(),
      documents: z.array(z.object({ name: z.string(), url: z.string() })),
    }),
  ),
  page: z.number(),
  totalPages: z.number(),
});
type ListedNotice = z.infer<typeof noticePageSchema>['notices'][number];

const refusalSchema = z.object({ code: z.string() }).partial();

/** One sign-in to one portal, kept for the notice list and the PDFs of one fetch. */
class PortalSession {
  private cookie: string | null = null;

  constructor(
    private readonly origin: string,
    private readonly base: string,
    private readonly credentials: PortalCredentials,
    private readonly signal: AbortSignal,
  ) {}

  async signIn(): Promise<void> {
    const response = await this.request(`${this.base}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: this.credentials.username, password: this.credentials.password }),
    });
    if (response.ok) {
      const session = response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0]!)
        .find((cookie) => cookie.startsWith(`${SANDBOX_SESSION_COOKIE}=`));
      if (!session) throw new PortalError('PORTAL_UNAVAILABLE', SANDBOX_CONNECTOR_MESSAGES.unexpectedAnswer);
      this.cookie = session;
      return;
    }
    const { code } = refusalSchema.catch({}).parse(await response.json().catch(() => ({})));
    if (response.status === 401 && code === 'INVALID_CREDENTIALS')
      throw new PortalError('INVALID_CREDENTIALS', NOTICE_SYNC_MESSAGES.invalidCredentials);
    if (code === 'OTP_REQUIRED') throw new PortalError('ACTION_NEEDED', SANDBOX_CONNECTOR_MESSAGES.otpRequired);
    if (code === 'CAPTCHA_REQUIRED') throw new PortalError('ACTION_NEEDED', SANDBOX_CONNECTOR_MESSAGES.captchaRequired);
    throw this.unavailable(response.status);
  }

  /** A signed-in GET; a session that expired meanwhile is renewed once. */
  async get(path: string): Promise<Response> {
    let response = await this.request(path, { headers: { Cookie: this.cookie ?? '' } });
    if (response.status === 401) {
      await response.body?.cancel();
      await this.signIn();
      response = await this.request(path, { headers: { Cookie: this.cookie ?? '' } });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw this.unavailable(response.status);
    }
    return response;
  }

  async json<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const parsed = schema.safeParse(await (await this.get(path)).json().catch(() => null));
    if (!parsed.success) throw new PortalError('PORTAL_UNAVAILABLE', SANDBOX_CONNECTOR_MESSAGES.unexpectedAnswer);
    return parsed.data;
  }

  async file(path: string): Promise<Buffer> {
    const response = await this.get(path);
    try {
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw this.networkFailure(error);
    }
  }

  /** A connection the portal dropped just as it was reused fails at once: such a request is sent again, once. */
  private async request(path: string, init: RequestInit): Promise<Response> {
    const send = () => fetch(new URL(path, this.origin), { ...init, signal: this.signal, redirect: 'error' });
    try {
      return await send().catch((error: unknown) => {
        if (this.signal.aborted) throw error;
        return send();
      });
    } catch (error) {
      throw this.networkFailure(error);
    }
  }

  private networkFailure(error: unknown): PortalError {
    if (error instanceof PortalError) return error;
    return new PortalError('PORTAL_UNAVAILABLE', this.signal.aborted ? SANDBOX_CONNECTOR_MESSAGES.timedOut : NOTICE_SYNC_MESSAGES.portalDown);
  }

  /** A 5xx is the portal being down; any other refusal here is an answer the connector was not built for. */
  private unavailable(status: number): PortalError {
    return new PortalError('PORTAL_UNAVAILABLE', status >= 500 ? NOTICE_SYNC_MESSAGES.portalDown : SANDBOX_CONNECTOR_MESSAGES.unexpectedAnswer);
  }
}

function portalNoticeOf(notice: ListedNotice, platform: SandboxPlatform, session: PortalSession): PortalNotice {
  return {
    reference: notice.referenceNo,
    department: platform,
    noticeType: notice.noticeType,
    description: notice.description,
    dateOfIssuance: notice.issueDate,
    dueDate: notice.dueDate,
    taxPeriod: notice.taxPeriod,
    amountDemanded: notice.amountDemanded,
    portalStatus: notice.status,
    documents: notice.documents.map((document) => ({ filename: document.name, download: () => session.file(document.url) })),
  };
}

export interface SandboxSourceOptions {
  id: string;
  platform: SandboxPlatform;
  label: string;
  /** The sandbox server's address (`http://127.0.0.1:<port>`), asked on every fetch. */
  portalUrl: () => Promise<string>;
  isEnabled: NoticeSource['isEnabled'];
}

/** The sandbox portal's connector for one platform: what a real portal's connector does, against the sandbox's protocol. */
export function sandboxNoticeSource(options: SandboxSourceOptions): NoticeSource {
  const { platform } = options;
  return {
    id: options.id,
    platform,
    label: options.label,
    isEnabled: options.isEnabled,
    async fetchNotices({ credentials, since, signal }: NoticeSourceFetch): Promise<PortalNotice[]> {
      const origin = await options.portalUrl().catch(() => {
        throw new PortalError('PORTAL_UNAVAILABLE', NOTICE_SYNC_MESSAGES.portalDown);
      });
      const session = new PortalSession(origin, SANDBOX_PORTAL_PATHS[platform], credentials, signal);
      await session.signIn();
      const notices: PortalNotice[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const query = new URLSearchParams({ page: String(page), ...(since ? { since } : {}) });
        const answer = await session.json(`${SANDBOX_PORTAL_PATHS[platform]}/api/notices?${query}`, noticePageSchema);
        notices.push(...answer.notices.map((notice) => portalNoticeOf(notice, platform, session)));
        if (page >= answer.totalPages) return notices;
      }
      throw new PortalError('PORTAL_UNAVAILABLE', SANDBOX_CONNECTOR_MESSAGES.unexpectedAnswer);
    },
  };
}
