import type { Role } from '../platform/identity';
import type { PluginPermissionTable } from '../plugins/plugin-registry';

/** `ADMIN` as a sentence shows it: `Admin`. */
export const roleLabel = (role: Role) => role.charAt(0) + role.slice(1).toLowerCase();

const administrators: readonly Role[] = ['OWNER', 'ADMIN'];
const staff: readonly Role[] = ['OWNER', 'ADMIN', 'EMPLOYEE'];

/** The core's own permissions. A plugin's permissions are declared in its manifest and named `<pluginId>.<verb>`. */
export const CORE_PERMISSIONS: Readonly<Record<string, readonly Role[]>> = {
  // Spec 1 section 6.
  manage_clients: administrators,
  // Clients (spec 1 section 2.9): the firm's staff keep notes on a client; the client's own people do not.
  add_client_notes: staff,
  // A CLIENT member sees their own clients' records, never what the firm keeps about them (issue 12 item 8).
  view_client_notes: staff,
  view_client_credentials: staff,
  // Workspace administration.
  manage_workspace: administrators,
  manage_members: administrators,
  // Granting the OWNER role, and changing or removing an owner.
  manage_owners: ['OWNER'],
  manage_plugins: administrators,
  delete_workspace: ['OWNER'],
};

/** Answers "may this role do that"; an unknown role (not yet fetched, or none) is granted nothing. */
export class PermissionService {
  private readonly rolesOf: Readonly<Record<string, readonly Role[]>>;
  private readonly pluginOf: ReadonlyMap<string, string>;

  constructor(pluginPermissions: PluginPermissionTable = {}) {
    for (const name of Object.keys(pluginPermissions)) {
      if (Object.hasOwn(CORE_PERMISSIONS, name)) throw new Error(`Permission ${name} is defined by the core and cannot be redefined by a plugin`);
    }
    this.rolesOf = {
      ...CORE_PERMISSIONS,
      ...Object.fromEntries(Object.entries(pluginPermissions).map(([name, { roles }]) => [name, roles])),
    };
    this.pluginOf = new Map(Object.entries(pluginPermissions).map(([name, { pluginId }]) => [name, pluginId]));
  }

  has(name: string): boolean {
    return Object.hasOwn(this.rolesOf, name);
  }

  /** The role's grant alone: a plugin's routes are already closed (404) where the plugin is off. */
  can(role: Role | null | undefined, permission: string): boolean {
    if (!role) return false;
    if (!this.has(permission)) throw new Error(`Unknown permission ${permission}`);
    return this.rolesOf[permission].includes(role);
  }

  /** A member's effective permissions: the core's and those of the plugins switched on for the workspace, by name. */
  permissionsOf(role: Role | null | undefined, enabledPlugins: ReadonlySet<string>): string[] {
    if (!role) return [];
    return Object.entries(this.rolesOf)
      .filter(([name, roles]) => roles.includes(role) && this.isInForce(name, enabledPlugins))
      .map(([name]) => name)
      .sort();
  }

  private isInForce(permission: string, enabledPlugins: ReadonlySet<string>): boolean {
    const pluginId = this.pluginOf.get(permission);
    return pluginId === undefined || enabledPlugins.has(pluginId);
  }
}
