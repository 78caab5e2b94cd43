import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { pluginManifestSchema } from '../../plugin-api/manifest';
import type { Role } from '../../platform/identity';
import type { PluginPermissionTable } from '../../plugins/plugin-registry';
import { PermissionService } from '../permissions';

/** The documents plugin's own manifest, as the host reads it. */
function documentsPermissions(): PluginPermissionTable {
  const file = path.resolve(import.meta.dirname, '../../../plugins/documents/plugin.json');
  const manifest = pluginManifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return Object.fromEntries(Object.entries(manifest.permissions).map(([name, roles]) => [name, { pluginId: manifest.id, roles }]));
}

describe('permission matrix', () => {
  const DOCUMENTS = 'documents';
  const permissions = new PermissionService({
    delete_documents: { pluginId: DOCUMENTS, roles: ['OWNER', 'ADMIN'] },
    view_storage: { pluginId: DOCUMENTS, roles: ['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT'] },
    'gate-fixture.write_notes': { pluginId: 'gate-fixture', roles: ['OWNER', 'EMPLOYEE'] },
  });
  const everyPlugin = new Set([DOCUMENTS, 'gate-fixture']);

  it('grants the core permissions of the spec and the workspace administration', () => {
    const table: Record<string, Record<string, boolean>> = {
      manage_clients: { OWNER: true, ADMIN: true, EMPLOYEE: false, CLIENT: false },
      add_client_notes: { OWNER: true, ADMIN: true, EMPLOYEE: true, CLIENT: false },
      view_client_notes: { OWNER: true, ADMIN: true, EMPLOYEE: true, CLIENT: false },
      view_client_credentials: { OWNER: true, ADMIN: true, EMPLOYEE: true, CLIENT: false },
      manage_members: { OWNER: true, ADMIN: true, EMPLOYEE: false, CLIENT: false },
      manage_owners: { OWNER: true, ADMIN: false, EMPLOYEE: false, CLIENT: false },
      delete_workspace: { OWNER: true, ADMIN: false, EMPLOYEE: false, CLIENT: false },
    };
    for (const [permission, roles] of Object.entries(table)) {
      for (const [role, allowed] of Object.entries(roles)) {
        expect(permissions.can(role as 'OWNER', permission), `${role} ${permission}`).to.equal(allowed);
      }
    }
  });

  it('grants the spec section 6 table exactly, from the core and the documents manifest', () => {
    const matrix = new PermissionService(documentsPermissions());
    const spec: Record<string, Role[]> = {
      delete_documents: ['OWNER', 'ADMIN'],
      assign_client: ['OWNER', 'ADMIN', 'EMPLOYEE'],
      manage_clients: ['OWNER', 'ADMIN'],
      manage_storage: ['OWNER', 'ADMIN'],
      view_storage: ['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT'],
      upload: ['OWNER', 'ADMIN', 'EMPLOYEE'],
    };
    for (const [permission, holders] of Object.entries(spec)) {
      for (const role of ['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT'] as const) {
        expect(matrix.can(role, permission), `${role} ${permission}`).to.equal(holders.includes(role));
      }
    }
  });

  it('grants nothing until the role is known', () => {
    expect(permissions.can(null, 'view_storage')).to.equal(false);
    expect(permissions.can(undefined, 'view_storage')).to.equal(false);
    expect(permissions.permissionsOf(null, everyPlugin)).to.deep.equal([]);
  });

  it('adds permissions declared by plugins, and refuses to redefine a core one', () => {
    expect(permissions.can('EMPLOYEE', 'gate-fixture.write_notes')).to.equal(true);
    expect(permissions.can('ADMIN', 'gate-fixture.write_notes')).to.equal(false);
    expect(() => new PermissionService({ manage_clients: { pluginId: 'crm', roles: ['CLIENT'] } })).to.throw(/cannot be redefined/);
  });

  it('lists a member the core permissions and those of the plugins on for the workspace, by name', () => {
    expect(permissions.permissionsOf('EMPLOYEE', everyPlugin)).to.deep.equal([
      'add_client_notes',
      'gate-fixture.write_notes',
      'view_client_credentials',
      'view_client_notes',
      'view_storage',
    ]);
    expect(permissions.permissionsOf('EMPLOYEE', new Set(['gate-fixture']))).to.deep.equal([
      'add_client_notes',
      'gate-fixture.write_notes',
      'view_client_credentials',
      'view_client_notes',
    ]);
    expect(permissions.permissionsOf('CLIENT', new Set())).to.deep.equal([]);
  });

  it('fails loudly on an unknown permission instead of granting or refusing silently', () => {
    expect(() => permissions.can('OWNER', 'launch_rockets')).to.throw(/Unknown permission/);
  });
});
