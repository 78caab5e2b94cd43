import { expect } from 'chai';
import { API, createWorkspace, memberWithRole, signedInUser, uniqueEmail, type TestSession } from '../../plugin-api/testing/http';
import type { Role } from '../../platform/identity';
import { call, dataOfWorkspace, db, internalIdOf, WORKSPACE_NOT_FOUND, workspaceScopedTables, type Method } from './support';

const INVALID_CONFIRMATION = { error: 'Invalid confirmation' };
const OWNER_ONLY = { error: 'Only the workspace owner can delete this workspace' };

/** The two spellings of the delete call (spec 1 section 7). */
const DELETE_CALLS: { label: string; method: Method; path: (workspaceId: string) => string }[] = [
  { label: 'DELETE /workspaces/:id', method: 'delete', path: (id) => `/workspaces/${id}` },
  { label: 'POST /workspaces/:id/delete', method: 'post', path: (id) => `/workspaces/${id}/delete` },
];

/** A workspace with members of every other role, a pending invitation, a switched plugin and a gate-fixture note. */
async function populatedWorkspace(name: string) {
  const owner = await signedInUser('deleting-owner');
  const workspace = await createWorkspace(owner, name);
  const id = workspace.externalId;
  const members = await Promise.all((['ADMIN', 'EMPLOYEE', 'CLIENT'] as Role[]).map((role) => memberWithRole(owner, id, role)));
  await call(owner, 'post', `/workspaces/${id}/members`, { email: uniqueEmail('pending'), role: 'EMPLOYEE' }).expect(202);
  await call(owner, 'put', `/workspaces/${id}/plugins/fixture-dependent`, { enabled: true }).expect(200);
  await call(owner, 'post', '/gate-fixture/notes', { workspaceId: id, text: 'Keep the GST file' }).expect(201);
  return { owner, workspace, members };
}

describe('deleting a workspace (spec 2.12, 5.9)', () => {
  for (const { label, method, path } of DELETE_CALLS) {
    describe(label, () => {
      let owner: TestSession;
      let members: TestSession[];
      let workspace: { externalId: string; name: string };

      before(async () => {
        ({ owner, workspace, members } = await populatedWorkspace('Mehta Tax Associates'));
      });

      it('refuses any confirmation but the exact name: 400 and nothing deleted', async () => {
        const before = await dataOfWorkspace(await internalIdOf(workspace.externalId));
        expect(before.workspace_members).to.have.length(4);
        expect(before.workspace_invitations).to.have.length(1);
        expect(before.fixture_notes).to.have.length(1);
        const wrong: unknown[] = [
          'mehta tax associates',
          'MEHTA TAX ASSOCIATES',
          ' Mehta Tax Associates',
          'Mehta Tax Associates ',
          'Mehta  Tax Associates',
          'Mehta Tax',
          '',
          workspace.externalId,
        ];
        for (const confirmation of wrong) {
          const response = await call(owner, method, path(workspace.externalId), { confirmation });
          expect(response.status, String(confirmation)).to.equal(400);
          expect(response.body).to.deep.equal(INVALID_CONFIRMATION);
        }
        for (const body of [{}, { confirmation: null }, { confirmation: 42 }, { confirmation: ['Mehta Tax Associates'] }, undefined]) {
          const response = await call(owner, method, path(workspace.externalId), body);
          expect(response.status, JSON.stringify(body)).to.equal(400);
          expect(response.body.error).to.equal('Invalid confirmation');
        }
        expect(await dataOfWorkspace(await internalIdOf(workspace.externalId))).to.deep.equal(before);
      });

      it('refuses every member but an owner: 403 and nothing deleted', async () => {
        const before = await dataOfWorkspace(await internalIdOf(workspace.externalId));
        for (const member of members) {
          const response = await call(member, method, path(workspace.externalId), { confirmation: workspace.name });
          expect(response.status).to.equal(403);
          expect(response.body).to.deep.equal(OWNER_ONLY);
        }
        expect(await dataOfWorkspace(await internalIdOf(workspace.externalId))).to.deep.equal(before);
      });

      it('deletes the workspace and everything of it, and tells how many others were affected', async () => {
        const internalId = await internalIdOf(workspace.externalId);
        const response = await call(owner, method, path(workspace.externalId), { confirmation: workspace.name }).expect(200);
        expect(response.body).to.deep.equal({ affectedMembers: 3, redirectUrl: '/axal/workspace-deleted' });

        const tables = await workspaceScopedTables();
        expect(tables).to.include.members(['activity_log', 'fixture_notes', 'workspace_invitations', 'workspace_members', 'workspace_plugins']);
        expect(await db()('workspaces').where({ id: internalId })).to.deep.equal([]);
        for (const table of tables) expect(await db()(table).where({ workspace_id: internalId }), table).to.deep.equal([]);

        for (const session of [owner, ...members]) {
          const gone = await call(session, 'get', `/workspaces/${workspace.externalId}`);
          expect(gone.status).to.equal(404);
          expect(gone.body).to.deep.equal(WORKSPACE_NOT_FOUND);
          const list = await call(session, 'get', '/workspaces').expect(200);
          expect(list.body.workspaces.map((each: { externalId: string }) => each.externalId)).to.not.include(workspace.externalId);
        }
        const notes = await owner.agent.get(`${API}/gate-fixture/notes`).query({ workspaceId: workspace.externalId });
        expect(notes.status).to.equal(404);

        const again = await call(owner, method, path(workspace.externalId), { confirmation: workspace.name });
        expect(again.status).to.equal(404);
        expect(again.body).to.deep.equal(WORKSPACE_NOT_FOUND);
      });
    });
  }

  it('leaves the owner’s other workspaces and their data alone', async () => {
    const owner = await signedInUser('two-firms');
    const [doomed, kept] = await Promise.all([createWorkspace(owner, 'Doomed Firm'), createWorkspace(owner, 'Kept Firm')]);
    await Promise.all([
      call(owner, 'post', '/gate-fixture/notes', { workspaceId: doomed.externalId, text: 'doomed' }).expect(201),
      call(owner, 'post', '/gate-fixture/notes', { workspaceId: kept.externalId, text: 'kept' }).expect(201),
    ]);
    const keptBefore = await dataOfWorkspace(await internalIdOf(kept.externalId));
    await call(owner, 'delete', `/workspaces/${doomed.externalId}`, { confirmation: 'Doomed Firm' }).expect(200);
    expect(await dataOfWorkspace(await internalIdOf(kept.externalId))).to.deep.equal(keptBefore);
  });

  it('counts no one else as affected when the owner is alone, and lets a co-owner delete', async () => {
    const owner = await signedInUser('lonely-owner');
    const alone = await createWorkspace(owner, 'Solo Practice');
    const response = await call(owner, 'post', `/workspaces/${alone.externalId}/delete`, { confirmation: 'Solo Practice' }).expect(200);
    expect(response.body).to.deep.equal({ affectedMembers: 0, redirectUrl: '/axal/workspace-deleted' });

    const shared = await createWorkspace(owner, 'Shared Practice');
    const coOwner = await memberWithRole(owner, shared.externalId, 'OWNER');
    const deleted = await call(coOwner, 'delete', `/workspaces/${shared.externalId}`, { confirmation: 'Shared Practice' }).expect(200);
    expect(deleted.body.affectedMembers).to.equal(1);
  });

  it('answers requests that race the deletion with 4xx, never 5xx', async () => {
    for (let round = 0; round < 5; round++) {
      const owner = await signedInUser('racing-deleter');
      const workspace = await createWorkspace(owner, 'Race Firm');
      const id = workspace.externalId;
      const member = await memberWithRole(owner, id, 'EMPLOYEE');
      const responses = await Promise.all([
        call(owner, 'get', `/workspaces/${id}`),
        call(owner, 'patch', `/workspaces/${id}`, { name: 'Race Firm' }),
        call(owner, 'put', `/workspaces/${id}/plugins/gate-fixture`, { enabled: false }),
        call(owner, 'post', `/workspaces/${id}/members`, { email: uniqueEmail('late'), role: 'CLIENT' }),
        call(owner, 'patch', `/workspaces/${id}/members/${member.user.externalId}`, { role: 'ADMIN' }),
        call(owner, 'delete', `/workspaces/${id}`, { confirmation: 'Race Firm' }),
      ]);
      for (const response of responses) expect(response.status, JSON.stringify(response.body)).to.be.below(500);
      expect(responses.at(-1)!.status).to.equal(200);
      expect(await db()('workspaces').where({ external_id: id })).to.deep.equal([]);
    }
  });

  it('does not let an owner demoted a moment ago delete the workspace', async () => {
    for (let round = 0; round < 5; round++) {
      const owner = await signedInUser('demoting-owner');
      const workspace = await createWorkspace(owner, 'Contested Firm');
      const coOwner = await memberWithRole(owner, workspace.externalId, 'OWNER');
      const [demotion, deletion] = await Promise.all([
        call(owner, 'patch', `/workspaces/${workspace.externalId}/members/${coOwner.user.externalId}`, { role: 'ADMIN' }),
        call(coOwner, 'delete', `/workspaces/${workspace.externalId}`, { confirmation: 'Contested Firm' }),
      ]);
      // Either the demotion came first and the deletion is refused, or the deletion came first and there is no one left to demote.
      expect([demotion.status, deletion.status]).to.be.deep.oneOf([
        [200, 403],
        [404, 200],
      ]);
    }
  });

  it('checks the confirmation against the current name after a rename', async () => {
    const owner = await signedInUser('renaming-owner');
    const workspace = await createWorkspace(owner, 'Old Firm Name');
    await call(owner, 'patch', `/workspaces/${workspace.externalId}`, { name: 'New Firm Name' }).expect(200);
    const stale = await call(owner, 'delete', `/workspaces/${workspace.externalId}`, { confirmation: 'Old Firm Name' });
    expect(stale.status).to.equal(400);
    expect(stale.body).to.deep.equal(INVALID_CONFIRMATION);
    await call(owner, 'delete', `/workspaces/${workspace.externalId}`, { confirmation: 'New Firm Name' }).expect(200);
  });
});
