import type { Request } from 'express';
import type { Container } from 'inversify';
import { requireMembership, requireUser } from '../platform/http';
import { TOKENS } from '../platform/tokens';
import type { MemberContext } from '../plugin-api/extension-points';
import type { PluginSettings } from '../plugin-settings/plugin-settings-service';
import type { PermissionService } from '../workspaces/permissions';

/** The member a request asks for, as the providers of each plugin see them. */
export interface AskingMember {
  workspaceId: number;
  /** The context one plugin's providers receive: its `settings()` reads that plugin's own settings. */
  contextFor(pluginId: string): MemberContext;
}

/** For routes behind the session and membership gates: who is asking, in which workspace, holding which permissions. */
export function askingMemberOf(container: Container): (req: Request) => AskingMember {
  const permissions = container.get<PermissionService>(TOKENS.Permissions);
  const settings = container.get<PluginSettings>(TOKENS.PluginSettings);
  return (req) => {
    const { workspace, role } = requireMembership(req);
    const user = requireUser(req);
    const member = { userId: user.id, email: user.email, role };
    const can = (permission: string) => permissions.can(role, permission);
    return {
      workspaceId: workspace.id,
      contextFor: (pluginId) => ({
        workspace,
        member,
        can,
        settings: <T>(id = pluginId) => settings.read<T>(workspace.id, id),
        container,
      }),
    };
  };
}
