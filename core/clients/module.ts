import { ContainerModule } from 'inversify';
import type { CoreModule } from '../plugins/core-module';
import { TOKENS } from '../platform/tokens';
import { clientContributions } from './client-contributions';
import { ClientDirectory } from './client-directory';
import { clientLargeBodyRoutes, clientRoutes, clientTemplateRoutes } from './client-routes';
import { ClientService } from './client-service';
import { CredentialImportService } from './credential-import-service';
import { CredentialService } from './credential-service';
import { clientSecretColumns } from './secret-columns';

/** Clients, their notes and portal credentials, the bulk imports, and the client directory plugins ask (`TOKENS.Clients`). */
export const clientsModule: CoreModule = {
  id: 'clients',
  containerModule: new ContainerModule(({ bind }) => {
    bind(ClientService).toSelf();
    bind(CredentialService).toSelf();
    bind(CredentialImportService).toSelf();
    bind(TOKENS.Clients).to(ClientDirectory);
  }),
  apiRoutes: clientRoutes,
  appRoutes: clientTemplateRoutes,
  largeBodyRoutes: clientLargeBodyRoutes,
  jobs: (container) => [container.get(CredentialImportService).job()],
  contributes: [...clientContributions, ...clientSecretColumns],
};
