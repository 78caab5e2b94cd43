import { expect } from 'chai';
import type { Response } from 'supertest';
import { createWorkspace, memberWithRole, uniqueEmail, workspaceWithEveryRole, type TestSession } from '../../plugin-api/testing/http';
import type { Role } from '../../platform/identity';
import { call, dataOfWorkspace, db, internalIdOf, NO_PERMISSION } from './support';

const DOCUMENTS_PERMISSIONS = ['assign_client', 'delete_documents', 'manage_storage', 'upload', 'view_storage'];

/** Spec 1 section 6, the workspace administration permissions, the tasks and notices plugins', and the one permission of the gate-fixture test plugin. */
const PERMISSIONS_OF: Record<Role, string[]> = {
  OWNER: [
    'add_client_notes',
    'assign_client',
    'delete_documents',
    'delete_workspace',
    'gate-fixture.write_notes',
    'manage_clients',
    'manage_members',
    'manage_owners',
    'manage_plugins',
    'manage_storage',
    'manage_workspace',
    'notices.create',
    'notices.delete',
    'notices.edit',
    'notices.import',
    'tasks.comment',
    'tasks.create',
    'tasks.delete',
    'tasks.edit',
    'upload',
    'view_client_credentials',
    'view_client_notes',
    'view_storage',
  ],
  ADMIN: [
    'add_client_notes',
    'assign_client',
    'delete_documents',
    'gate-fixture.write_notes',
    'manage_clients',
    'manage_members',
    'manage_plugins',
    'manage_storage',
    'manage_workspace',
    'notices.create',
    'notices.delete',
    'notices.edit',
    'notices.import',
    'tasks.comment',
    'tasks.create',
    'tasks.delete',
    'tasks.edit',
    'upload',
    'view_client_credentials',
    'view_client_notes',
    'view_storage',
  ],
  EMPLOYEE: [
    'add_client_notes',
    'assign_client',
    'gate-fixture.write_notes',
    'notices.create',
    'notices.edit',
    'notices.import',
    'tasks.comment',
    'tasks.create',
    'tasks.edit',
    'upload',
    'view_client_credentials',
    'view_client_notes',
    'view_storage',
  ],
  CLIENT: ['tasks.comment', 'view_storage'],
};

interface Stage {
  workspaceId: string;
  /** Members the role under test may change or remove, so its own seat and the owners stay untouched. */
  roleTarget: string;
  removalTarget: string;
  invitationId: string;
}

interface Action {
  name: string;
  allowed: Role[];
  refusal: { error: string };
  run(actor: TestSession, stage: Stage): Promise<Response>;
  succeeds(response: Response, stage: Stage): void;
}

/** In the order they run: deleting the workspace comes last. */
const ACTIONS: Action[] = [
  {
    name: 'rename the workspace',
    allowed: ['OWNER', 'ADMIN'],
    refusal: NO_PERMISSION,
    run: (actor, stage) => call(actor, 'patch', `/workspaces/${stage.workspaceId}`, { name: 'Renamed Firm' }),
    succeeds: (response, stage) => expect(response.body).to.deep.equal({ externalId: stage.workspaceId, name: 'Renamed Firm' }),
  },
  {
    name: 'add a member',
    allowed: ['OWNER', 'ADMIN'],
    refusal: NO_PERMISSION,
    run: (actor, stage) => call(actor, 'post', `/workspaces/${stage.workspaceId}/members`, { email: uniqueEmail('added'), role: 'EMPLOYEE' }),
    succeeds: (response) => {
      expect(response.status).to.equal(202);
      expect(response.body.invitation.role).to.equal('EMPLOYEE');
    },
  },
  {
    name: 'change a role',
    allowed: ['OWNER', 'ADMIN'],
    refusal: NO_PERMISSION,
    run: (actor, stage) => call(actor, 'patch', `/workspaces/${stage.workspaceId}/members/${stage.roleTarget}`, { role: 'CLIENT' }),
    succeeds: (response, stage) => expect(response.body.member).to.include({ externalId: stage.roleTarget, role: 'CLIENT' }),
  },
  {
    name: 'remove a member',
    allowed: ['OWNER', 'ADMIN'],
    refusal: NO_PERMISSION,
    run: (actor, stage) => call(actor, 'delete', `/workspaces/${stage.workspaceId}/members/${stage.removalTarget}`),
    succeeds: (response) => expect(response.status).to.equal(204),
  },
  {
    name: 'revoke an invitation',
    allowed: ['OWNER', 'ADMIN'],
    refusal: NO_PERMISSION,
    run: (actor, stage) => call(actor, 'delete', `/workspaces/${stage.workspaceId}/invitations/${stage.invitationId}`),
    succeeds: (response) => expect(response.status).to.equal(204),
  },
  {
    name: 'read the activity log',
    allowed: ['OWNER', 'ADMIN'],
    refusal: NO_PERMISSION,
    run: (actor, stage) => call(actor, 'get', `/workspaces/${stage.workspaceId}/activity`),
    succeeds: (response) => expect(response.body.activity).to.be.an('array').that.is.not.empty,
  },
  {
    name: 'switch a plugin',
    allowed: ['OWNER', 'ADMIN'],
    refusal: { error: 'Only owners and admins can switch plugins' },
    run: (actor, stage) => call(actor, 'put', `/workspaces/${stage.workspaceId}/plugins/gate-fixture`, { enabled: false }),
    succeeds: (response) => expect(response.body.plugin).to.include({ id: 'gate-fixture', enabled: false }),
  },
  {
    name: 'delete the workspace',
    allowed: ['OWNER'],
    refusal: { error: 'Only the workspace owner can delete this workspace' },
    run: async (actor, stage) => {
      const { name } = await db()('workspaces').where({ external_id: stage.workspaceId }).first('name');
      return call(actor, 'delete', `/workspaces/${stage.workspaceId}`, { confirmation: name });
    },
    // Admin, employee, client and the member whose role changed; the removed member is gone by then.
    succeeds: (response) => expect(response.body).to.deep.equal({ affectedMembers: 4, redirectUrl: '/axal/workspace-deleted' }),
  },
];

const SUCCESS_STATUS = [200, 201, 202, 204];

describe('workspace role matrix', () => {
  const roles: Role[] = ['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT'];

  for (const role of roles) {
    describe(`as ${role}`, () => {
      let actor: TestSession;
      let stage: Stage;

      before(async () => {
        const { workspace, sessions } = await workspaceWithEveryRole();
        const owner = sessions.OWNER;
        actor = sessions[role];
        const [roleTarget, removalTarget] = await Promise.all([
          memberWithRole(owner, workspace.externalId, 'EMPLOYEE'),
          memberWithRole(owner, workspace.externalId, 'EMPLOYEE'),
        ]);
        const invited = await call(owner, 'post', `/workspaces/${workspace.externalId}/members`, {
          email: uniqueEmail('invited'),
          role: 'CLIENT',
        }).expect(202);
        stage = {
          workspaceId: workspace.externalId,
          roleTarget: roleTarget.user.externalId,
          removalTarget: removalTarget.user.externalId,
          invitationId: invited.body.invitation.externalId,
        };
      });

      it(`reads its role and exactly the permissions of ${role}`, async () => {
        const response = await call(actor, 'get', `/workspaces/${stage.workspaceId}/role`).expect(200);
        expect(response.body).to.deep.equal({ role, permissions: PERMISSIONS_OF[role] });
      });

      for (const action of ACTIONS) {
        if (action.allowed.includes(role)) {
          it(`may ${action.name}`, async () => {
            const response = await action.run(actor, stage);
            expect(SUCCESS_STATUS, JSON.stringify(response.body)).to.include(response.status);
            action.succeeds(response, stage);
          });
        } else {
          it(`may not ${action.name}: 403 and nothing changes`, async () => {
            const before = await dataOfWorkspace(await internalIdOf(stage.workspaceId));
            const response = await action.run(actor, stage);
            expect(response.status).to.equal(403);
            expect(response.body).to.deep.equal(action.refusal);
            expect(await dataOfWorkspace(await internalIdOf(stage.workspaceId))).to.deep.equal(before);
          });
        }
      }
    });
  }
});

describe('effective permissions of a workspace', () => {
  const roles: Role[] = ['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT'];
  const permissionsOf = async (session: TestSession, workspaceId: string) =>
    (await call(session, 'get', `/workspaces/${workspaceId}/role`).expect(200)).body.permissions as string[];
  const switchPlugin = (owner: TestSession, workspaceId: string, pluginId: string, enabled: boolean) =>
    call(owner, 'put', `/workspaces/${workspaceId}/plugins/${pluginId}`, { enabled }).expect(200);

  it('leave out the permissions of a plugin switched off for the workspace, and bring them back with it', async () => {
    const { workspace, sessions } = await workspaceWithEveryRole();
    const id = workspace.externalId;
    await switchPlugin(sessions.OWNER, id, 'documents', false);
    for (const role of roles) {
      expect(await permissionsOf(sessions[role], id), role).to.deep.equal(
        PERMISSIONS_OF[role].filter((name) => !DOCUMENTS_PERMISSIONS.includes(name)),
      );
    }
    await switchPlugin(sessions.OWNER, id, 'gate-fixture', false);
    expect(await permissionsOf(sessions.EMPLOYEE, id)).to.deep.equal([
      'add_client_notes',
      'notices.create',
      'notices.edit',
      'notices.import',
      'tasks.comment',
      'tasks.create',
      'tasks.edit',
      'view_client_credentials',
      'view_client_notes',
    ]);
    expect(await permissionsOf(sessions.CLIENT, id)).to.deep.equal(['tasks.comment']);

    await switchPlugin(sessions.OWNER, id, 'documents', true);
    await switchPlugin(sessions.OWNER, id, 'gate-fixture', true);
    for (const role of roles) expect(await permissionsOf(sessions[role], id), role).to.deep.equal(PERMISSIONS_OF[role]);
  });

  it("are per workspace: a switch in one workspace leaves the same member's other workspace alone", async () => {
    const { workspace, sessions } = await workspaceWithEveryRole();
    const { externalId: other } = await createWorkspace(sessions.EMPLOYEE);
    await switchPlugin(sessions.OWNER, workspace.externalId, 'documents', false);
    expect(await permissionsOf(sessions.EMPLOYEE, workspace.externalId)).to.not.include('upload');
    expect(await permissionsOf(sessions.EMPLOYEE, other)).to.deep.equal(PERMISSIONS_OF.OWNER);
  });
});
