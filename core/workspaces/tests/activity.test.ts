import { expect } from 'chai';
import { createWorkspace, memberWithRole, signedInUser, uniqueEmail, type TestSession } from '../../plugin-api/testing/http';
import { call, db, internalIdOf } from './support';

interface Entry {
  action: string;
  entityType: string;
  entityId: string | null;
  metadata: Record<string, unknown>;
  createdAt: string;
  actor: { externalId: string; name: string } | null;
}

const activityPath = (workspaceId: string) => `/workspaces/${workspaceId}/activity`;

describe('workspace activity log', () => {
  let owner: TestSession;
  let workspace: { externalId: string; name: string };

  before(async () => {
    owner = await signedInUser('activity-owner');
    workspace = await createWorkspace(owner, 'Activity Firm');
  });

  it('records every change of the workspace with its actor, newest first', async () => {
    const invitee = uniqueEmail('invitee');
    const id = workspace.externalId;
    await call(owner, 'patch', `/workspaces/${id}`, { name: 'Activity Firm Renamed' }).expect(200);
    const colleague = await memberWithRole(owner, id, 'EMPLOYEE');
    const joined = await call(owner, 'get', activityPath(id)).expect(200);
    const colleagueInvitation = (joined.body.activity as Entry[]).find((entry) => entry.action === 'member.invited')!.entityId;
    await call(owner, 'patch', `/workspaces/${id}/members/${colleague.user.externalId}`, { role: 'ADMIN' }).expect(200);
    const invited = await call(owner, 'post', `/workspaces/${id}/members`, { email: invitee, role: 'CLIENT' }).expect(202);
    const invitationId = invited.body.invitation.externalId;
    await call(owner, 'post', `/workspaces/${id}/invitations/${invitationId}/resend`).expect(200);
    await call(owner, 'delete', `/workspaces/${id}/invitations/${invitationId}`).expect(204);
    await call(owner, 'put', `/workspaces/${id}/plugins/gate-fixture`, { enabled: false }).expect(200);
    await call(owner, 'put', `/workspaces/${id}/plugins/gate-fixture`, { enabled: true }).expect(200);
    await call(owner, 'delete', `/workspaces/${id}/members/${colleague.user.externalId}`).expect(204);

    const { body } = await call(owner, 'get', activityPath(id)).expect(200);
    const summary = (body.activity as Entry[]).map(({ action, entityType, entityId, metadata }) => ({ action, entityType, entityId, metadata }));
    expect(summary).to.deep.equal([
      { action: 'member.removed', entityType: 'member', entityId: colleague.user.externalId, metadata: { role: 'ADMIN' } },
      { action: 'plugin.enabled', entityType: 'plugin', entityId: 'gate-fixture', metadata: {} },
      { action: 'plugin.disabled', entityType: 'plugin', entityId: 'gate-fixture', metadata: {} },
      { action: 'member.invitation_revoked', entityType: 'invitation', entityId: invitationId, metadata: {} },
      { action: 'member.invitation_resent', entityType: 'invitation', entityId: invitationId, metadata: {} },
      { action: 'member.invited', entityType: 'invitation', entityId: invitationId, metadata: { email: invitee, role: 'CLIENT' } },
      { action: 'member.role_changed', entityType: 'member', entityId: colleague.user.externalId, metadata: { from: 'EMPLOYEE', to: 'ADMIN' } },
      {
        action: 'member.joined',
        entityType: 'member',
        entityId: colleague.user.externalId,
        metadata: { role: 'EMPLOYEE', invitationId: colleagueInvitation },
      },
      {
        action: 'member.invited',
        entityType: 'invitation',
        entityId: colleagueInvitation,
        metadata: { email: colleague.user.email, role: 'EMPLOYEE' },
      },
      { action: 'workspace.renamed', entityType: 'workspace', entityId: id, metadata: { from: 'Activity Firm', to: 'Activity Firm Renamed' } },
      { action: 'workspace.created', entityType: 'workspace', entityId: id, metadata: { name: 'Activity Firm' } },
    ]);
    // Everything was done by the owner, but joining, which the colleague did by accepting the invitation.
    for (const entry of body.activity as Entry[]) {
      const actor = entry.action === 'member.joined' ? colleague : owner;
      expect(entry.actor).to.deep.equal({ externalId: actor.user.externalId, name: actor.user.name });
      expect(new Date(entry.createdAt).getTime()).to.be.closeTo(Date.now(), 60_000);
    }
    expect(body.nextCursor).to.equal(null);
  });

  it('pages through a long log with the cursor and shows nothing of other workspaces', async () => {
    const other = await createWorkspace(owner, 'Other Firm');
    const [workspaceId, otherId] = await Promise.all([internalIdOf(workspace.externalId), internalIdOf(other.externalId)]);
    const filler = (id: number, count: number) =>
      Array.from({ length: count }, (_, index) => ({
        workspace_id: id,
        actor_user_id: null,
        action: 'test.filler',
        entity_type: 'test',
        entity_id: String(index),
      }));
    await db()('activity_log').insert([...filler(workspaceId, 60), ...filler(otherId, 60), ...filler(workspaceId, 60)]);
    const [{ count }] = await db()('activity_log').where({ workspace_id: workspaceId }).count({ count: '*' });

    const seen: Entry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response: { body: { activity: Entry[]; nextCursor: string | null } } = await call(
        owner,
        'get',
        cursor ? `${activityPath(workspace.externalId)}?before=${cursor}` : activityPath(workspace.externalId),
      ).expect(200);
      expect(response.body.activity.length).to.be.at.most(50);
      seen.push(...response.body.activity);
      cursor = response.body.nextCursor;
      pages += 1;
    } while (cursor);

    expect(seen).to.have.length(Number(count));
    expect(pages).to.equal(Math.ceil(Number(count) / 50));
    const times = seen.map((entry) => new Date(entry.createdAt).getTime());
    expect(times).to.deep.equal([...times].sort((a, b) => b - a));
    expect(
      seen.every((entry) => !('id' in entry)),
      'entries carry no serial id',
    ).to.equal(true);
    const fillers = seen.filter((entry) => entry.action === 'test.filler');
    expect(fillers).to.have.length(120);
    for (const entry of fillers) expect(entry.actor).to.equal(null);
  });

  it('refuses a cursor that is not an entry id: 400', async () => {
    const encode = (raw: string) => Buffer.from(raw).toString('base64url');
    for (const before of [
      '%%%',
      encode('abc'),
      encode('0'),
      encode('-5'),
      encode('1.5'),
      encode('1e3'),
      encode('99999999999999999999'),
      '',
      '1&before=2',
    ]) {
      const response = await call(owner, 'get', `${activityPath(workspace.externalId)}?before=${before}`);
      expect(response.status, before).to.equal(400);
      expect(response.body.error, before).to.equal('Invalid cursor');
    }
  });
});
