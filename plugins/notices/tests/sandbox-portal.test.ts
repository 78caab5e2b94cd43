import { expect } from 'chai';
import { addDays, isCalendarDate, kolkataToday } from '../../../core/plugin-api';
import {
  indianRupees,
  SANDBOX_ARCHIVE_AFTER_DAYS,
  SANDBOX_CONNECTOR_MESSAGES,
  SANDBOX_PORTAL_PASSWORD,
  sandboxNoticeSource,
  sandboxNoticesOf,
  startSandboxPortal,
  usernameWith,
  type SandboxPlatform,
  type SandboxPortal,
} from '../sandbox-portal';
import { NOTICE_SYNC_MESSAGES } from '../shared/wire';
import { readPdfText } from '../server/ai/pdf-text';
import { PortalError, type NoticeSource, type PortalCredentials } from '../server/tokens';

const PAGE_SIZE = 5;

const login = (portal: SandboxPortal, platform: 'gst' | 'income-tax', body: unknown) =>
  fetch(`${portal.url}/${platform}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const sessionCookie = (response: Response) => response.headers.getSetCookie()[0]!.split(';')[0]!;

const sourceFor = (portal: SandboxPortal, platform: SandboxPlatform): NoticeSource =>
  sandboxNoticeSource({ id: 'sandbox-test', platform, label: 'Sandbox', portalUrl: async () => portal.url, isEnabled: async () => true });

/** The PortalError a fetch ends in. */
async function refusalOf(source: NoticeSource, credentials: PortalCredentials, timeoutMs = 5_000): Promise<PortalError> {
  try {
    await source.fetchNotices({ credentials, since: null, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    expect(error).to.be.instanceOf(PortalError);
    return error as PortalError;
  }
  throw new Error('the fetch succeeded');
}

describe('notices: the sandbox portal', function () {
  this.timeout(30_000);
  let portal: SandboxPortal;

  before(async () => {
    portal = await startSandboxPortal({ pageSize: PAGE_SIZE });
  });

  after(() => portal?.close());

  describe('its notices', () => {
    it('are the same for a login whenever and wherever they are asked, and differ between logins and portals', () => {
      const first = sandboxNoticesOf('GST', 'shreeganesh_gst', '2026-11-26');
      expect(sandboxNoticesOf('GST', 'SHREEGANESH_GST', '2026-11-26')).to.deep.equal(first);
      expect(sandboxNoticesOf('GST', 'kaveritex_gst', '2026-11-26').map((notice) => notice.reference)).to.not.deep.equal(
        first.map((notice) => notice.reference),
      );
      expect(sandboxNoticesOf('INCOME_TAX', 'shreeganesh_gst', '2026-11-26')[0]!.noticeType).to.match(/^Section /);
    });

    it('number two to six per login, issued within the archive window, newest first, with realistic fields', () => {
      const today = '2026-11-26';
      for (let index = 0; index < 200; index += 1) {
        for (const platform of ['GST', 'INCOME_TAX'] as const) {
          const notices = sandboxNoticesOf(platform, `login${index}`, today);
          expect(notices.length).to.be.within(2, 6);
          for (const notice of notices) {
            expect(notice.issuedOn <= today && notice.issuedOn > addDays(today, -SANDBOX_ARCHIVE_AFTER_DAYS)).to.equal(true);
            expect(isCalendarDate(notice.dueOn) && notice.dueOn > notice.issuedOn).to.equal(true);
            if (notice.amount !== null) expect(notice.amount).to.match(/^\d+\.\d{2}$/);
            expect(notice.reference).to.match(platform === 'GST' ? /^ZD\d{2}\d{6}\d{7}[A-Z]$/ : /^(ITBA\/(AST|PNL)\/S\/|CPC\/)/);
          }
          const issued = notices.map((notice) => notice.issuedOn);
          expect(issued).to.deep.equal([...issued].sort().reverse());
        }
      }
    });

    it('keep their references and dates as the days pass; new ones arrive and old ones leave the list', () => {
      const now = sandboxNoticesOf('GST', 'steady_gst', '2026-11-26');
      const later = sandboxNoticesOf('GST', 'steady_gst', '2027-06-30');
      const kept = later.filter((notice) => now.some((earlier) => earlier.reference === notice.reference));
      for (const notice of kept) {
        const earlier = now.find((candidate) => candidate.reference === notice.reference)!;
        expect([notice.issuedOn, notice.dueOn, notice.amount]).to.deep.equal([earlier.issuedOn, earlier.dueOn, earlier.amount]);
      }
      expect(later.some((notice) => notice.issuedOn > '2026-11-26')).to.equal(true);
    });

    it('writes amounts in the Indian grouping', () => {
      expect(indianRupees('1234567.00')).to.equal('Rs. 12,34,567.00');
      expect(indianRupees('212340.50')).to.equal('Rs. 2,12,340.50');
      expect(indianRupees('999.00')).to.equal('Rs. 999.00');
    });
  });

  describe('its protocol', () => {
    it('signs in with the sandbox password and a session cookie, then lists the notices page by page', async () => {
      const username = usernameWith('GST', 6);
      const signedIn = await login(portal, 'gst', { username, password: SANDBOX_PORTAL_PASSWORD });
      expect(signedIn.status).to.equal(200);
      const cookie = sessionCookie(signedIn);
      expect(signedIn.headers.getSetCookie()[0]).to.match(/HttpOnly/);

      const since = addDays(kolkataToday(), -400);
      const first = await fetch(`${portal.url}/gst/api/notices?page=1&since=${since}`, { headers: { cookie } });
      const second = await fetch(`${portal.url}/gst/api/notices?page=2&since=${since}`, { headers: { cookie } });
      const [one, two] = [await first.json(), await second.json()];
      expect([one.totalCount, one.totalPages, one.notices.length, two.notices.length]).to.deep.equal([6, 2, PAGE_SIZE, 1]);
      const expected = sandboxNoticesOf('GST', username);
      expect([...one.notices, ...two.notices].map((notice: { referenceNo: string }) => notice.referenceNo)).to.deep.equal(
        expected.map((notice) => notice.reference),
      );
      expect(one.notices[0].issueDate).to.match(/^\d{2}\/\d{2}\/\d{4}$/);
    });

    it('without `since` lists only the notices still open', async () => {
      const username = 'open_only_gst';
      const cookie = sessionCookie(await login(portal, 'gst', { username, password: SANDBOX_PORTAL_PASSWORD }));
      const answer = await (await fetch(`${portal.url}/gst/api/notices`, { headers: { cookie } })).json();
      const open = sandboxNoticesOf('GST', username).filter((notice) => notice.status === 'OPEN');
      expect(answer.notices.map((notice: { referenceNo: string }) => notice.referenceNo)).to.deep.equal(open.map((notice) => notice.reference));
    });

    it('refuses a wrong password, a locked or listed login (401 INVALID_CREDENTIALS) and asks some for an OTP or a CAPTCHA', async () => {
      const listed = await startSandboxPortal({ failingUsernames: ['Refused_User'] });
      try {
        const codeOf = async (response: Response) => [response.status, (await response.json()).code];
        expect(await codeOf(await login(portal, 'gst', { username: 'anyone', password: 'wrong' }))).to.deep.equal([401, 'INVALID_CREDENTIALS']);
        expect(await codeOf(await login(portal, 'gst', { username: 'locked_firm', password: SANDBOX_PORTAL_PASSWORD }))).to.deep.equal([
          401,
          'INVALID_CREDENTIALS',
        ]);
        expect(await codeOf(await login(listed, 'gst', { username: 'refused_user', password: SANDBOX_PORTAL_PASSWORD }))).to.deep.equal([
          401,
          'INVALID_CREDENTIALS',
        ]);
        expect(await codeOf(await login(portal, 'income-tax', { username: 'otp-firm', password: SANDBOX_PORTAL_PASSWORD }))).to.deep.equal([
          403,
          'OTP_REQUIRED',
        ]);
        expect(await codeOf(await login(portal, 'gst', { username: 'captcha-firm', password: SANDBOX_PORTAL_PASSWORD }))).to.deep.equal([
          403,
          'CAPTCHA_REQUIRED',
        ]);
        expect(await codeOf(await login(portal, 'gst', { username: '' }))).to.deep.equal([400, 'BAD_REQUEST']);
      } finally {
        await listed.close();
      }
    });

    it('answers 401 SESSION_EXPIRED without a session, with one of the other portal, and once it has expired', async () => {
      const expiring = await startSandboxPortal();
      try {
        const gstCookie = sessionCookie(await login(expiring, 'gst', { username: 'firm', password: SANDBOX_PORTAL_PASSWORD }));
        expect((await fetch(`${expiring.url}/gst/api/notices`)).status).to.equal(401);
        expect((await fetch(`${expiring.url}/income-tax/api/notices`, { headers: { cookie: gstCookie } })).status).to.equal(401);
        expect((await fetch(`${expiring.url}/gst/api/notices`, { headers: { cookie: gstCookie } })).status).to.equal(200);
        expiring.expireSessions();
        const expired = await fetch(`${expiring.url}/gst/api/notices`, { headers: { cookie: gstCookie } });
        expect([expired.status, (await expired.json()).code]).to.deep.equal([401, 'SESSION_EXPIRED']);
        const pdf = await fetch(`${expiring.url}/gst/api/notices/0-nothing/pdf`, { headers: { cookie: gstCookie } });
        expect([pdf.status, (await pdf.json()).code]).to.deep.equal([401, 'SESSION_EXPIRED']);
      } finally {
        await expiring.close();
      }
    });

    it('lets go of expired sessions when someone signs in, and keeps the live ones', async () => {
      const signIn = (target: SandboxPortal, username: string) => login(target, 'gst', { username, password: SANDBOX_PORTAL_PASSWORD });
      // Sessions that expire as they begin: each sign-in finds every earlier session expired.
      const instant = await startSandboxPortal({ sessionTtlMs: 0 });
      const lasting = await startSandboxPortal();
      try {
        for (const username of ['first', 'second', 'third']) expect((await signIn(instant, username)).status).to.equal(200);
        expect(instant.heldSessions()).to.equal(1);

        for (const username of ['first', 'second', 'third']) await signIn(lasting, username);
        expect(lasting.heldSessions()).to.equal(3);
        lasting.expireSessions();
        expect(lasting.heldSessions()).to.equal(0);
      } finally {
        await instant.close();
        await lasting.close();
      }
    });

    it('serves each notice as a real PDF whose text is the notice', async () => {
      const username = 'AABCS1234K';
      const cookie = sessionCookie(await login(portal, 'income-tax', { username, password: SANDBOX_PORTAL_PASSWORD }));
      const list = await (await fetch(`${portal.url}/income-tax/api/notices?since=${addDays(kolkataToday(), -400)}`, { headers: { cookie } })).json();
      const [listed] = list.notices;
      const pdf = await fetch(`${portal.url}${listed.documents[0].url}`, { headers: { cookie } });
      expect([pdf.status, pdf.headers.get('content-type')]).to.deep.equal([200, 'application/pdf']);
      const read = await readPdfText(Buffer.from(await pdf.arrayBuffer()));
      const text = 'text' in read ? read.text : '';
      const notice = sandboxNoticesOf('INCOME_TAX', username)[0]!;
      expect(text).to.include(`DIN: ${notice.reference}`);
      expect(text).to.include(`PAN: ${username}`);
      expect(text).to.include(notice.provision);
      expect(text.replace(/\s+/g, ' ')).to.include(notice.description);
      expect((await fetch(`${portal.url}/income-tax/api/notices/0-nothing/pdf`, { headers: { cookie } })).status).to.equal(404);
    });

    it('is slow, down, or goes down after some requests when told to, and counts what it served', async () => {
      const slow = await startSandboxPortal({ latencyMs: 150 });
      try {
        const started = Date.now();
        await login(slow, 'gst', { username: 'firm', password: SANDBOX_PORTAL_PASSWORD });
        expect(Date.now() - started).to.be.at.least(140);
        slow.setLatency(0);
        slow.setDown(true);
        const down = await login(slow, 'gst', { username: 'firm', password: SANDBOX_PORTAL_PASSWORD });
        expect([down.status, (await down.json()).code]).to.deep.equal([503, 'SERVICE_UNAVAILABLE']);
        slow.setDown(false);
        slow.setDownAfter(2);
        const statuses = [];
        for (let index = 0; index < 4; index += 1)
          statuses.push((await login(slow, 'gst', { username: 'firm', password: SANDBOX_PORTAL_PASSWORD })).status);
        expect(statuses).to.deep.equal([200, 200, 503, 503]);
        expect(slow.stats).to.include({ requests: 6, logins: 3, unavailable: 3 });
      } finally {
        await slow.close();
      }
    });
  });

  describe('its connector', () => {
    it('hands over every notice of the login in the register’s terms, with PDFs it downloads on demand', async () => {
      const username = usernameWith('GST', 6, 'connector');
      const notices = await sourceFor(portal, 'GST').fetchNotices({
        credentials: { username, password: SANDBOX_PORTAL_PASSWORD },
        since: addDays(kolkataToday(), -400),
        signal: AbortSignal.timeout(5_000),
      });
      const expected = sandboxNoticesOf('GST', username);
      expect(notices.map(({ documents: _documents, ...notice }) => notice)).to.deep.equal(
        expected.map((notice) => ({
          reference: notice.reference,
          department: 'GST',
          noticeType: notice.noticeType,
          description: notice.description,
          dateOfIssuance: notice.issuedOn,
          dueDate: notice.dueOn,
          taxPeriod: notice.taxPeriod,
          amountDemanded: notice.amount,
          portalStatus: notice.status,
        })),
      );
      const pdfsBefore = portal.stats.pdfs;
      const body = await notices[0]!.documents[0]!.download();
      expect(body.subarray(0, 5).toString()).to.equal('%PDF-');
      expect(notices[0]!.documents[0]!.filename).to.match(/\.pdf$/);
      expect(portal.stats.pdfs).to.equal(pdfsBefore + 1);
    });

    it('signs in again when the session expires between the list and a PDF', async () => {
      const expiring = await startSandboxPortal();
      try {
        const [notice] = await sourceFor(expiring, 'INCOME_TAX').fetchNotices({
          credentials: { username: 'renewing_login', password: SANDBOX_PORTAL_PASSWORD },
          since: addDays(kolkataToday(), -400),
          signal: AbortSignal.timeout(5_000),
        });
        expect(expiring.stats.logins).to.equal(1);
        expiring.expireSessions();
        expect((await notice!.documents[0]!.download()).subarray(0, 5).toString()).to.equal('%PDF-');
        expect(expiring.stats.logins).to.equal(2);
      } finally {
        await expiring.close();
      }
    });

    it('classifies refusals: invalid credentials, action needed (OTP, CAPTCHA), and the portal unavailable (5xx, unreachable, too slow)', async () => {
      const gst = sourceFor(portal, 'GST');
      const kinds = async (credentials: PortalCredentials, source = gst, timeoutMs?: number) => {
        const error = await refusalOf(source, credentials, timeoutMs);
        return [error.kind, error.message];
      };
      expect(await kinds({ username: 'firm', password: 'wrong' })).to.deep.equal(['INVALID_CREDENTIALS', NOTICE_SYNC_MESSAGES.invalidCredentials]);
      expect(await kinds({ username: 'locked_firm', password: SANDBOX_PORTAL_PASSWORD })).to.deep.equal([
        'INVALID_CREDENTIALS',
        NOTICE_SYNC_MESSAGES.invalidCredentials,
      ]);
      expect(await kinds({ username: 'otp-firm', password: SANDBOX_PORTAL_PASSWORD })).to.deep.equal([
        'ACTION_NEEDED',
        SANDBOX_CONNECTOR_MESSAGES.otpRequired,
      ]);
      expect(await kinds({ username: 'captcha-firm', password: SANDBOX_PORTAL_PASSWORD })).to.deep.equal([
        'ACTION_NEEDED',
        SANDBOX_CONNECTOR_MESSAGES.captchaRequired,
      ]);

      const troubled = await startSandboxPortal();
      const source = sourceFor(troubled, 'GST');
      const good = { username: 'firm', password: SANDBOX_PORTAL_PASSWORD };
      troubled.setDown(true);
      expect(await kinds(good, source)).to.deep.equal(['PORTAL_UNAVAILABLE', NOTICE_SYNC_MESSAGES.portalDown]);
      troubled.setDown(false);
      troubled.setLatency(500);
      expect(await kinds(good, source, 100)).to.deep.equal(['PORTAL_UNAVAILABLE', SANDBOX_CONNECTOR_MESSAGES.timedOut]);
      await troubled.close();
      expect(await kinds(good, source)).to.deep.equal(['PORTAL_UNAVAILABLE', NOTICE_SYNC_MESSAGES.portalDown]);
    });
  });
});
