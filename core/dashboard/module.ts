import { ContainerModule } from 'inversify';
import type { CoreModule } from '../plugins/core-module';
import { dashboardRoutes } from './dashboard-routes';
import { DashboardService } from './dashboard-service';

/** The dashboard's figures, recent lists and charts, gathered from the core and the enabled plugins. */
export const dashboardModule: CoreModule = {
  id: 'dashboard',
  containerModule: new ContainerModule(({ bind }) => {
    bind(DashboardService).toSelf();
  }),
  apiRoutes: dashboardRoutes,
};
