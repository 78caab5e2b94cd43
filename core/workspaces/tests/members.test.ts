import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import {
  API,
  createWorkspace,
  memberWithRole,
  signedInUser,
  TestClient,
  uniqueEmail,
  workspaceWithEveryRole,
  type TestSession,
} from '../../plugin-api/testing/http';
import { latestMailTo, tokenIn } from '../../plugin-api/testing/mailbox';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import type { Role } from '../../platform/identity';
import { activityActions, call, dataOfWorkspace, db, internalIdOf, ownerCount, roleIn, WORKSPACE_NOT_FOUND } from './support';

const OWNER_ONLY = { error: 'Only an owner can change or remove an owner' };
const GRANT_OWNER_ONLY = { error: 'Only an owner can grant the OWNER role' };
const LAST_OWNER = { error: 'A workspace must keep at least one owner: the last owner cannot be demoted or removed' };
const MEMBER_NOT_FOUND = { error: 'Member not found' };
const ALREADY_MEMBER = { error: 'This user is already a member of this workspace' };
const ALREADY_INVITED = { error: 'This email has already been invited to this workspace' };

const membersPath = (workspaceId: string) => `/workspaces/${workspaceId}/members`;
const memberPath = (workspaceId: string, memberId: string) => `/workspaces/${workspaceId}/members/${memberId}`;

describe('workspace members', () => {
  let workspace: { externalId: string; name: string };
  let sessions: Record<Role, TestSession>;

  before(async () => {
    ({ workspace, sessions } = await workspaceWithEveryRole());
  });

  describe('listing', () => {
    it('lists every member with name, email, image and role, owners first', async () => {
      const { body } = await call(sessions.EMPLOYEE, 'get', membersPath(workspace.externalId)).expect(200);
      const expected = (['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT'] as Role[]).map((role) => ({
        externalId: sessions[role].user.externalId,
        name: sessions[role].user.name,
        email: sessions[role].user.email,
        image: null,
        role,
        clients: [],
      }));
      expect(body.members.filter((member: { externalId: string }) => expected.some((each) => each.externalId === member.externalId))).to.deep.equal(
        expected,
      );
    });

    it('shows pending invitations to owners and admins only', async () => {
      const email = uniqueEmail('pending');
      const invited = await call(sessions.OWNER, 'post', membersPath(workspace.externalId), { email, role: 'EMPLOYEE' }).expect(202);
      expect(invited.body.invitation).to.include({ email, role: 'EMPLOYEE' });
      for (const role of ['OWNER', 'ADMIN'] as Role[]) {
        const { body } = await call(sessions[role], 'get', membersPath(workspace.externalId)).expect(200);
        expect(body.invitations.map((each: { email: string }) => each.email)).to.include(email);
      }
      for (const role of ['EMPLOYEE', 'CLIENT'] as Role[]) {
        const { body } = await call(sessions[role], 'get', membersPath(workspace.externalId)).expect(200);
        expect(body.invitations).to.deep.equal([]);
      }
    });

    it('counts members in the workspace detail and lists the role in the workspace list', async () => {
      const { body } = await call(sessions.CLIENT, 'get', `/workspaces/${workspace.externalId}`).expect(200);
      const [{ count }] = await db()('workspace_members')
        .where({ workspace_id: await internalIdOf(workspace.externalId) })
        .count({ count: '*' });
      expect(body).to.include({ externalId: workspace.externalId, name: workspace.name, role: 'CLIENT', memberCount: Number(count) });
      expect(new Date(body.createdAt).getTime()).to.be.closeTo(Date.now(), 60_000);
      const list = await call(sessions.CLIENT, 'get', '/workspaces').expect(200);
      expect(list.body.workspaces).to.deep.include({ externalId: workspace.externalId, name: workspace.name, role: 'CLIENT' });
    });
  });

  describe('adding', () => {
    it('invites an existing user rather than adding them, whatever the case of the email', async () => {
      const newcomer = await signedInUser('newcomer');
      const response = await call(sessions.ADMIN, 'post', membersPath(workspace.externalId), {
        email: `  ${newcomer.user.email.toUpperCase()} `,
        role: 'EMPLOYEE',
      });
      expect(response.status).to.equal(202);
      expect(response.body.invitation).to.deep.include({ email: newcomer.user.email.toUpperCase(), role: 'EMPLOYEE', expired: false });
      expect(await roleIn(workspace.externalId, newcomer.user.externalId)).to.equal(null);
      await call(newcomer, 'get', `/workspaces/${workspace.externalId}`).expect(404);
    });

    it('refuses to add an existing member again: 409', async () => {
      const before = await dataOfWorkspace(await internalIdOf(workspace.externalId));
      for (const email of [sessions.CLIENT.user.email, sessions.CLIENT.user.email.toUpperCase()]) {
        const response = await call(sessions.OWNER, 'post', membersPath(workspace.externalId), { email, role: 'ADMIN' });
        expect(response.status).to.equal(409);
        expect(response.body).to.deep.equal(ALREADY_MEMBER);
      }
      expect(await dataOfWorkspace(await internalIdOf(workspace.externalId))).to.deep.equal(before);
    });

    it('refuses to invite the same email twice: 409', async () => {
      const email = uniqueEmail('twice');
      await call(sessions.OWNER, 'post', membersPath(workspace.externalId), { email, role: 'CLIENT' }).expect(202);
      for (const again of [email, email.toUpperCase()]) {
        const response = await call(sessions.ADMIN, 'post', membersPath(workspace.externalId), { email: again, role: 'EMPLOYEE' });
        expect(response.status).to.equal(409);
        expect(response.body).to.deep.equal(ALREADY_INVITED);
      }
      const rows = await db()('workspace_invitations').whereRaw('lower(email) = ?', [email]);
      expect(rows.map((row) => row.role)).to.deep.equal(['CLIENT']);
    });

    it('answers two simultaneous invitations of one email with one invitation and one 409', async () => {
      const email = uniqueEmail('racing-invite');
      const invite = (role: Role) => call(sessions.OWNER, 'post', membersPath(workspace.externalId), { email, role });
      const responses = await Promise.all([invite('CLIENT'), invite('EMPLOYEE'), invite('ADMIN')]);
      expect(responses.map((response) => response.status).sort((a, b) => a - b)).to.deep.equal([202, 409, 409]);
      for (const refused of responses.filter((response) => response.status === 409)) expect(refused.body).to.deep.equal(ALREADY_INVITED);
      expect(await db()('workspace_invitations').where({ email })).to.have.length(1);
    });

    it('never turns an invitation into membership at sign-up or sign-in: only its link does', async () => {
      const email = uniqueEmail('joiner');
      const invited = await call(sessions.ADMIN, 'post', membersPath(workspace.externalId), { email, role: 'EMPLOYEE' }).expect(202);
      const joiner = await new TestClient(sharedHost().baseUrl).signedInUser('joiner', { email: email.toUpperCase() });
      expect(await roleIn(workspace.externalId, joiner.user.externalId)).to.equal(null);
      expect((await call(joiner, 'get', '/workspaces').expect(200)).body.workspaces).to.deep.equal([]);
      expect(await db()('workspace_invitations').where({ external_id: invited.body.invitation.externalId })).to.have.length(1);

      const token = tokenIn(await latestMailTo(email, { subject: 'invited you' }), '/invitations/accept');
      await call(joiner, 'post', '/invitations/accept', { token }).expect(200);
      expect(await roleIn(workspace.externalId, joiner.user.externalId)).to.equal('EMPLOYEE');
      expect(await db()('workspace_invitations').where({ external_id: invited.body.invitation.externalId })).to.deep.equal([]);
    });

    it('lets an owner invite owners', async () => {
      const newcomer = await memberWithRole(sessions.OWNER, workspace.externalId, 'OWNER');
      expect(await roleIn(workspace.externalId, newcomer.user.externalId)).to.equal('OWNER');
      await call(sessions.OWNER, 'post', membersPath(workspace.externalId), { email: uniqueEmail('invited-owner'), role: 'OWNER' }).expect(202);
      await call(newcomer, 'delete', memberPath(workspace.externalId, newcomer.user.externalId)).expect(204);
    });

    it('refuses an admin who grants OWNER by adding or inviting: 403', async () => {
      const newcomer = await signedInUser('would-be-owner');
      const before = await dataOfWorkspace(await internalIdOf(workspace.externalId));
      for (const email of [newcomer.user.email, uniqueEmail('would-be-owner')]) {
        const response = await call(sessions.ADMIN, 'post', membersPath(workspace.externalId), { email, role: 'OWNER' });
        expect(response.status).to.equal(403);
        expect(response.body).to.deep.equal(GRANT_OWNER_ONLY);
      }
      expect(await dataOfWorkspace(await internalIdOf(workspace.externalId))).to.deep.equal(before);
    });

    it('revokes an invitation once', async () => {
      const email = uniqueEmail('revoked');
      const invited = await call(sessions.OWNER, 'post', membersPath(workspace.externalId), { email, role: 'CLIENT' }).expect(202);
      const invitationId = invited.body.invitation.externalId;
      await call(sessions.ADMIN, 'delete', `/workspaces/${workspace.externalId}/invitations/${invitationId}`).expect(204);
      const again = await call(sessions.ADMIN, 'delete', `/workspaces/${workspace.externalId}/invitations/${invitationId}`);
      expect(again.status).to.equal(404);
      expect(again.body).to.deep.equal({ error: 'Invitation not found' });
      expect(await db()('workspace_invitations').where({ external_id: invitationId })).to.deep.equal([]);
    });
  });

  describe('changing roles and removing', () => {
    it('lets an admin change and remove members below owner', async () => {
      const member = await memberWithRole(sessions.OWNER, workspace.externalId, 'EMPLOYEE');
      const changed = await call(sessions.ADMIN, 'patch', memberPath(workspace.externalId, member.user.externalId), { role: 'ADMIN' }).expect(200);
      expect(changed.body).to.deep.equal({
        member: { externalId: member.user.externalId, name: member.user.name, email: member.user.email, image: null, role: 'ADMIN', clients: [] },
      });
      await call(sessions.ADMIN, 'delete', memberPath(workspace.externalId, member.user.externalId)).expect(204);
      expect(await roleIn(workspace.externalId, member.user.externalId)).to.equal(null);
      const after = await call(member, 'get', `/workspaces/${workspace.externalId}`).expect(404);
      expect(after.body).to.deep.equal(WORKSPACE_NOT_FOUND);
      expect((await activityActions(workspace.externalId)).slice(-2)).to.deep.equal(['member.role_changed', 'member.removed']);
    });

    it('refuses an admin who changes or removes an owner: 403', async () => {
      const ownerId = sessions.OWNER.user.externalId;
      for (const role of ['ADMIN', 'CLIENT', 'OWNER']) {
        const response = await call(sessions.ADMIN, 'patch', memberPath(workspace.externalId, ownerId), { role });
        expect(response.status).to.equal(403);
        expect(response.body).to.deep.equal(OWNER_ONLY);
      }
      const removal = await call(sessions.ADMIN, 'delete', memberPath(workspace.externalId, ownerId));
      expect(removal.status).to.equal(403);
      expect(removal.body).to.deep.equal(OWNER_ONLY);
      expect(await roleIn(workspace.externalId, ownerId)).to.equal('OWNER');
    });

    it('refuses an admin who promotes anyone, themself included, to OWNER: 403', async () => {
      for (const target of [sessions.EMPLOYEE, sessions.ADMIN]) {
        const response = await call(sessions.ADMIN, 'patch', memberPath(workspace.externalId, target.user.externalId), { role: 'OWNER' });
        expect(response.status).to.equal(403);
        expect(response.body).to.deep.equal(GRANT_OWNER_ONLY);
      }
      expect(await roleIn(workspace.externalId, sessions.EMPLOYEE.user.externalId)).to.equal('EMPLOYEE');
      expect(await roleIn(workspace.externalId, sessions.ADMIN.user.externalId)).to.equal('ADMIN');
    });

    it('keeps the last owner: neither demoted, removed nor leaving (409)', async () => {
      const owner = await signedInUser('sole-owner');
      const solo = await createWorkspace(owner);
      const ownerId = owner.user.externalId;
      for (const role of ['ADMIN', 'EMPLOYEE', 'CLIENT']) {
        const response = await call(owner, 'patch', memberPath(solo.externalId, ownerId), { role });
        expect(response.status).to.equal(409);
        expect(response.body).to.deep.equal(LAST_OWNER);
      }
      const leaving = await call(owner, 'delete', memberPath(solo.externalId, ownerId));
      expect(leaving.status).to.equal(409);
      expect(leaving.body).to.deep.equal(LAST_OWNER);
      expect(await roleIn(solo.externalId, ownerId)).to.equal('OWNER');
      // Granting OWNER to an owner changes nothing and is allowed.
      await call(owner, 'patch', memberPath(solo.externalId, ownerId), { role: 'OWNER' }).expect(200);
    });

    it('lets one of two owners demote the other, then keeps the one left', async () => {
      const owner = await signedInUser('first-owner');
      const shared = await createWorkspace(owner);
      const second = await memberWithRole(owner, shared.externalId, 'OWNER');
      await call(second, 'patch', memberPath(shared.externalId, owner.user.externalId), { role: 'ADMIN' }).expect(200);
      expect(await roleIn(shared.externalId, owner.user.externalId)).to.equal('ADMIN');
      const response = await call(second, 'patch', memberPath(shared.externalId, second.user.externalId), { role: 'ADMIN' });
      expect(response.status).to.equal(409);
      expect(response.body).to.deep.equal(LAST_OWNER);
      // The demoted owner is an admin now, and is treated as one.
      const refused = await call(owner, 'patch', memberPath(shared.externalId, second.user.externalId), { role: 'ADMIN' });
      expect(refused.status).to.equal(403);
      expect(refused.body).to.deep.equal(OWNER_ONLY);
    });

    it('lets one of two owners remove the other or leave', async () => {
      const owner = await signedInUser('leaving-owner');
      const shared = await createWorkspace(owner);
      const [second, third] = await Promise.all([
        memberWithRole(owner, shared.externalId, 'OWNER'),
        memberWithRole(owner, shared.externalId, 'OWNER'),
      ]);
      await call(owner, 'delete', memberPath(shared.externalId, third.user.externalId)).expect(204);
      await call(second, 'delete', memberPath(shared.externalId, second.user.externalId)).expect(204);
      expect(await ownerCount(shared.externalId)).to.equal(1);
      expect((await activityActions(shared.externalId)).slice(-2)).to.deep.equal(['member.removed', 'member.left']);
    });

    it('never leaves zero owners when two owners demote each other at once', async function () {
      // Each round signs two people up, whose password hashing is slow on purpose.
      this.timeout(60_000);
      for (let round = 0; round < 5; round++) {
        const first = await signedInUser('racing-owner');
        const shared = await createWorkspace(first);
        const second = await memberWithRole(first, shared.externalId, 'OWNER');
        const responses = await Promise.all([
          call(first, 'patch', memberPath(shared.externalId, second.user.externalId), { role: 'ADMIN' }),
          call(second, 'patch', memberPath(shared.externalId, first.user.externalId), { role: 'ADMIN' }),
        ]);
        // Whoever comes second is no longer an owner by then.
        expect(responses.map((response) => response.status).sort((a, b) => a - b)).to.deep.equal([200, 403]);
        expect(responses.find((response) => response.status === 403)!.body).to.deep.equal(OWNER_ONLY);
        expect(await ownerCount(shared.externalId)).to.equal(1);
      }
    });

    it('never leaves zero owners when two owners remove each other at once', async () => {
      const first = await signedInUser('racing-remover');
      const shared = await createWorkspace(first);
      const second = await memberWithRole(first, shared.externalId, 'OWNER');
      const responses = await Promise.all([
        call(first, 'delete', memberPath(shared.externalId, second.user.externalId)),
        call(second, 'delete', memberPath(shared.externalId, first.user.externalId)),
      ]);
      // Whoever comes second is no longer a member by then.
      expect(responses.map((response) => response.status).sort((a, b) => a - b)).to.deep.equal([204, 404]);
      expect(responses.find((response) => response.status === 404)!.body).to.deep.equal(WORKSPACE_NOT_FOUND);
      expect(await ownerCount(shared.externalId)).to.equal(1);
    });

    it('does not let an owner demoted a moment ago act as an owner', async () => {
      const first = await signedInUser('demoting-owner');
      const shared = await createWorkspace(first);
      const [second, third] = await Promise.all([
        memberWithRole(first, shared.externalId, 'OWNER'),
        memberWithRole(first, shared.externalId, 'OWNER'),
      ]);
      const workspaceId = await internalIdOf(shared.externalId);
      const lastRoleChangeOf = async (memberId: string) => {
        const [{ id }] = await db()('activity_log')
          .where({ workspace_id: workspaceId, action: 'member.role_changed', entity_id: memberId })
          .max({ id: 'id' });
        return id as number;
      };
      for (let round = 0; round < 10; round++) {
        // first demotes second while second demotes third: second may do so only while still an owner.
        const [demoteSecond, demoteThird] = await Promise.all([
          call(first, 'patch', memberPath(shared.externalId, second.user.externalId), { role: 'ADMIN' }),
          call(second, 'patch', memberPath(shared.externalId, third.user.externalId), { role: 'ADMIN' }),
        ]);
        expect(demoteSecond.status).to.equal(200);
        if (demoteThird.status === 200) {
          expect(await lastRoleChangeOf(third.user.externalId)).to.be.below(await lastRoleChangeOf(second.user.externalId));
        } else {
          expect(demoteThird.status).to.equal(403);
          expect(demoteThird.body).to.deep.equal(OWNER_ONLY);
          expect(await roleIn(shared.externalId, third.user.externalId)).to.equal('OWNER');
        }
        await call(first, 'patch', memberPath(shared.externalId, second.user.externalId), { role: 'OWNER' }).expect(200);
        await call(first, 'patch', memberPath(shared.externalId, third.user.externalId), { role: 'OWNER' }).expect(200);
      }
    });

    const leavers: [Role, string][] = [
      ['ADMIN', 'an admin'],
      ['EMPLOYEE', 'an employee'],
      ['CLIENT', 'a client'],
      ['OWNER', 'an owner with a co-owner'],
    ];
    for (const [role, who] of leavers) {
      it(`lets ${who} leave`, async () => {
        const owner = await signedInUser('host');
        const shared = await createWorkspace(owner);
        const leaver = await memberWithRole(owner, shared.externalId, role);
        await call(leaver, 'delete', memberPath(shared.externalId, leaver.user.externalId)).expect(204);
        expect(await roleIn(shared.externalId, leaver.user.externalId)).to.equal(null);
        const after = await call(leaver, 'get', `/workspaces/${shared.externalId}`);
        expect(after.status).to.equal(404);
        expect(after.body).to.deep.equal(WORKSPACE_NOT_FOUND);
        expect((await activityActions(shared.externalId)).at(-1)).to.equal('member.left');
      });
    }

    it('refuses a member who removes someone else: 403', async () => {
      for (const role of ['EMPLOYEE', 'CLIENT'] as Role[]) {
        const response = await call(sessions[role], 'delete', memberPath(workspace.externalId, sessions.ADMIN.user.externalId));
        expect(response.status).to.equal(403);
        expect(response.body).to.have.property('error').that.is.a('string');
      }
      expect(await roleIn(workspace.externalId, sessions.ADMIN.user.externalId)).to.equal('ADMIN');
    });

    it('answers an unknown or malformed member id with 404', async () => {
      const outsider = await signedInUser('outsider');
      for (const memberId of [randomUUID(), outsider.user.externalId, 'not-a-member-id', '123', `${randomUUID()}x`]) {
        const change = await call(sessions.OWNER, 'patch', memberPath(workspace.externalId, memberId), { role: 'CLIENT' });
        expect(change.status, memberId).to.equal(404);
        expect(change.body).to.deep.equal(MEMBER_NOT_FOUND);
        const removal = await call(sessions.OWNER, 'delete', memberPath(workspace.externalId, memberId));
        expect(removal.status, memberId).to.equal(404);
        expect(removal.body).to.deep.equal(MEMBER_NOT_FOUND);
      }
    });

    it('answers an unknown or malformed invitation id with 404', async () => {
      for (const invitationId of [randomUUID(), 'nope', '1']) {
        const response = await call(sessions.ADMIN, 'delete', `/workspaces/${workspace.externalId}/invitations/${invitationId}`);
        expect(response.status, invitationId).to.equal(404);
        expect(response.body).to.deep.equal({ error: 'Invitation not found' });
      }
    });
  });
});

describe('member list privacy', () => {
  it("shows members' email addresses to the firm's staff but not to CLIENT members", async () => {
    const { workspace, sessions } = await workspaceWithEveryRole();
    const listAs = async (role: keyof typeof sessions) =>
      (await sessions[role].agent.get(`${API}/workspaces/${workspace.externalId}/members`).expect(200)).body.members as { email: string | null }[];
    for (const role of ['OWNER', 'ADMIN', 'EMPLOYEE'] as const) {
      expect(
        (await listAs(role)).every((member) => typeof member.email === 'string'),
        role,
      ).to.equal(true);
    }
    const seenByClient = await listAs('CLIENT');
    expect(seenByClient).to.have.length(4);
    expect(seenByClient.every((member) => member.email === null)).to.equal(true);
  });
});
