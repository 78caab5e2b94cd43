import express from 'express';
import { ContainerModule } from 'inversify';
import type { CoreModule } from '../plugins/core-module';
import type { PluginRegistry } from '../plugins/plugin-registry';
import { TOKENS } from '../platform/tokens';
import { invitationRoutes } from './invitation-routes';
import { InvitationAcceptance } from './invitations';
import { MemberClientsService } from './member-clients';
import { memberClientsRoutes } from './member-clients-routes';
import { PermissionService } from './permissions';
import { pluginSettingsRoutes } from './plugin-settings-routes';
import { WorkspaceDirectory } from './workspace-directory';
import { WorkspacePluginsService } from './workspace-plugins';
import { workspaceRoutes } from './workspace-routes';
import { WorkspaceService } from './workspace-service';

/** Workspaces, members and invitations, the role/permission matrix and each workspace's plugin switches. */
export const workspacesModule: CoreModule = {
  id: 'workspaces',
  containerModule: new ContainerModule(({ bind }) => {
    bind(WorkspaceService).toSelf();
    bind(MemberClientsService).toSelf();
    bind(InvitationAcceptance).toSelf();
    bind(TOKENS.WorkspacePlugins).to(WorkspacePluginsService);
    bind(TOKENS.Workspaces).to(WorkspaceDirectory);
    // The matrix holds the installed plugins' permissions next to the core's.
    bind(TOKENS.Permissions).toDynamicValue((context) => new PermissionService(context.get<PluginRegistry>(TOKENS.PluginRegistry).permissionTable()));
  }),
  apiRoutes: (container) =>
    express.Router().use(workspaceRoutes(container), memberClientsRoutes(container), pluginSettingsRoutes(container), invitationRoutes(container)),
};
