import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { Role } from '../../platform/identity';
import { tokenIn, waitForMail } from './mail-reader';
import { API, APP } from './paths';

export { API, APP } from './paths';
export const STRONG_PASSWORD = 'Sturdy#Ledger2026';

export interface TestSession {
  agent: TestAgent;
  csrf: string;
  user: { externalId: string; name: string; email: string };
  password: string;
}

export const uniqueEmail = (label = 'user') => `${label}.${randomUUID().slice(0, 8)}@firm.example`;

export type AccountFields = Partial<Record<'name' | 'email' | 'password', string>>;

/** An account signed up and verified but not signed in, with the anonymous agent that made it. */
export interface VerifiedAccount {
  agent: TestAgent;
  csrf: string;
  email: string;
  password: string;
  user: TestSession['user'];
}

export async function signUp(agent: TestAgent, csrf: string, fields: AccountFields = {}) {
  const password = fields.password ?? STRONG_PASSWORD;
  const body = { name: fields.name ?? 'Asha Mehta', email: fields.email ?? uniqueEmail(), password, confirmPassword: password };
  const response = await agent.post(`${APP}/auth/signup`).set('X-CSRF-Token', csrf).send(body);
  return { response, body };
}

/** A new workspace owned by `owner`, on the host `owner` signed in to. */
export async function createWorkspace(owner: TestSession, name = `Firm ${randomUUID().slice(0, 6)}`): Promise<{ externalId: string; name: string }> {
  const response = await owner.agent.post(`${API}/workspaces`).set('X-CSRF-Token', owner.csrf).send({ name });
  if (response.status !== 201) throw new Error(`workspace creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/**
 * Users, workspaces and members of any role on one running host, made through its HTTP API as the web app makes
 * them. A session's agent keeps talking to the host it was made on.
 */
export class TestClient {
  constructor(readonly baseUrl: string) {}

  /** A cookie-keeping client of the host that already holds a CSRF token. */
  async newAgent(): Promise<{ agent: TestAgent; csrf: string }> {
    const agent = request.agent(this.baseUrl);
    const response = await agent.get(`${APP}/auth/csrf`).expect(200);
    return { agent, csrf: response.body.csrfToken as string };
  }

  /**
   * A new account whose address is verified as its owner would: signed up, the verification mail read from the host's
   * mailbox and its link's token posted. The agent is still signed out.
   */
  async verifiedAccount(label = 'user', fields: AccountFields = {}): Promise<VerifiedAccount> {
    const { agent, csrf } = await this.newAgent();
    const email = fields.email ?? uniqueEmail(label);
    const { response, body } = await signUp(agent, csrf, { ...fields, email });
    if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
    const message = await waitForMail(email, { baseUrl: this.baseUrl, subject: 'Verify your email' });
    const verified = await agent
      .post(`${APP}/auth/verify-email`)
      .set('X-CSRF-Token', csrf)
      .send({ token: tokenIn(message, '/verify-email') });
    if (verified.status !== 200) throw new Error(`verification failed: ${verified.status} ${JSON.stringify(verified.body)}`);
    return { agent, csrf, email, password: body.password, user: response.body.user };
  }

  /** A new user, signed up, verified and signed in (with the address in `fields.email` when one is given). */
  async signedInUser(label = 'user', fields: AccountFields = {}): Promise<TestSession> {
    const { agent, csrf, email, password } = await this.verifiedAccount(label, fields);
    const login = await agent.post(`${APP}/auth/login`).set('X-CSRF-Token', csrf).send({ email, password });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
    return { agent, csrf: login.body.csrfToken, user: login.body.user, password };
  }

  /** A new workspace owned by `owner`, on the host `owner` signed in to. */
  createWorkspace(owner: TestSession, name?: string): Promise<{ externalId: string; name: string }> {
    return createWorkspace(owner, name);
  }

  /**
   * A new signed-in user who holds `role` in the workspace (which `owner`, of this host, may manage), joined as anyone
   * joins: `owner` invites their address, and they accept with the link of the invitation email. A CLIENT member
   * stands for the clients of `clientIds` (external ids of the workspace's clients).
   */
  async memberWithRole(owner: TestSession, workspaceId: string, role: Role, options: { clientIds?: string[] } = {}): Promise<TestSession> {
    const member = await this.signedInUser(role.toLowerCase());
    const invited = await owner.agent
      .post(`${API}/workspaces/${workspaceId}/members`)
      .set('X-CSRF-Token', owner.csrf)
      .send({ email: member.user.email, role, ...(options.clientIds ? { clientIds: options.clientIds } : {}) });
    if (invited.status !== 202) throw new Error(`inviting a member failed: ${invited.status} ${JSON.stringify(invited.body)}`);
    const message = await waitForMail(member.user.email, { baseUrl: this.baseUrl, subject: 'invited you' });
    const accepted = await member.agent
      .post(`${API}/invitations/accept`)
      .set('X-CSRF-Token', member.csrf)
      .send({ token: tokenIn(message, '/invitations/accept') });
    if (accepted.status !== 200) throw new Error(`accepting the invitation failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
    return member;
  }

  /** Owner, admin, employee and client of one new workspace. */
  async workspaceWithEveryRole(): Promise<{ workspace: { externalId: string; name: string }; sessions: Record<Role, TestSession> }> {
    const owner = await this.signedInUser('owner');
    const workspace = await this.createWorkspace(owner);
    const [admin, employee, client] = await Promise.all(
      (['ADMIN', 'EMPLOYEE', 'CLIENT'] as const).map((role) => this.memberWithRole(owner, workspace.externalId, role)),
    );
    return { workspace, sessions: { OWNER: owner, ADMIN: admin, EMPLOYEE: employee, CLIENT: client } };
  }
}
