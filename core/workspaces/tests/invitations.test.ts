import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { businessClient, createClient } from '../../clients/tests/support';
import { latestMailTo, tokenIn, type MailboxMessage } from '../../plugin-api/testing/mailbox';
import {
  API,
  APP,
  createWorkspace,
  memberWithRole,
  newAgent,
  signedInUser,
  signUp,
  STRONG_PASSWORD,
  TestClient,
  uniqueEmail,
  type TestSession,
} from '../../plugin-api/testing/http';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import type { Role } from '../../platform/identity';
import { activityActions, call, db, internalIdOf, NO_PERMISSION, roleIn, WORKSPACE_NOT_FOUND } from './support';

/**
 * Issue 12 item 3: adding a member is always an invitation, emailed as a single-use link, and only a signed-in,
 * verified account of exactly the invited address can accept it. The messages are read from the host's mail catcher.
 */

const INVALID_LINK = { error: 'This invitation link is invalid, or the invitation was revoked or already accepted.' };
const EXPIRED = { error: 'This invitation has expired. Ask the workspace administrator to send a new one.' };
const UNVERIFIED = { error: 'Verify your email address before accepting an invitation.' };
const ALREADY_MEMBER = { error: 'You are already a member of this workspace' };
const INVITATION_NOT_FOUND = { error: 'Invitation not found' };
const CLIENT_NOT_FOUND = { error: 'Client not found' };
const CLIENTS_FOR_CLIENT_ROLE_ONLY = { error: 'Only a client member can be linked to clients' };
const GRANT_OWNER_ONLY = { error: 'Only an owner can grant the OWNER role' };
const sentTo = (email: string) => ({ error: `This invitation was sent to ${email}. Sign in with that email address to accept it.` });

const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;
const ACCEPT_PATH = '/invitations/accept';

interface InvitationView {
  externalId: string;
  email: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
  invitedBy: { name: string } | null;
  clients: { externalId: string; name: string }[];
}

const invitePath = (workspaceId: string) => `/workspaces/${workspaceId}/members`;
const invitationPath = (workspaceId: string, invitationId: string) => `/workspaces/${workspaceId}/invitations/${invitationId}`;

async function invite(admin: TestSession, workspaceId: string, email: string, role: Role, clientIds?: string[]): Promise<InvitationView> {
  const response = await call(admin, 'post', invitePath(workspaceId), { email, role, ...(clientIds ? { clientIds } : {}) });
  expect(response.status, JSON.stringify(response.body)).to.equal(202);
  return response.body.invitation;
}

/** The newest invitation email to `email` (received at or after `since`) and the token of its link. */
async function invitationMail(email: string, since?: Date): Promise<{ message: MailboxMessage; token: string }> {
  const message = await latestMailTo(email, { subject: 'invited you', since });
  return { message, token: tokenIn(message, ACCEPT_PATH) };
}

/** A new account of exactly this address, verified and signed in. */
const signedInAs = (label: string, email: string) => new TestClient(sharedHost().baseUrl).signedInUser(label, { email });

const accept = (session: TestSession, token: unknown) => call(session, 'post', '/invitations/accept', { token });

async function lookup(token: unknown) {
  const { agent } = await newAgent();
  return agent.get(`${API}/invitations/lookup`).query(token === undefined ? {} : { token: token as string });
}

async function pendingInvitations(admin: TestSession, workspaceId: string): Promise<InvitationView[]> {
  return (await call(admin, 'get', invitePath(workspaceId)).expect(200)).body.invitations;
}

const invitationRow = (externalId: string) => db()('workspace_invitations').where({ external_id: externalId }).first();

/** Moves an invitation's expiry into the past, as seven days of waiting would. */
const expire = (externalId: string) =>
  db()('workspace_invitations')
    .where({ external_id: externalId })
    .update({ expires_at: db().raw("now() - interval '1 minute'") });

describe('invitations by link only (issue 12 item 3)', () => {
  let owner: TestSession;
  let workspace: { externalId: string; name: string };

  before(async () => {
    owner = await signedInUser('inviting-owner');
    workspace = await createWorkspace(owner, 'Link Only Firm');
  });

  describe('inviting, looking up and accepting', () => {
    it('emails a link that shows the invitation to anyone holding it and lets the invited account join', async () => {
      const invitee = await signedInUser('invitee');
      const invitation = await invite(owner, workspace.externalId, invitee.user.email.toUpperCase(), 'EMPLOYEE');
      expect(invitation).to.deep.include({
        email: invitee.user.email.toUpperCase(),
        role: 'EMPLOYEE',
        expired: false,
        invitedBy: { name: owner.user.name },
        clients: [],
      });
      expect(new Date(invitation.expiresAt).getTime() - new Date(invitation.createdAt).getTime()).to.be.closeTo(SEVEN_DAYS_MS, 60_000);
      // Invited is not joined: the existing account is not a member until it accepts.
      expect(await roleIn(workspace.externalId, invitee.user.externalId)).to.equal(null);
      expect((await call(invitee, 'get', `/workspaces/${workspace.externalId}`).expect(404)).body).to.deep.equal(WORKSPACE_NOT_FOUND);

      const { message, token } = await invitationMail(invitee.user.email);
      expect(message.subject).to.equal(`${owner.user.name} invited you to Link Only Firm on Axal Practice`);
      expect(message.text).to.include('as an Employee');
      const link = new URL(message.links.find((each) => new URL(each).pathname.endsWith(ACCEPT_PATH))!);
      expect(`${link.origin}${link.pathname}`).to.equal(`${sharedHost().baseUrl}${APP}${ACCEPT_PATH}`);
      expect([...link.searchParams.keys()]).to.deep.equal(['token']);
      // Only the token's hash is stored.
      const row = await invitationRow(invitation.externalId);
      expect(row.token_hash).to.be.a('string').and.not.equal(token);
      expect(JSON.stringify(row)).to.not.include(token);

      const shown = await lookup(token);
      expect(shown.status).to.equal(200);
      expect(shown.body).to.deep.equal({
        invitation: {
          workspaceName: 'Link Only Firm',
          role: 'EMPLOYEE',
          inviterName: owner.user.name,
          email: invitee.user.email.toUpperCase(),
          expiresAt: invitation.expiresAt,
        },
      });

      const accepted = await accept(invitee, token);
      expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
      expect(accepted.body).to.deep.equal({ workspace: { externalId: workspace.externalId, name: 'Link Only Firm' }, role: 'EMPLOYEE' });
      expect(await roleIn(workspace.externalId, invitee.user.externalId)).to.equal('EMPLOYEE');
      expect((await call(invitee, 'get', `/workspaces/${workspace.externalId}/role`).expect(200)).body.role).to.equal('EMPLOYEE');
      expect((await pendingInvitations(owner, workspace.externalId)).map((each) => each.externalId)).to.not.include(invitation.externalId);
      const { body } = await call(owner, 'get', `/workspaces/${workspace.externalId}/activity`).expect(200);
      expect(body.activity[0]).to.deep.include({
        action: 'member.joined',
        entityType: 'member',
        entityId: invitee.user.externalId,
        metadata: { role: 'EMPLOYEE', invitationId: invitation.externalId },
        actor: { externalId: invitee.user.externalId, name: invitee.user.name },
      });
    });

    it('refuses a link once used: accepting again and looking it up answer 404', async () => {
      const invitee = await signedInUser('reuser');
      await invite(owner, workspace.externalId, invitee.user.email, 'CLIENT');
      const { token } = await invitationMail(invitee.user.email);
      await accept(invitee, token).expect(200);
      for (const response of [await accept(invitee, token), await lookup(token)]) {
        expect(response.status).to.equal(404);
        expect(response.body).to.deep.equal(INVALID_LINK);
      }
      expect(await roleIn(workspace.externalId, invitee.user.externalId)).to.equal('CLIENT');
    });

    it('gives each workspace that invites an address its own link, accepted one at a time', async () => {
      const otherOwner = await signedInUser('other-owner');
      const other = await createWorkspace(otherOwner, 'Second Link Firm');
      const invitee = await signedInUser('twice-invited');
      await invite(owner, workspace.externalId, invitee.user.email, 'CLIENT');
      const first = await invitationMail(invitee.user.email);
      const since = new Date();
      await invite(otherOwner, other.externalId, invitee.user.email, 'ADMIN');
      const second = await invitationMail(invitee.user.email, since);
      expect(second.token).to.not.equal(first.token);
      expect((await accept(invitee, second.token).expect(200)).body.workspace).to.deep.equal({
        externalId: other.externalId,
        name: 'Second Link Firm',
      });
      expect(await roleIn(workspace.externalId, invitee.user.externalId)).to.equal(null);
      expect((await accept(invitee, first.token).expect(200)).body.role).to.equal('CLIENT');
      expect(await roleIn(other.externalId, invitee.user.externalId)).to.equal('ADMIN');
    });

    it('lets one of two simultaneous acceptances of a link in, and answers the other 404', async () => {
      const invitee = await signedInUser('racing-acceptor');
      await invite(owner, workspace.externalId, invitee.user.email, 'EMPLOYEE');
      const { token } = await invitationMail(invitee.user.email);
      const responses = await Promise.all([accept(invitee, token), accept(invitee, token), accept(invitee, token)]);
      expect(responses.map((response) => response.status).sort((a, b) => a - b)).to.deep.equal([200, 404, 404]);
      for (const refused of responses.filter((response) => response.status === 404)) expect(refused.body).to.deep.equal(INVALID_LINK);
      expect(await roleIn(workspace.externalId, invitee.user.externalId)).to.equal('EMPLOYEE');
      expect(await db()('activity_log').where({ action: 'member.joined', entity_id: invitee.user.externalId })).to.have.length(1);
    });

    it('needs a session to accept (401) and the CSRF token (403), and leaves the invitation pending', async () => {
      const email = uniqueEmail('signed-out');
      const invitation = await invite(owner, workspace.externalId, email, 'EMPLOYEE');
      const { token } = await invitationMail(email);
      const { agent, csrf } = await newAgent();
      const signedOut = await agent.post(`${API}/invitations/accept`).set('X-CSRF-Token', csrf).send({ token });
      expect(signedOut.status).to.equal(401);
      expect(signedOut.body).to.deep.equal({ error: 'Not signed in' });
      const invitee = await signedInAs('csrf-less', email);
      const withoutCsrf = await invitee.agent.post(`${API}/invitations/accept`).send({ token });
      expect(withoutCsrf.status).to.equal(403);
      expect(withoutCsrf.body).to.deep.equal({ error: 'Invalid CSRF token' });
      expect(await invitationRow(invitation.externalId)).to.not.equal(undefined);
      await accept(invitee, token).expect(200);
    });

    it('answers 404 for a missing, malformed or unknown token, looking up and accepting alike', async () => {
      const someone = await signedInUser('guesser');
      const wellFormedButUnknown = 'A'.repeat(43);
      for (const token of [undefined, '', 'abc', `${'A'.repeat(42)}!`, 'A'.repeat(44), wellFormedButUnknown, 42, ['x'], { token: 'x' }]) {
        const label = JSON.stringify(token) ?? 'missing';
        const accepted = await accept(someone, token);
        expect(accepted.status, `${label} ${JSON.stringify(accepted.body)}`).to.equal(404);
        expect(accepted.body, label).to.deep.equal(INVALID_LINK);
        if (typeof token === 'object') continue;
        const shown = await lookup(token);
        expect(shown.status, label).to.equal(404);
        expect(shown.body, label).to.deep.equal(INVALID_LINK);
      }
      const { agent } = await newAgent();
      const repeated = await agent.get(`${API}/invitations/lookup?token=${wellFormedButUnknown}&token=${wellFormedButUnknown}`);
      expect(repeated.status).to.equal(404);
    });
  });

  describe('who may accept', () => {
    it('gives an account registered in advance under the invitee’s address nothing: no direct add, no way to accept', async () => {
      const email = uniqueEmail('squatted');
      // Someone else registers the address before the firm invites it, and cannot verify it.
      const { agent, csrf } = await newAgent();
      const { response } = await signUp(agent, csrf, { email, name: 'Squatter' });
      expect(response.status).to.equal(201);
      const squatter = response.body.user as { externalId: string };

      const invitation = await invite(owner, workspace.externalId, email, 'ADMIN');
      expect(await roleIn(workspace.externalId, squatter.externalId)).to.equal(null);
      expect((await pendingInvitations(owner, workspace.externalId)).map((each) => each.externalId)).to.include(invitation.externalId);
      // Without the mailbox there is no verified sign-in, so no session to accept with, even holding the link.
      const signIn = await agent.post(`${APP}/auth/login`).set('X-CSRF-Token', csrf).send({ email, password: STRONG_PASSWORD });
      expect(signIn.status).to.equal(403);
      const { token } = await invitationMail(email);
      const refused = await agent.post(`${API}/invitations/accept`).set('X-CSRF-Token', csrf).send({ token });
      expect(refused.status).to.equal(401);
      expect(await roleIn(workspace.externalId, squatter.externalId)).to.equal(null);
      expect(await invitationRow(invitation.externalId)).to.not.equal(undefined);
    });

    it('refuses an account whose address is not verified, even one with a session (403)', async () => {
      const holder = await signedInUser('unverified-holder');
      const invitation = await invite(owner, workspace.externalId, holder.user.email, 'EMPLOYEE');
      const { token } = await invitationMail(holder.user.email);
      await db()('users').where({ external_id: holder.user.externalId }).update({ email_verified_at: null });
      const refused = await accept(holder, token);
      expect(refused.status).to.equal(403);
      expect(refused.body).to.deep.equal(UNVERIFIED);
      expect(await roleIn(workspace.externalId, holder.user.externalId)).to.equal(null);
      expect(await invitationRow(invitation.externalId)).to.not.equal(undefined);
    });

    it('refuses a verified account of another address (403 naming the invited address), then lets the right one in', async () => {
      const invitedEmail = uniqueEmail('intended');
      await invite(owner, workspace.externalId, invitedEmail, 'EMPLOYEE');
      const { token } = await invitationMail(invitedEmail);
      const other = await signedInUser('forwarded-to');
      const refused = await accept(other, token);
      expect(refused.status).to.equal(403);
      expect(refused.body).to.deep.equal(sentTo(invitedEmail));
      expect(await roleIn(workspace.externalId, other.user.externalId)).to.equal(null);
      // The right person, whose address differs only in letter case, still can.
      const intended = await signedInAs('intended', invitedEmail.toUpperCase());
      await accept(intended, token).expect(200);
      expect(await roleIn(workspace.externalId, intended.user.externalId)).to.equal('EMPLOYEE');
    });

    it('answers a member who accepts another invitation to the same workspace 409, and removes that invitation', async () => {
      const member = await signedInUser('double-joiner');
      const invitation = await invite(owner, workspace.externalId, member.user.email, 'CLIENT');
      const { token } = await invitationMail(member.user.email);
      // Joined meanwhile by another way in (an invitation accepted at sign-in before links existed).
      await db()('workspace_members').insert({
        workspace_id: await internalIdOf(workspace.externalId),
        user_id: (await db()('users').where({ external_id: member.user.externalId }).first('id')).id,
        role: 'EMPLOYEE',
      });
      const response = await accept(member, token);
      expect(response.status).to.equal(409);
      expect(response.body).to.deep.equal(ALREADY_MEMBER);
      expect(await roleIn(workspace.externalId, member.user.externalId)).to.equal('EMPLOYEE');
      expect(await invitationRow(invitation.externalId)).to.equal(undefined);
      expect((await lookup(token)).status).to.equal(404);
    });

    it('never adds an existing account directly, and refuses to invite a member again (409)', async () => {
      const existing = await memberWithRole(owner, workspace.externalId, 'EMPLOYEE');
      const stranger = await signedInUser('existing-account');
      const response = await call(owner, 'post', invitePath(workspace.externalId), { email: stranger.user.email, role: 'EMPLOYEE' });
      expect(response.status).to.equal(202);
      expect(response.body).to.have.all.keys('invitation');
      expect(await roleIn(workspace.externalId, stranger.user.externalId)).to.equal(null);
      const again = await call(owner, 'post', invitePath(workspace.externalId), { email: existing.user.email.toUpperCase(), role: 'ADMIN' });
      expect(again.status).to.equal(409);
      expect(again.body).to.deep.equal({ error: 'This user is already a member of this workspace' });
    });
  });

  describe('expiry, revocation and resending', () => {
    it('refuses an expired link (400), lists the invitation as expired, and replaces it when the address is invited again', async () => {
      const email = uniqueEmail('late');
      const invitation = await invite(owner, workspace.externalId, email, 'EMPLOYEE');
      const { token: oldToken } = await invitationMail(email);
      await expire(invitation.externalId);
      const invitee = await signedInAs('late', email);
      for (const response of [await lookup(oldToken), await accept(invitee, oldToken)]) {
        expect(response.status).to.equal(400);
        expect(response.body).to.deep.equal(EXPIRED);
      }
      const listed = (await pendingInvitations(owner, workspace.externalId)).find((each) => each.externalId === invitation.externalId);
      expect(listed?.expired).to.equal(true);

      const since = new Date();
      const replacement = await invite(owner, workspace.externalId, email, 'CLIENT');
      expect(replacement.externalId).to.not.equal(invitation.externalId);
      expect(await invitationRow(invitation.externalId)).to.equal(undefined);
      expect((await lookup(oldToken)).status).to.equal(404);
      const { token } = await invitationMail(email, since);
      expect((await accept(invitee, token).expect(200)).body.role).to.equal('CLIENT');
    });

    it('refuses a revoked link (404)', async () => {
      const email = uniqueEmail('revoked');
      const invitation = await invite(owner, workspace.externalId, email, 'EMPLOYEE');
      const { token } = await invitationMail(email);
      await call(owner, 'delete', invitationPath(workspace.externalId, invitation.externalId)).expect(204);
      const invitee = await signedInAs('revoked', email);
      for (const response of [await lookup(token), await accept(invitee, token)]) {
        expect(response.status).to.equal(404);
        expect(response.body).to.deep.equal(INVALID_LINK);
      }
      expect(await roleIn(workspace.externalId, invitee.user.externalId)).to.equal(null);
    });

    it('resends with a new link and a new week, kills the old link, and makes the resender the inviter', async () => {
      const admin = await memberWithRole(owner, workspace.externalId, 'ADMIN');
      const email = uniqueEmail('resent');
      const invitation = await invite(owner, workspace.externalId, email, 'EMPLOYEE');
      const { token: oldToken } = await invitationMail(email);
      await expire(invitation.externalId);

      const since = new Date();
      const resent = await call(admin, 'post', `${invitationPath(workspace.externalId, invitation.externalId)}/resend`);
      expect(resent.status, JSON.stringify(resent.body)).to.equal(200);
      expect(resent.body.invitation).to.deep.include({ externalId: invitation.externalId, email, role: 'EMPLOYEE', expired: false });
      expect(resent.body.invitation.invitedBy).to.deep.equal({ name: admin.user.name });
      expect(new Date(resent.body.invitation.expiresAt).getTime()).to.be.closeTo(Date.now() + SEVEN_DAYS_MS, 60_000);
      const { message, token } = await invitationMail(email, since);
      expect(token).to.not.equal(oldToken);
      expect(message.subject).to.equal(`${admin.user.name} invited you to Link Only Firm on Axal Practice`);

      const invitee = await signedInAs('resent', email);
      for (const response of [await lookup(oldToken), await accept(invitee, oldToken)]) {
        expect(response.status).to.equal(404);
        expect(response.body).to.deep.equal(INVALID_LINK);
      }
      expect((await lookup(token).then((response) => response.body)).invitation.inviterName).to.equal(admin.user.name);
      await accept(invitee, token).expect(200);
      expect((await activityActions(workspace.externalId)).slice(-2)).to.deep.equal(['member.invitation_resent', 'member.joined']);
    });

    it('answers an unknown, malformed or other workspace’s invitation id with 404 when resending', async () => {
      const elsewhere = await createWorkspace(owner, 'Elsewhere Firm');
      const foreign = await invite(owner, elsewhere.externalId, uniqueEmail('foreign'), 'EMPLOYEE');
      for (const invitationId of [randomUUID(), 'nope', '1', foreign.externalId]) {
        const response = await call(owner, 'post', `${invitationPath(workspace.externalId, invitationId)}/resend`);
        expect(response.status, invitationId).to.equal(404);
        expect(response.body).to.deep.equal(INVITATION_NOT_FOUND);
      }
    });
  });

  describe('clients of a CLIENT member', () => {
    let clientA: { externalId: string; name: string };
    let clientB: { externalId: string; name: string };

    before(async () => {
      clientA = await createClient(owner, workspace.externalId, businessClient({ name: 'Aranya Exports' }));
      clientB = await createClient(owner, workspace.externalId, businessClient({ name: 'Bhavani Mills' }));
    });

    it('stores the clients with the invitation and links the member to them on accepting', async () => {
      const invitee = await signedInUser('client-contact');
      const invitation = await invite(owner, workspace.externalId, invitee.user.email, 'CLIENT', [clientB.externalId, clientA.externalId]);
      expect(invitation.clients).to.deep.equal([
        { externalId: clientA.externalId, name: 'Aranya Exports' },
        { externalId: clientB.externalId, name: 'Bhavani Mills' },
      ]);
      const listed = (await pendingInvitations(owner, workspace.externalId)).find((each) => each.externalId === invitation.externalId);
      expect(listed?.clients).to.deep.equal(invitation.clients);
      const { id: invitationId } = await invitationRow(invitation.externalId);
      expect(await db()('workspace_invitation_clients').where({ invitation_id: invitationId })).to.have.length(2);

      const { token } = await invitationMail(invitee.user.email);
      await accept(invitee, token).expect(200);
      const linked = await db()('member_clients as mc')
        .join('clients as c', 'c.id', 'mc.client_id')
        .join('users as u', 'u.id', 'mc.user_id')
        .where({ 'u.external_id': invitee.user.externalId })
        .orderBy('c.name')
        .select('c.external_id');
      expect(linked.map((row) => row.external_id)).to.deep.equal([clientA.externalId, clientB.externalId]);
      expect(await db()('workspace_invitation_clients').where({ invitation_id: invitationId })).to.deep.equal([]);
    });

    it('is what the test kit’s memberWithRole does with clientIds', async () => {
      const member = await memberWithRole(owner, workspace.externalId, 'CLIENT', { clientIds: [clientA.externalId] });
      const linked = await db()('member_clients as mc')
        .join('users as u', 'u.id', 'mc.user_id')
        .where({ 'u.external_id': member.user.externalId })
        .pluck('mc.client_id');
      const [{ id }] = await db()('clients').where({ external_id: clientA.externalId }).select('id');
      expect(linked).to.deep.equal([id]);
    });

    it('refuses clients for any role but CLIENT (400), and clients of another workspace or none at all (404)', async () => {
      const other = await createWorkspace(owner, 'Other Clients Firm');
      const foreignClient = await createClient(owner, other.externalId, businessClient({ name: 'Foreign Traders' }));
      const count = async () => Number((await db()('workspace_invitations').count({ count: '*' }))[0].count);
      const before = await count();
      for (const role of ['OWNER', 'ADMIN', 'EMPLOYEE'] as Role[]) {
        const response = await call(owner, 'post', invitePath(workspace.externalId), {
          email: uniqueEmail('staff'),
          role,
          clientIds: [clientA.externalId],
        });
        expect(response.status, role).to.equal(400);
        expect(response.body).to.deep.equal(CLIENTS_FOR_CLIENT_ROLE_ONLY);
      }
      for (const clientIds of [[foreignClient.externalId], [clientA.externalId, foreignClient.externalId], [randomUUID()], ['not-a-client']]) {
        const response = await call(owner, 'post', invitePath(workspace.externalId), { email: uniqueEmail('client'), role: 'CLIENT', clientIds });
        expect(response.status, JSON.stringify(clientIds)).to.equal(404);
        expect(response.body).to.deep.equal(CLIENT_NOT_FOUND);
      }
      for (const clientIds of ['one', [42], { id: clientA.externalId }, [null]]) {
        const response = await call(owner, 'post', invitePath(workspace.externalId), { email: uniqueEmail('client'), role: 'CLIENT', clientIds });
        expect(response.status, JSON.stringify(clientIds)).to.equal(400);
        expect(response.body.error).to.equal('clientIds must be a list of client ids');
      }
      expect(await count()).to.equal(before);
      // Staff roles may send an empty list, which is the default.
      await invite(owner, workspace.externalId, uniqueEmail('staff'), 'EMPLOYEE', []);
    });
  });

  describe('the pending list, and who may invite or resend', () => {
    it('lists pending invitations with expiry, inviter and clients, and follows resend and revoke', async () => {
      const email = uniqueEmail('listed');
      const invitation = await invite(owner, workspace.externalId, email, 'EMPLOYEE');
      const listed = (await pendingInvitations(owner, workspace.externalId)).find((each) => each.externalId === invitation.externalId);
      expect(listed).to.deep.equal(invitation);
      expect(Object.keys(listed!).sort()).to.deep.equal(['clients', 'createdAt', 'email', 'expired', 'expiresAt', 'externalId', 'invitedBy', 'role']);

      await call(owner, 'post', `${invitationPath(workspace.externalId, invitation.externalId)}/resend`).expect(200);
      const afterResend = (await pendingInvitations(owner, workspace.externalId)).find((each) => each.externalId === invitation.externalId);
      expect(new Date(afterResend!.expiresAt).getTime()).to.be.above(new Date(invitation.expiresAt).getTime());

      await call(owner, 'delete', invitationPath(workspace.externalId, invitation.externalId)).expect(204);
      expect((await pendingInvitations(owner, workspace.externalId)).map((each) => each.externalId)).to.not.include(invitation.externalId);
    });

    it('lets neither employees nor clients invite or resend (403), and an admin not resend an OWNER invitation', async () => {
      const [admin, employee, client] = await Promise.all(
        (['ADMIN', 'EMPLOYEE', 'CLIENT'] as Role[]).map((role) => memberWithRole(owner, workspace.externalId, role)),
      );
      const ownerInvitation = await invite(owner, workspace.externalId, uniqueEmail('future-owner'), 'OWNER');
      const before = await invitationRow(ownerInvitation.externalId);
      for (const session of [employee, client]) {
        const invited = await call(session, 'post', invitePath(workspace.externalId), { email: uniqueEmail('by-staff'), role: 'EMPLOYEE' });
        expect(invited.status).to.equal(403);
        expect(invited.body).to.deep.equal(NO_PERMISSION);
        const resent = await call(session, 'post', `${invitationPath(workspace.externalId, ownerInvitation.externalId)}/resend`);
        expect(resent.status).to.equal(403);
        expect(resent.body).to.deep.equal(NO_PERMISSION);
      }
      const byAdmin = await call(admin, 'post', `${invitationPath(workspace.externalId, ownerInvitation.externalId)}/resend`);
      expect(byAdmin.status).to.equal(403);
      expect(byAdmin.body).to.deep.equal(GRANT_OWNER_ONLY);
      expect(await invitationRow(ownerInvitation.externalId)).to.deep.equal(before);
    });

    it('needs the CSRF token to invite and to resend', async () => {
      const invitation = await invite(owner, workspace.externalId, uniqueEmail('csrf'), 'EMPLOYEE');
      const before = await invitationRow(invitation.externalId);
      const invited = await owner.agent.post(`${API}${invitePath(workspace.externalId)}`).send({ email: uniqueEmail('no-csrf'), role: 'EMPLOYEE' });
      const resent = await owner.agent.post(`${API}${invitationPath(workspace.externalId, invitation.externalId)}/resend`);
      for (const response of [invited, resent]) {
        expect(response.status).to.equal(403);
        expect(response.body).to.deep.equal({ error: 'Invalid CSRF token' });
      }
      expect(await invitationRow(invitation.externalId)).to.deep.equal(before);
    });
  });
});
