import { ContainerModule } from 'inversify';
import type { CoreModule } from '../plugins/core-module';
import { TOKENS } from '../platform/tokens';
import { ContributionsService } from './contributions-service';

/** Reading the core's and the plugins' contributions to extension points (`TOKENS.Contributions`). */
export const extensionsModule: CoreModule = {
  id: 'extensions',
  containerModule: new ContainerModule(({ bind }) => {
    bind(TOKENS.Contributions).to(ContributionsService);
  }),
};
