import { ContainerModule } from 'inversify';
import { definePlugin, notificationEventTypesPoint, type PluginRouter } from '../../../core/plugin-api';
import { NOTICE_EVENT_TYPES } from '../shared/wire';
import { seedDemoNotices } from './demo-seed';
import { noticeImportRoutes } from './import/import-routes';
import { noticeJobs, noticeSchedules } from './jobs';
import { NoticeService } from './notice-service';
import { noticeProviderContributions } from './providers';
import { NoticeReminders } from './reminders';
import { noticeRoutes } from './routes';
import { noticeSatelliteRoutes } from './satellites/satellite-routes';

export default definePlugin({
  id: 'notices',
  containerModule: new ContainerModule(({ bind }) => {
    bind(NoticeService).toSelf().inSingletonScope();
    bind(NoticeReminders).toSelf().inSingletonScope();
  }),
  routes: (router: PluginRouter) => {
    // Fixed paths (`notices/upload`, `notices/filter-preference`) go before `notices/:noticeId`.
    noticeImportRoutes(router);
    noticeSatelliteRoutes(router);
    noticeRoutes(router);
  },
  jobs: noticeJobs,
  contributes: [notificationEventTypesPoint.contribute([...NOTICE_EVENT_TYPES]), ...noticeSchedules, ...noticeProviderContributions],
  seedDemo: seedDemoNotices,
});
