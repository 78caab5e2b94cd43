export const ROLES = ['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT'] as const;
export type Role = (typeof ROLES)[number];

/** `ADMIN` as a sentence shows it: `Admin`. */
export const roleLabel = (role: Role) => role.charAt(0) + role.slice(1).toLowerCase();

const everyone: readonly Role[] = ROLES;
const administrators: readonly Role[] = ['OWNER', 'ADMIN'];
const staff: readonly Role[] = ['OWNER', 'ADMIN', 'EMPLOYEE'];

/** The one role/permission table of the core. Plugins add their own permissions through their manifests. */
export const CORE_PERMISSIONS: Readonly<Record<string, readonly Role[]>> = {
  // Spec 1 section 6.
  delete_documents: administrators,
  assign_client: staff,
  manage_clients: administrators,
  manage_storage: administrators,
  view_storage: everyone,
  upload: staff,
  // Clients (spec 1 section 2.9): the firm's staff keep notes on a client; the client's own people do not.
  add_client_notes: staff,
  // Workspace administration.
  manage_workspace: administrators,
  manage_members: administrators,
  manage_plugins: administrators,
  delete_workspace: ['OWNER'],
};

export type PermissionTable = Readonly<Record<string, readonly Role[]>>;

/** Answers "may this role do that"; an unknown role (not yet fetched, or none) is granted nothing. */
export class PermissionService {
  private readonly table: PermissionTable;

  constructor(pluginPermissions: PermissionTable = {}) {
    for (const name of Object.keys(pluginPermissions)) {
      if (name in CORE_PERMISSIONS) throw new Error(`Permission ${name} is defined by the core and cannot be redefined by a plugin`);
    }
    this.table = { ...CORE_PERMISSIONS, ...pluginPermissions };
  }

  has(name: string): boolean {
    return name in this.table;
  }

  can(role: Role | null | undefined, permission: string): boolean {
    if (!role) return false;
    const roles = this.table[permission];
    if (!roles) throw new Error(`Unknown permission ${permission}`);
    return roles.includes(role);
  }

  permissionsOf(role: Role | null | undefined): string[] {
    if (!role) return [];
    return Object.entries(this.table)
      .filter(([, roles]) => roles.includes(role))
      .map(([name]) => name)
      .sort();
  }
}
