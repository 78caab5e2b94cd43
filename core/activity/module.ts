import { ContainerModule } from 'inversify';
import type { CoreModule } from '../plugins/core-module';
import { TOKENS } from '../platform/tokens';
import { ActivityService } from './activity-service';

/** The audit trail every domain and plugin writes to (`TOKENS.Activity`). */
export const activityModule: CoreModule = {
  id: 'activity',
  containerModule: new ContainerModule(({ bind }) => {
    bind(TOKENS.Activity).to(ActivityService);
  }),
};
