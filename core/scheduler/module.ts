import { ContainerModule } from 'inversify';
import type { CoreModule } from '../plugins/core-module';
import { TOKENS } from '../platform/tokens';
import { Scheduler } from './scheduler';

/** The plugins' recurring jobs (`TOKENS.Scheduler`); the host starts it in the worker role. */
export const schedulerModule: CoreModule = {
  id: 'scheduler',
  containerModule: new ContainerModule(({ bind }) => {
    bind(TOKENS.Scheduler).to(Scheduler);
  }),
};
