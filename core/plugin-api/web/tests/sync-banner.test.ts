import { expect } from 'chai';
import type { NotificationDto, NotificationEventType, NotificationMetadata } from '../../../notifications/wire';
import { DEFAULT_SYNC_PROGRESS, selectSyncNotification, syncBannerModel, syncBannerTone } from '../sync-banner-selection';

const NOW = new Date('2025-03-05T10:30:00Z');
const MINUTE_MS = 60_000;
let sequence = 0;

function notification(eventType: NotificationEventType, minutesAgo: number, metadata: NotificationMetadata = {}): NotificationDto {
  sequence += 1;
  return {
    id: `n-${sequence}`,
    eventType,
    title: `${eventType} ${sequence}`,
    message: 'GST notices sync',
    priority: 'medium',
    status: 'unread',
    actionUrl: null,
    metadata,
    createdAt: new Date(NOW.getTime() - minutesAgo * MINUTE_MS).toISOString(),
  };
}

describe('sync banner selection', () => {
  it('prefers a started or running sync no more than 15 minutes old', () => {
    const running = notification('SYNC_IN_PROGRESS', 15);
    const completed = notification('SYNC_COMPLETED', 1);
    expect(selectSyncNotification([completed, running], NOW)).to.equal(running);
    const started = notification('SYNC_STARTED', 2);
    expect(selectSyncNotification([completed, started], NOW)).to.equal(started);
  });

  it('skips a running sync older than 15 minutes or flagged obsolete', () => {
    const stale = notification('SYNC_IN_PROGRESS', 15.5);
    const obsolete = notification('SYNC_STARTED', 1, { obsolete: true });
    const completed = notification('SYNC_COMPLETED', 30);
    expect(selectSyncNotification([obsolete, stale, completed], NOW)).to.equal(completed);
  });

  it('then a completed sync under 60 minutes old, then a failed one under 60 minutes old', () => {
    const failed = notification('SYNC_FAILED', 5);
    const completed = notification('SYNC_COMPLETED', 59);
    expect(selectSyncNotification([failed, completed], NOW)).to.equal(completed);

    const oldCompleted = notification('SYNC_COMPLETED', 60);
    expect(selectSyncNotification([oldCompleted, failed], NOW)).to.equal(failed);
  });

  it('otherwise the first notification, and nothing for an empty list', () => {
    const info = notification('SYSTEM_INFO', 300);
    const oldFailed = notification('SYNC_FAILED', 61);
    expect(selectSyncNotification([info, oldFailed], NOW)).to.equal(info);
    expect(selectSyncNotification([oldFailed, info], NOW)).to.equal(oldFailed);
    expect(selectSyncNotification([], NOW)).to.equal(null);
  });

  it('takes the first match in the order given', () => {
    const newer = notification('SYNC_IN_PROGRESS', 1);
    const older = notification('SYNC_STARTED', 3);
    expect(selectSyncNotification([newer, older], NOW)).to.equal(newer);
  });
});

describe('sync banner model', () => {
  it('gives a tone per event type: in progress, completed, failed, other', () => {
    expect(syncBannerTone(notification('SYNC_STARTED', 0))).to.equal('in-progress');
    expect(syncBannerTone(notification('SYNC_IN_PROGRESS', 0))).to.equal('in-progress');
    expect(syncBannerTone(notification('SYNC_COMPLETED', 0))).to.equal('completed');
    expect(syncBannerTone(notification('SYNC_FAILED', 0))).to.equal('failed');
    expect(syncBannerTone(notification('SYSTEM_WARNING', 0))).to.equal('other');
    expect(syncBannerTone(notification('DSC_EXPIRING', 0))).to.equal('other');
  });

  it('shows the reported progress, and a quarter when none is known', () => {
    expect(syncBannerModel(notification('SYNC_IN_PROGRESS', 0, { progress: { completed: 3, total: 4 } }), NOW).progress).to.equal(0.75);
    expect(syncBannerModel(notification('SYNC_STARTED', 0), NOW).progress).to.equal(DEFAULT_SYNC_PROGRESS);
    expect(DEFAULT_SYNC_PROGRESS).to.equal(0.25);
    expect(syncBannerModel(notification('SYNC_IN_PROGRESS', 0, { progress: { completed: 0, total: 0 } }), NOW).progress).to.equal(0.25);
    expect(syncBannerModel(notification('SYNC_IN_PROGRESS', 0, { progress: { completed: 9, total: 4 } }), NOW).progress).to.equal(1);
    expect(syncBannerModel(notification('SYNC_COMPLETED', 0, { progress: { completed: 4, total: 4 } }), NOW).progress).to.equal(null);
  });

  it('lists up to 3 failed clients, then how many more, marking invalid credentials', () => {
    const failedClients = [
      { clientName: 'Kaveri Textiles', error: 'Invalid credentials for the GST portal' },
      { clientName: 'Deccan Spices', error: 'Portal timed out' },
      { clientName: 'Nilgiri Exports', error: 'INVALID CREDENTIALS' },
      { clientName: 'Ganesh Traders', error: 'Invalid credentials' },
      { clientName: 'Meera Krishnan', error: 'Captcha failed' },
    ];
    const model = syncBannerModel(notification('SYNC_FAILED', 0, { failedClients }), NOW);
    expect(model.failedClients).to.deep.equal([
      { clientName: 'Kaveri Textiles', invalidCredentials: true },
      { clientName: 'Deccan Spices', invalidCredentials: false },
      { clientName: 'Nilgiri Exports', invalidCredentials: true },
    ]);
    expect(model.moreFailedClients).to.equal(2);
  });

  it('lists failed clients of a completed sync too, and none for a running one', () => {
    const failedClients = [{ clientName: 'Deccan Spices', error: 'Portal timed out' }];
    const completed = syncBannerModel(notification('SYNC_COMPLETED', 0, { failedClients }), NOW);
    expect(completed.failedClients).to.deep.equal([{ clientName: 'Deccan Spices', invalidCredentials: false }]);
    expect(completed.moreFailedClients).to.equal(0);
    expect(syncBannerModel(notification('SYNC_IN_PROGRESS', 0, { failedClients }), NOW).failedClients).to.deep.equal([]);
  });

  it('labels the age Just now, Nm ago, Nh ago or Nd ago', () => {
    const age = (minutesAgo: number) => syncBannerModel(notification('SYNC_COMPLETED', minutesAgo), NOW).ageLabel;
    expect(age(0)).to.equal('Just now');
    expect(age(0.9)).to.equal('Just now');
    expect(age(1)).to.equal('1m ago');
    expect(age(59)).to.equal('59m ago');
    expect(age(60)).to.equal('1h ago');
    expect(age(23 * 60 + 59)).to.equal('23h ago');
    expect(age(24 * 60)).to.equal('1d ago');
    expect(age(3 * 24 * 60 + 5)).to.equal('3d ago');
    expect(age(-5)).to.equal('Just now');
  });
});
