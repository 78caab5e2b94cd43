import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { businessClient, createClient, individualClient } from '../../clients/tests/support';
import { createWorkspace, memberWithRole, signedInUser, type TestSession } from '../../plugin-api/testing/http';
import { activityActions, call, db, internalIdOf, NO_PERMISSION, WORKSPACE_NOT_FOUND } from './support';

const CLIENT_NOT_FOUND = { error: 'Client not found' };
const MEMBER_NOT_FOUND = { error: 'Member not found' };
const ONLY_CLIENT_MEMBERS = { error: 'Only a client member can be linked to clients' };

describe('the clients of a CLIENT member (PUT workspaces/{id}/members/{memberId}/clients)', () => {
  let owner: TestSession;
  let workspaceId: string;
  let anand: { externalId: string; name: string };
  let bharat: { externalId: string; name: string };
  let elsewhere: { externalId: string; name: string };

  const putClients = (session: TestSession, memberId: string, body: unknown) =>
    call(session, 'put', `/workspaces/${workspaceId}/members/${memberId}/clients`, body);
  const linkedRows = async (member: TestSession) =>
    db()('member_clients as mc')
      .join('users as u', 'u.id', 'mc.user_id')
      .join('clients as c', 'c.id', 'mc.client_id')
      .where({ 'u.external_id': member.user.externalId })
      .orderByRaw('lower(c.name)')
      .pluck('c.name');

  before(async () => {
    owner = await signedInUser('member-clients-owner');
    workspaceId = (await createWorkspace(owner)).externalId;
    bharat = await createClient(owner, workspaceId, businessClient({ name: 'Bharat Traders' }));
    anand = await createClient(owner, workspaceId, individualClient({ name: 'anand Rao' }));
    const otherWorkspace = (await createWorkspace(owner)).externalId;
    elsewhere = await createClient(owner, otherWorkspace, individualClient({ name: 'Elsewhere Person' }));
  });

  it("replaces the member's clients and answers the member with them by name, in the activity log", async () => {
    const member = await memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [bharat.externalId] });
    const { body } = await putClients(owner, member.user.externalId, {
      clientIds: [bharat.externalId, anand.externalId.toUpperCase(), bharat.externalId],
    }).expect(200);
    expect(body).to.deep.equal({
      member: {
        externalId: member.user.externalId,
        name: member.user.name,
        email: member.user.email,
        image: null,
        role: 'CLIENT',
        clients: [
          { externalId: anand.externalId, name: 'anand Rao' },
          { externalId: bharat.externalId, name: 'Bharat Traders' },
        ],
      },
    });
    expect(await linkedRows(member)).to.deep.equal(['anand Rao', 'Bharat Traders']);
    expect((await activityActions(workspaceId)).at(-1)).to.equal('member.clients_changed');
    const entry = await db()('activity_log')
      .where({ workspace_id: await internalIdOf(workspaceId), action: 'member.clients_changed' })
      .orderBy('id', 'desc')
      .first();
    const ownerRow = await db()('users').where({ external_id: owner.user.externalId }).first('id');
    expect(entry).to.deep.include({ actor_user_id: ownerRow.id, entity_type: 'member', entity_id: member.user.externalId });
    expect(entry.metadata).to.deep.equal({ clients: [bharat.externalId, anand.externalId] });

    const emptied = await putClients(owner, member.user.externalId, { clientIds: [] }).expect(200);
    expect(emptied.body.member.clients).to.deep.equal([]);
    expect(await linkedRows(member)).to.deep.equal([]);
  });

  it('lists the clients of each CLIENT member with the members, none for staff, and none to a CLIENT member', async () => {
    const member = await memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [anand.externalId] });
    const listedBy = async (session: TestSession) => {
      const { body } = await call(session, 'get', `/workspaces/${workspaceId}/members`).expect(200);
      return new Map(body.members.map((each: { externalId: string; email: string | null; clients: unknown[] }) => [each.externalId, each]));
    };
    const byOwner = await listedBy(owner);
    expect(byOwner.get(member.user.externalId)).to.deep.include({
      email: member.user.email,
      clients: [{ externalId: anand.externalId, name: 'anand Rao' }],
    });
    expect(byOwner.get(owner.user.externalId)).to.deep.include({ role: 'OWNER', clients: [] });

    const byMember = await listedBy(member);
    expect(byMember.get(member.user.externalId)).to.deep.include({ email: null, clients: [] });
  });

  it('refuses a client of another workspace, or an id of no client, with 404 and changes nothing', async () => {
    const member = await memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [anand.externalId] });
    for (const clientIds of [[elsewhere.externalId], [bharat.externalId, elsewhere.externalId], [randomUUID()], ['not-a-client-id']]) {
      const refused = await putClients(owner, member.user.externalId, { clientIds }).expect(404);
      expect(refused.body, JSON.stringify(clientIds)).to.deep.equal(CLIENT_NOT_FOUND);
    }
    expect(await linkedRows(member)).to.deep.equal(['anand Rao']);
  });

  it('links CLIENT members only: staff get 400', async () => {
    const employee = await memberWithRole(owner, workspaceId, 'EMPLOYEE');
    for (const memberId of [employee.user.externalId, owner.user.externalId]) {
      const refused = await putClients(owner, memberId, { clientIds: [anand.externalId] }).expect(400);
      expect(refused.body).to.deep.equal(ONLY_CLIENT_MEMBERS);
    }
    expect(await linkedRows(employee)).to.deep.equal([]);
  });

  it('refuses a body without a list of client ids with 400', async () => {
    const member = await memberWithRole(owner, workspaceId, 'CLIENT');
    for (const body of [{}, { clientIds: anand.externalId }, { clientIds: [42] }, { clientIds: null }]) {
      const refused = await putClients(owner, member.user.externalId, body).expect(400);
      expect(refused.body.error, JSON.stringify(body)).to.equal('clientIds must be a list of client ids');
    }
  });

  it('answers 404 for a member of no workspace of the caller, or of none at all', async () => {
    const stranger = await signedInUser('member-clients-stranger');
    for (const memberId of [stranger.user.externalId, randomUUID(), 'not-a-member-id']) {
      expect((await putClients(owner, memberId, { clientIds: [] }).expect(404)).body).to.deep.equal(MEMBER_NOT_FOUND);
    }
    const refused = await putClients(stranger, owner.user.externalId, { clientIds: [] }).expect(404);
    expect(refused.body).to.deep.equal(WORKSPACE_NOT_FOUND);
  });

  it('is for those who manage members: EMPLOYEE and CLIENT members get 403', async () => {
    const member = await memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [anand.externalId] });
    const admin = await memberWithRole(owner, workspaceId, 'ADMIN');
    const employee = await memberWithRole(owner, workspaceId, 'EMPLOYEE');
    for (const session of [employee, member]) {
      const refused = await putClients(session, member.user.externalId, { clientIds: [bharat.externalId] }).expect(403);
      expect(refused.body).to.deep.equal(NO_PERMISSION);
    }
    expect(await linkedRows(member)).to.deep.equal(['anand Rao']);
    await putClients(admin, member.user.externalId, { clientIds: [bharat.externalId] }).expect(200);
    expect(await linkedRows(member)).to.deep.equal(['Bharat Traders']);
  });

  it('drops the links when the role changes away from CLIENT, and keeps them on any other change', async () => {
    const member = await memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [anand.externalId, bharat.externalId] });
    const changeRole = (role: string) => call(owner, 'patch', `/workspaces/${workspaceId}/members/${member.user.externalId}`, { role }).expect(200);

    expect((await changeRole('CLIENT')).body.member.clients).to.have.length(2);
    expect(await linkedRows(member)).to.deep.equal(['anand Rao', 'Bharat Traders']);
    expect((await changeRole('ADMIN')).body.member).to.deep.include({ role: 'ADMIN', clients: [] });
    expect(await linkedRows(member)).to.deep.equal([]);
  });
});
