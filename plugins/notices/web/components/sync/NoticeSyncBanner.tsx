import { useEffect, useState } from 'react';
import { SyncBanner } from '@axal/web-sdk/sync-banner';
import type { SyncNotificationsState } from '../../sync-api';
import './sync.css';

/** The banner's ages ('5m ago') and windows (15 and 60 minutes) move on this often even without news. */
const AGE_TICK_MS = 30_000;

/** The state of the workspace's latest notice sync above the filters (spec 2 sections 2.9 and 4). */
export function NoticeSyncBanner({ feed }: { feed: SyncNotificationsState }) {
  // The banner measures ages from the time of each drawing; this only makes it draw again now and then.
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return <SyncBanner notifications={feed.notifications} isLoading={feed.loading} className="notices-sync-banner" />;
}
