import { expect } from 'chai';
import { PermissionService } from '../permissions';

describe('permission matrix', () => {
  const permissions = new PermissionService({ write_fixture_notes: ['OWNER', 'EMPLOYEE'] });

  it('grants the spec section 6 table exactly', () => {
    const spec: Record<string, Record<string, boolean>> = {
      delete_documents: { OWNER: true, ADMIN: true, EMPLOYEE: false, CLIENT: false },
      assign_client: { OWNER: true, ADMIN: true, EMPLOYEE: true, CLIENT: false },
      manage_clients: { OWNER: true, ADMIN: true, EMPLOYEE: false, CLIENT: false },
      manage_storage: { OWNER: true, ADMIN: true, EMPLOYEE: false, CLIENT: false },
      view_storage: { OWNER: true, ADMIN: true, EMPLOYEE: true, CLIENT: true },
      upload: { OWNER: true, ADMIN: true, EMPLOYEE: true, CLIENT: false },
    };
    for (const [permission, roles] of Object.entries(spec)) {
      for (const [role, allowed] of Object.entries(roles)) {
        expect(permissions.can(role as 'OWNER', permission), `${role} ${permission}`).to.equal(allowed);
      }
    }
  });

  it('grants nothing until the role is known', () => {
    expect(permissions.can(null, 'view_storage')).to.equal(false);
    expect(permissions.can(undefined, 'view_storage')).to.equal(false);
    expect(permissions.permissionsOf(null)).to.deep.equal([]);
  });

  it('adds permissions declared by plugins, and refuses to redefine a core one', () => {
    expect(permissions.can('EMPLOYEE', 'write_fixture_notes')).to.equal(true);
    expect(permissions.can('ADMIN', 'write_fixture_notes')).to.equal(false);
    expect(() => new PermissionService({ upload: ['CLIENT'] })).to.throw(/cannot be redefined/);
  });

  it('fails loudly on an unknown permission instead of granting or refusing silently', () => {
    expect(() => permissions.can('OWNER', 'launch_rockets')).to.throw(/Unknown permission/);
  });
});
