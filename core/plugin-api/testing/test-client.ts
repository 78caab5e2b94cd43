import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { Role } from '../../platform/identity';

export const APP = '/axal';
export const API = `${APP}/api/v1`;
export const STRONG_PASSWORD = 'Sturdy#Ledger2026';

export interface TestSession {
  agent: TestAgent;
  csrf: string;
  user: { externalId: string; name: string; email: string };
  password: string;
}

export const uniqueEmail = (label = 'user') => `${label}.${randomUUID().slice(0, 8)}@firm.example`;

export async function signUp(agent: TestAgent, csrf: string, fields: Partial<Record<'name' | 'email' | 'password', string>> = {}) {
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

  /** A new user, signed up and signed in. */
  async signedInUser(label = 'user'): Promise<TestSession> {
    const { agent, csrf } = await this.newAgent();
    const email = uniqueEmail(label);
    const { response } = await signUp(agent, csrf, { email });
    if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
    const login = await agent.post(`${APP}/auth/login`).set('X-CSRF-Token', csrf).send({ email, password: STRONG_PASSWORD });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
    return { agent, csrf: login.body.csrfToken, user: login.body.user, password: STRONG_PASSWORD };
  }

  /** A new workspace owned by `owner`, on the host `owner` signed in to. */
  createWorkspace(owner: TestSession, name?: string): Promise<{ externalId: string; name: string }> {
    return createWorkspace(owner, name);
  }

  /** A new signed-in user who holds `role` in the workspace (which `owner`, of this host, may manage). */
  async memberWithRole(owner: TestSession, workspaceId: string, role: Role): Promise<TestSession> {
    const member = await this.signedInUser(role.toLowerCase());
    const response = await owner.agent
      .post(`${API}/workspaces/${workspaceId}/members`)
      .set('X-CSRF-Token', owner.csrf)
      .send({ email: member.user.email, role });
    if (response.status !== 201) throw new Error(`adding member failed: ${response.status} ${JSON.stringify(response.body)}`);
    return member;
  }

  /** Owner, admin, employee and client of one new workspace. */
  async workspaceWithEveryRole(): Promise<{ workspace: { externalId: string; name: string }; sessions: Record<Role, TestSession> }> {
    const owner = await this.signedInUser('owner');
    const workspace = await this.createWorkspace(owner);
    const admin = await this.memberWithRole(owner, workspace.externalId, 'ADMIN');
    const employee = await this.memberWithRole(owner, workspace.externalId, 'EMPLOYEE');
    const client = await this.memberWithRole(owner, workspace.externalId, 'CLIENT');
    return { workspace, sessions: { OWNER: owner, ADMIN: admin, EMPLOYEE: employee, CLIENT: client } };
  }
}
