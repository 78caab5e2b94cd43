import type { Bind, Container } from 'inversify';
import { schedulesPoint, type Contribution, type PluginJob } from '../../../../core/plugin-api';
import { SYNC_CONCURRENCY } from '../../shared/wire';
import { ClientSync, PORTAL_FETCH_TIMEOUT_MS } from './client-sync';
import { DAILY_SYNC_EVERY, DAILY_SYNC_JOB, DailySync } from './daily-sync';
import { NoticeSync, SYNC_CLIENT_JOB, type SyncClientPayload } from './notice-sync';
import { PortalNoticeWriter } from './portal-notice-writer';
import { sandboxSources } from './sandbox-sources';
import { noticeSyncSettings } from './settings';
import { SyncStatusStreams } from './sync-status-streams';

export { noticeSyncRoutes } from './sync-routes';

/** The portal sync's services. */
export function bindNoticeSync(bind: Bind): void {
  bind(NoticeSync).toSelf().inSingletonScope();
  bind(ClientSync).toSelf().inSingletonScope();
  bind(PortalNoticeWriter).toSelf().inSingletonScope();
  bind(DailySync).toSelf().inSingletonScope();
  bind(SyncStatusStreams).toSelf().inSingletonScope();
}

/** The settings, the sandbox portal's connectors and the daily sync's schedule. */
export const noticeSyncContributions: Contribution[] = [
  noticeSyncSettings,
  ...sandboxSources,
  schedulesPoint.contribute({ name: DAILY_SYNC_JOB, every: DAILY_SYNC_EVERY, perWorkspace: true }),
];

/** `notices.syncClient` (one login; SYNC_CONCURRENCY at once per worker) and `notices.dailySync`. */
export function noticeSyncJobs(container: Container): PluginJob[] {
  return [
    {
      name: SYNC_CLIENT_JOB,
      concurrency: SYNC_CONCURRENCY,
      retries: 2,
      backoffMs: 10_000,
      // The portal's own time limit, then the writes, the PDFs and the analysis.
      timeoutMs: PORTAL_FETCH_TIMEOUT_MS + 3 * 60_000,
      handler: (payload, context) => container.get(ClientSync).run(payload as unknown as SyncClientPayload, context),
    },
    {
      name: DAILY_SYNC_JOB,
      retries: 2,
      backoffMs: 60_000,
      timeoutMs: 5 * 60_000,
      handler: async (payload) => ({ outcome: await container.get(DailySync).run(payload.workspaceId) }),
    },
  ];
}
