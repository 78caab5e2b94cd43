import { expect } from 'chai';
import {
  API,
  APP,
  createWorkspace,
  newAgent,
  signedInUser,
  signUp,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestSession,
} from '../../plugin-api/testing/http';
import { sharedHost } from '../../plugin-api/testing/root-hooks';

async function invite(owner: TestSession, workspaceId: string, email: string, role: string) {
  const response = await owner.agent.post(`${API}/workspaces/${workspaceId}/members`).set('X-CSRF-Token', owner.csrf).send({ email, role });
  expect(response.status, JSON.stringify(response.body)).to.equal(202);
  expect(response.body.invitation).to.include({ email, role });
  return response.body.invitation as { externalId: string };
}

async function login(email: string) {
  const { agent, csrf } = await newAgent();
  const response = await agent.post(`${APP}/auth/login`).set('X-CSRF-Token', csrf).send({ email, password: STRONG_PASSWORD });
  expect(response.status).to.equal(200);
  return agent;
}

async function pendingInvitations(owner: TestSession, workspaceId: string): Promise<Array<{ email: string }>> {
  const response = await owner.agent.get(`${API}/workspaces/${workspaceId}/members`).expect(200);
  return response.body.invitations;
}

describe('workspace invitations meet sign-up and sign-in', () => {
  it('an invited email with no account becomes a member with the invited role when it signs up', async () => {
    const owner = await signedInUser('owner');
    const workspace = await createWorkspace(owner);
    const email = uniqueEmail('invitee');
    await invite(owner, workspace.externalId, email, 'EMPLOYEE');

    const { agent, csrf } = await newAgent();
    const { response } = await signUp(agent, csrf, { email });
    expect(response.status).to.equal(201);

    const member = await login(email);
    const role = await member.get(`${API}/workspaces/${workspace.externalId}/role`).expect(200);
    expect(role.body.role).to.equal('EMPLOYEE');
    const list = await member.get(`${API}/workspaces`).expect(200);
    expect(list.body.workspaces.map((each: { externalId: string }) => each.externalId)).to.deep.equal([workspace.externalId]);
    expect(await pendingInvitations(owner, workspace.externalId)).to.deep.equal([]);
  });

  it('matches the invitation whatever the letter case of either email', async () => {
    const owner = await signedInUser('owner');
    const workspace = await createWorkspace(owner);
    const email = uniqueEmail('invitee');
    await invite(owner, workspace.externalId, email.toUpperCase(), 'ADMIN');
    const { agent, csrf } = await newAgent();
    await signUp(agent, csrf, { email });
    const member = await login(email);
    const role = await member.get(`${API}/workspaces/${workspace.externalId}/role`).expect(200);
    expect(role.body.role).to.equal('ADMIN');
  });

  it('joins every workspace that invited the email', async () => {
    const [firstOwner, secondOwner] = await Promise.all([signedInUser('owner'), signedInUser('owner')]);
    const [first, second] = await Promise.all([createWorkspace(firstOwner), createWorkspace(secondOwner)]);
    const email = uniqueEmail('invitee');
    await invite(firstOwner, first.externalId, email, 'CLIENT');
    await invite(secondOwner, second.externalId, email, 'EMPLOYEE');
    const { agent, csrf } = await newAgent();
    await signUp(agent, csrf, { email });
    const member = await login(email);
    expect((await member.get(`${API}/workspaces/${first.externalId}/role`).expect(200)).body.role).to.equal('CLIENT');
    expect((await member.get(`${API}/workspaces/${second.externalId}/role`).expect(200)).body.role).to.equal('EMPLOYEE');
  });

  it('does not let another email in', async () => {
    const owner = await signedInUser('owner');
    const workspace = await createWorkspace(owner);
    await invite(owner, workspace.externalId, uniqueEmail('invitee'), 'EMPLOYEE');
    const outsider = await signedInUser('outsider');
    await outsider.agent.get(`${API}/workspaces/${workspace.externalId}/role`).expect(404);
    expect(await pendingInvitations(owner, workspace.externalId)).to.have.length(1);
  });

  it('an existing account is added at once (201), with no invitation left pending', async () => {
    const owner = await signedInUser('owner');
    const workspace = await createWorkspace(owner);
    const existing = await signedInUser('existing');
    const response = await owner.agent
      .post(`${API}/workspaces/${workspace.externalId}/members`)
      .set('X-CSRF-Token', owner.csrf)
      .send({ email: existing.user.email, role: 'EMPLOYEE' });
    expect(response.status).to.equal(201);
    expect((await existing.agent.get(`${API}/workspaces/${workspace.externalId}/role`).expect(200)).body.role).to.equal('EMPLOYEE');
    expect(await pendingInvitations(owner, workspace.externalId)).to.deep.equal([]);
  });

  it('an invitation still pending for an existing account is accepted at its next sign-in', async () => {
    // Reachable when the invitation is written while the account is being created (the owner's check saw no account yet).
    const owner = await signedInUser('owner');
    const workspace = await createWorkspace(owner);
    const email = uniqueEmail('late');
    const { agent, csrf } = await newAgent();
    await signUp(agent, csrf, { email });
    const knex = sharedHost().host.knex;
    const workspaceRow = await knex('workspaces').where({ external_id: workspace.externalId }).first<{ id: number }>('id');
    await knex('workspace_invitations').insert({ workspace_id: workspaceRow.id, email, role: 'EMPLOYEE' });

    const member = await login(email);
    expect((await member.get(`${API}/workspaces/${workspace.externalId}/role`).expect(200)).body.role).to.equal('EMPLOYEE');
    expect(await pendingInvitations(owner, workspace.externalId)).to.deep.equal([]);
  });
});
