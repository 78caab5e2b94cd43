import { ContainerModule } from 'inversify';
import { definePlugin, notificationEventTypesPoint, type PluginRouter } from '../../../core/plugin-api';
import { AI_WAIT_MS, NOTICE_EVENT_TYPES } from '../shared/wire';
import { NOTICE_AI_OPTIONS, type NoticeAiOptions } from './ai/ai-job';
import { noticeAiRoutes } from './ai/ai-routes';
import { NoticeAi } from './ai/notice-ai';
import { AutomaticPriorityRefresh } from './ai/priority-refresh';
import { BookkeepingRetention } from './bookkeeping-retention';
import { seedDemoNotices } from './demo-seed';
import { NoticesDigest } from './digest/notices-digest';
import { digestRoutes } from './digest/digest-routes';
import { noticeImportRoutes } from './import/import-routes';
import { noticeJobs, noticeSchedules } from './jobs';
import { NoticeService } from './notice-service';
import { noticeProviderContributions } from './providers';
import { NoticeReminders } from './reminders';
import { noticeRoutes } from './routes';
import { noticeSatelliteRoutes } from './satellites/satellite-routes';
import { bindNoticeSync, noticeSyncContributions, noticeSyncRoutes } from './sync';
import { noticeSourcesPoint } from './tokens';

export default definePlugin({
  id: 'notices',
  containerModule: new ContainerModule(({ bind }) => {
    bind(NoticeService).toSelf().inSingletonScope();
    bind(NoticeReminders).toSelf().inSingletonScope();
    bind(AutomaticPriorityRefresh).toSelf().inSingletonScope();
    bind(NoticeAi).toSelf().inSingletonScope();
    bind<NoticeAiOptions>(NOTICE_AI_OPTIONS).toConstantValue({ waitMs: AI_WAIT_MS });
    bind(NoticesDigest).toSelf().inSingletonScope();
    bind(BookkeepingRetention).toSelf().inSingletonScope();
    bindNoticeSync(bind);
  }),
  routes: (router: PluginRouter) => {
    // Fixed paths (`notices/upload`, `notices/filter-preference`) go before `notices/:noticeId`.
    noticeImportRoutes(router);
    noticeAiRoutes(router);
    noticeSyncRoutes(router);
    digestRoutes(router);
    noticeSatelliteRoutes(router);
    noticeRoutes(router);
  },
  jobs: noticeJobs,
  extensionPoints: [noticeSourcesPoint],
  contributes: [
    notificationEventTypesPoint.contribute([...NOTICE_EVENT_TYPES]),
    ...noticeSchedules,
    ...noticeProviderContributions,
    ...noticeSyncContributions,
  ],
  seedDemo: seedDemoNotices,
});
