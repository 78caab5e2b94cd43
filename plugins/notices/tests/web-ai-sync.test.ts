import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { expect } from 'chai';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, serverReasonOf, setCsrfToken } from '@axal/web-sdk';
import type { NotificationDto } from '../../../core/plugin-api';
import { AI_JOB_POLL_MS, NOTICE_AI_TEXTS, NOTICE_SYNC_TEXTS, type AiJobStatus, type NoticeView, type RefreshResponse } from '../shared/wire';
import { abortAfter } from '../web/abort-after';
import { AiJobFailedError, processAiCaching, processNoticeWithAi, type AiProcessTarget } from '../web/ai-api';
import { noticeKey } from '../web/api';
import {
  clientNamesText,
  createThrottle,
  mergeSyncNotifications,
  platformsText,
  refreshAnswerToast,
  refreshButtonView,
  refreshFailureToast,
  SYNC_NOTIFICATIONS_KEPT,
  SYNC_REQUEST_HOLD_MS,
  SYNC_STATUS_SETTLE_MS,
  syncRequestStillShown,
  tellsOfCompletedSync,
  tellsOfFinishedSync,
} from '../web/components/sync/sync-display';
import { failureToast } from '../web/failure-text';

const details = (clientNames: string[], overrides: { clientCount?: number; progress?: number; platforms?: string[] } = {}) => ({
  clientNames,
  clientCount: overrides.clientCount ?? clientNames.length,
  progress: overrides.progress ?? 40,
  platforms: overrides.platforms ?? ['GST', 'INCOME_TAX'],
});

const notification = (id: string, eventType: string, createdAt: string, title = eventType): NotificationDto => ({
  id,
  eventType,
  title,
  message: '',
  priority: 'medium',
  status: 'unread',
  actionUrl: null,
  metadata: { syncType: 'NOTICE_SYNC', entityType: 'NOTICE' },
  createdAt,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('notices web: Refresh Notices and the sync feed', () => {
  describe('the button and its tooltip (spec 2 section 2.9)', () => {
    it('names platforms as people do, keeping one it does not know as sent', () => {
      expect(platformsText(['GST', 'INCOME_TAX'])).to.equal('GST, Income Tax');
      expect(platformsText(['TDS'])).to.equal('TDS');
    });

    it('lists at most three client names, then how many more', () => {
      expect(clientNamesText(details(['Sharma Traders']))).to.equal('Sharma Traders');
      expect(clientNamesText(details(['A', 'B', 'C']))).to.equal('A, B, C');
      expect(clientNamesText(details(['A', 'B', 'C', 'D', 'E']))).to.equal('A, B, C +2 more');
      // Fewer names than clients: the count decides.
      expect(clientNamesText(details(['A', 'B'], { clientCount: 6 }))).to.equal('A, B +4 more');
    });

    it("reads 'Refreshing...' while asking, whatever the stream says", () => {
      expect(refreshButtonView({ requesting: true, syncInProgress: true, details: details(['A']) })).to.deep.equal({
        text: 'Refreshing...',
        busy: true,
        tooltip: null,
      });
    });

    it("reads 'Refresh Notices' when no sync runs", () => {
      expect(refreshButtonView({ requesting: false, syncInProgress: false, details: null })).to.deep.equal({
        text: 'Refresh Notices',
        busy: false,
        tooltip: null,
      });
    });

    it("reads 'Sync In Progress' while the sync's details are not known", () => {
      expect(refreshButtonView({ requesting: false, syncInProgress: true, details: null }).text).to.equal('Sync In Progress');
      expect(refreshButtonView({ requesting: false, syncInProgress: true, details: details([], { clientCount: 0 }) }).text).to.equal(
        'Sync In Progress',
      );
    });

    it("reads 'Syncing {n} client(s)...' with the progress tooltip while a sync runs", () => {
      const view = refreshButtonView({
        requesting: false,
        syncInProgress: true,
        details: details(['Sharma Traders', 'Verma Textiles', 'Rao Exports', 'Iyer and Sons'], { progress: 62.6 }),
      });
      expect(view).to.deep.equal({
        text: 'Syncing 4 client(s)...',
        busy: true,
        tooltip: {
          summary: 'Syncing notices for 4 client(s) (GST, Income Tax) - 63% complete',
          clients: 'Sharma Traders, Verma Textiles, Rao Exports +1 more',
        },
      });
    });

    it('keeps the per cent between 0 and 100', () => {
      const percentOf = (progress: number) =>
        refreshButtonView({ requesting: false, syncInProgress: true, details: details(['A'], { progress, platforms: ['GST'] }) }).tooltip!.summary;
      expect(percentOf(140)).to.equal('Syncing notices for 1 client(s) (GST) - 100% complete');
      expect(percentOf(-3)).to.equal('Syncing notices for 1 client(s) (GST) - 0% complete');
    });
  });

  describe("what a refresh's answer tells the member (spec 2 section 8)", () => {
    const answer = (fields: Partial<RefreshResponse>): RefreshResponse => ({ success: false, message: '', jobCount: 0, batchJobId: '', ...fields });

    it("shows the start of a sync, or 'Refresh Failed' with the server's reason when none started", () => {
      expect(refreshAnswerToast(answer({ success: true, message: 'Started syncing notices for 3 client login(s)', jobCount: 3 }))).to.deep.equal({
        message: 'Started syncing notices for 3 client login(s)',
        intent: 'success',
      });
      const refusal = 'No portal connector is enabled for this workspace';
      expect(refreshAnswerToast(answer({ message: refusal, error: refusal }))).to.deep.equal({
        title: NOTICE_SYNC_TEXTS.refreshFailed,
        message: refusal,
        intent: 'danger',
      });
    });

    it("falls back to 'Failed to refresh notices' when no reason came", () => {
      const fallback = { title: 'Refresh Failed', message: 'Failed to refresh notices', intent: 'danger' };
      expect(refreshFailureToast('')).to.deep.equal(fallback);
      expect(refreshFailureToast(undefined)).to.deep.equal(fallback);
      expect(refreshAnswerToast(answer({}))).to.deep.equal(fallback);
    });
  });

  describe('the mark of a sync the page asked for (spec 2 section 4)', () => {
    const requestedAt = 1_000_000;
    const silent = { statusAt: null, statusSaysRunning: false, finishedSeenAt: null };

    it('shows nothing without a request', () => {
      expect(syncRequestStillShown(null, requestedAt, silent)).to.equal(false);
    });

    it('shows the sync while nothing has been heard since the request, for SYNC_REQUEST_HOLD_MS at most', () => {
      expect(syncRequestStillShown(requestedAt, requestedAt + 500, silent)).to.equal(true);
      expect(syncRequestStillShown(requestedAt, requestedAt + 500, { ...silent, statusAt: requestedAt - 10 })).to.equal(true);
      expect(syncRequestStillShown(requestedAt, requestedAt + SYNC_REQUEST_HOLD_MS, silent)).to.equal(false);
    });

    it('gives way once the stream reports the run, which speaks for it from then on', () => {
      expect(syncRequestStillShown(requestedAt, requestedAt + 1500, { ...silent, statusAt: requestedAt + 1200, statusSaysRunning: true })).to.equal(
        false,
      );
    });

    it("keeps showing a 'not running' sent right after the request, not one sent well after it", () => {
      expect(syncRequestStillShown(requestedAt, requestedAt + 1500, { ...silent, statusAt: requestedAt + 800 })).to.equal(true);
      expect(syncRequestStillShown(requestedAt, requestedAt + 5000, { ...silent, statusAt: requestedAt + SYNC_STATUS_SETTLE_MS })).to.equal(false);
    });

    it('gives way when a finished sync is heard of after the request, not before it', () => {
      expect(syncRequestStillShown(requestedAt, requestedAt + 900, { ...silent, finishedSeenAt: requestedAt + 700 })).to.equal(false);
      expect(syncRequestStillShown(requestedAt, requestedAt + 900, { ...silent, finishedSeenAt: requestedAt - 700 })).to.equal(true);
    });
  });

  describe('the live refresh throttle', () => {
    it('acts at once, then at most once per interval, never losing the last call of a burst', async () => {
      let runs = 0;
      const throttle = createThrottle(() => (runs += 1), 60);
      throttle.call();
      expect(runs).to.equal(1);
      throttle.call();
      throttle.call();
      expect(runs, 'calls inside the interval wait').to.equal(1);
      await sleep(100);
      expect(runs, 'one run for the burst at the end of the interval').to.equal(2);
      await sleep(100);
      expect(runs).to.equal(2);
      throttle.call();
      expect(runs, 'a call after a quiet interval acts at once').to.equal(3);
    });

    it('drops a waiting run when cancelled', async () => {
      let runs = 0;
      const throttle = createThrottle(() => (runs += 1), 40);
      throttle.call();
      throttle.call();
      throttle.cancel();
      await sleep(80);
      expect(runs).to.equal(1);
    });
  });

  describe("the banner's notifications", () => {
    const started = notification('n1', 'SYNC_STARTED', '2026-11-30T10:00:00.000Z');
    const progress = notification('n2', 'SYNC_IN_PROGRESS', '2026-11-30T10:00:05.000Z', '2 of 6');

    it('keeps the newest first, a running sync moving up with its latest report', () => {
      const merged = mergeSyncNotifications([started], [progress], 'stream');
      expect(merged.map((item) => item.id)).to.deep.equal(['n2', 'n1']);
      const moved = mergeSyncNotifications(merged, [{ ...started, createdAt: '2026-11-30T10:00:09.000Z', title: 'moved on' }], 'stream');
      expect(moved.map((item) => [item.id, item.title])).to.deep.equal([
        ['n1', 'moved on'],
        ['n2', '2 of 6'],
      ]);
    });

    it('takes what the stream says over what a list read earlier says, and fills in from the list only what is missing', () => {
      const fromStream = mergeSyncNotifications([], [{ ...progress, title: '5 of 6' }], 'stream');
      const withList = mergeSyncNotifications(fromStream, [progress, started], 'list');
      expect(withList.map((item) => [item.id, item.title])).to.deep.equal([
        ['n2', '5 of 6'],
        ['n1', 'SYNC_STARTED'],
      ]);
    });

    it(`keeps at most ${SYNC_NOTIFICATIONS_KEPT}`, () => {
      const many = Array.from({ length: SYNC_NOTIFICATIONS_KEPT + 5 }, (_, index) =>
        notification(`m${index}`, 'SYNC_COMPLETED', new Date(Date.UTC(2026, 10, 1, 0, index)).toISOString()),
      );
      const kept = mergeSyncNotifications([], many, 'list');
      expect(kept).to.have.length(SYNC_NOTIFICATIONS_KEPT);
      expect(kept[0].id).to.equal(`m${SYNC_NOTIFICATIONS_KEPT + 4}`);
    });

    it('tells a finished sync (completed or failed) from a completed one', () => {
      const failed = notification('f', 'SYNC_FAILED', '2026-11-30T10:01:00.000Z');
      const completed = notification('c', 'SYNC_COMPLETED', '2026-11-30T10:01:00.000Z');
      expect(tellsOfFinishedSync([started, progress])).to.equal(false);
      expect(tellsOfFinishedSync([failed])).to.equal(true);
      expect(tellsOfCompletedSync([failed])).to.equal(false);
      expect(tellsOfCompletedSync([progress, completed])).to.equal(true);
    });
  });
});

describe('notices web: failures in words', () => {
  it("reads the server's `error`, not the client's 'Request failed (502)' of an answer without one", () => {
    expect(serverReasonOf(new ApiError(502, 'Request failed (502)'))).to.equal('');
    expect(serverReasonOf(new ApiError(503, 'busy', {}, { error: ' The AI service is busy; please try again in a minute ' }))).to.equal(
      'The AI service is busy; please try again in a minute',
    );
    expect(serverReasonOf(new TypeError('Failed to fetch'))).to.equal('');
  });

  it("puts the reason beneath the spec's wording, or shows the wording alone when the reason adds nothing", () => {
    const title = NOTICE_AI_TEXTS.processFailed;
    expect(failureToast(title, 'The AI service is busy')).to.deep.equal({ title, message: 'The AI service is busy', intent: 'danger' });
    expect(failureToast(title, '  ')).to.deep.equal({ message: title, intent: 'danger' });
    expect(failureToast(title, title)).to.deep.equal({ message: title, intent: 'danger' });
  });
});

describe('notices web: a signal with a time limit', () => {
  it('aborts once the time is up, and says it was the time', async () => {
    const limited = abortAfter(new AbortController().signal, 10);
    await new Promise((resolve) => limited.signal.addEventListener('abort', resolve, { once: true }));
    expect(limited.timedOut).to.equal(true);
    expect((limited.signal.reason as DOMException).name).to.equal('TimeoutError');
  });

  it('aborts with the other signal, with its reason, and not as a time-out', () => {
    const outer = new AbortController();
    const limited = abortAfter(outer.signal, 60_000);
    outer.abort(new Error('left the page'));
    expect(limited.signal.aborted).to.equal(true);
    expect((limited.signal.reason as Error).message).to.equal('left the page');
    expect(limited.timedOut).to.equal(false);
    limited.release();
  });

  it('starts aborted when the other signal already is, and follows it no more once released', () => {
    const aborted = new AbortController();
    aborted.abort();
    const fromAborted = abortAfter(aborted.signal, 60_000);
    expect(fromAborted.signal.aborted).to.equal(true);
    fromAborted.release();

    const outer = new AbortController();
    const released = abortAfter(outer.signal, 60_000);
    released.release();
    outer.abort();
    expect(released.signal.aborted).to.equal(false);
  });
});

type ApiAnswer = { status: number; body: unknown };

describe('notices web: Process with AI', () => {
  const WORKSPACE = 'w-ai';
  const PROCESS_PATH = (noticeId: string) => `/axal/api/v1/notices/${noticeId}/process-ai`;
  const analysed = (noticeId: string) => ({ externalId: noticeId, summary: `The analysis of ${noticeId}` }) as NoticeView;
  const jobAnswer = (job: Partial<AiJobStatus>): ApiAnswer => ({
    status: 200,
    body: { data: { jobId: '7', state: 'RUNNING', notice: null, error: null, ...job } },
  });
  const ACCEPTED: ApiAnswer = { status: 202, body: { jobId: '7' } };
  /** How this test's stand-in for the API answers each request (the web module runs as in a browser, over HTTP). */
  let answer: (method: string, path: string) => ApiAnswer | Promise<ApiAnswer>;
  let requests: string[];
  let close: () => Promise<void>;

  before(async () => {
    const server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://api.test').pathname;
      requests.push(`${request.method} ${path}`);
      void Promise.resolve(answer(request.method ?? 'GET', path)).then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // What the API client reads of the browser: the page's origin, and the CSRF token it would have fetched.
    Object.assign(globalThis, { window: { location: { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` } } });
    setCsrfToken('csrf-token-of-the-test');
    close = () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
  });

  after(async () => {
    setCsrfToken(null);
    delete (globalThis as { window?: unknown }).window;
    await close();
  });

  beforeEach(() => {
    requests = [];
  });

  it('follows a job the server answered 202 for until it completes', async () => {
    answer = (method) => (method === 'POST' ? ACCEPTED : jobAnswer({ state: 'COMPLETED', notice: analysed('n1') }));
    expect(await processNoticeWithAi(WORKSPACE, 'n1', new AbortController().signal)).to.deep.equal(analysed('n1'));
    expect(requests).to.deep.equal([`POST ${PROCESS_PATH('n1')}`, `GET ${PROCESS_PATH('n1')}/7`]);
  });

  it("fails with the server's reason when the job fails", async () => {
    answer = (method) =>
      method === 'POST' ? ACCEPTED : jobAnswer({ state: 'FAILED', error: 'The AI service is busy; please try again in a minute' });
    const failure = await processNoticeWithAi(WORKSPACE, 'n1', new AbortController().signal).catch((error: unknown) => error);
    expect(failure).to.be.instanceOf(AiJobFailedError);
    expect((failure as Error).message).to.equal('The AI service is busy; please try again in a minute');
  });

  it('gives up on a job still running at the follow limit, and says the analysis may still finish', async () => {
    answer = (method) => (method === 'POST' ? ACCEPTED : jobAnswer({ state: 'RUNNING' }));
    const failure = await processNoticeWithAi(WORKSPACE, 'n1', new AbortController().signal, AI_JOB_POLL_MS * 1.5).catch((error: unknown) => error);
    expect(failure).to.be.instanceOf(AiJobFailedError);
    expect((failure as Error).message).to.equal(NOTICE_AI_TEXTS.followTimedOut);
  });

  it('stops following as soon as the member leaves, which is no failure to report', async () => {
    let polled!: () => void;
    const firstPoll = new Promise<void>((resolve) => (polled = resolve));
    answer = (method) => {
      if (method === 'POST') return ACCEPTED;
      polled();
      return jobAnswer({ state: 'RUNNING' });
    };
    const leaving = new AbortController();
    const following = processNoticeWithAi(WORKSPACE, 'n1', leaving.signal).catch((error: unknown) => error);
    await firstPoll;
    leaving.abort();
    const stopped = await following;
    expect(stopped).to.not.be.instanceOf(AiJobFailedError);
    expect((stopped as DOMException).name).to.equal('AbortError');
  });

  it('caches the analysed notice under the notice it was asked for, though the page moved to another one meanwhile', async () => {
    const queryClient = new QueryClient();
    const shown = { externalId: 'y', summary: null } as NoticeView;
    queryClient.setQueryData(noticeKey(WORKSPACE, 'y'), shown);
    let asked!: () => void;
    const analysisAsked = new Promise<void>((resolve) => (asked = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    answer = async () => {
      asked();
      await released;
      return { status: 200, body: { data: analysed('x') } };
    };
    const leaving = new AbortController();
    // The hook's options, as each render of a notice's page builds them.
    const optionsOfARender = () => ({
      ...processAiCaching(queryClient),
      mutationFn: ({ workspaceId, noticeId }: AiProcessTarget) => processNoticeWithAi(workspaceId, noticeId, leaving.signal),
    });
    const observer = new MutationObserver(queryClient, optionsOfARender());

    const processed = observer.mutate({ workspaceId: WORKSPACE, noticeId: 'x' });
    await analysisAsked;
    // Notice y's page renders while x's analysis runs: the hook hands the pending mutation that render's options.
    observer.setOptions(optionsOfARender());
    release();
    await processed;

    expect(queryClient.getQueryData(noticeKey(WORKSPACE, 'x'))).to.deep.equal(analysed('x'));
    expect(queryClient.getQueryData(noticeKey(WORKSPACE, 'y'))).to.equal(shown);
    queryClient.clear();
  });
});
