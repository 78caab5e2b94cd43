import { ContainerModule } from 'inversify';
import type { CoreModule } from '../plugins/core-module';
import { TOKENS } from '../platform/tokens';
import { notificationRoutes, notificationStreamRoutes } from './notification-routes';
import { NotificationService } from './notification-service';
import { NotificationStreams } from './notification-streams';

/** Per-member notifications (`TOKENS.Notifications`) and their server-sent streams. */
export const notificationsModule: CoreModule = {
  id: 'notifications',
  containerModule: new ContainerModule(({ bind }) => {
    bind(TOKENS.Notifications).to(NotificationService);
    bind(NotificationStreams).toSelf();
  }),
  apiRoutes: notificationRoutes,
  streams: {
    routes: notificationStreamRoutes,
    close: (container) => container.get(NotificationStreams).close(),
  },
  // A signed-out browser's open streams end too, in every web process.
  signOutHandler: (container) => container.get(NotificationStreams).endStreamsOnSignOut(),
};
