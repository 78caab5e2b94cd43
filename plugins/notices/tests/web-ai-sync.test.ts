import { expect } from 'chai';
import type { NotificationDto } from '../../../core/plugin-api';
import {
  clientNamesText,
  createThrottle,
  mergeSyncNotifications,
  platformsText,
  refreshButtonView,
  SYNC_NOTIFICATIONS_KEPT,
  SYNC_REQUEST_HOLD_MS,
  SYNC_STATUS_SETTLE_MS,
  syncRequestStillShown,
  tellsOfCompletedSync,
  tellsOfFinishedSync,
} from '../web/components/sync/sync-display';

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
