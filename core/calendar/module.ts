import { ContainerModule } from 'inversify';
import type { CoreModule } from '../plugins/core-module';
import { calendarRoutes } from './calendar-routes';
import { CalendarService } from './calendar-service';

/** The calendar of dated items from the core's and the enabled plugins' sources. */
export const calendarModule: CoreModule = {
  id: 'calendar',
  containerModule: new ContainerModule(({ bind }) => {
    bind(CalendarService).toSelf();
  }),
  apiRoutes: calendarRoutes,
};
