import { ContainerModule } from 'inversify';
import type { CoreModule } from '../plugins/core-module';
import { searchRoutes } from './search-routes';
import { SearchService } from './search-service';

/** The global search across the core's and the enabled plugins' search providers. */
export const searchModule: CoreModule = {
  id: 'search',
  containerModule: new ContainerModule(({ bind }) => {
    bind(SearchService).toSelf();
  }),
  apiRoutes: searchRoutes,
};
