import type TestAgent from 'supertest/lib/agent';
import type { Role } from '../../platform/identity';
import { sharedHost } from './root-hooks';
import { TestClient, type TestSession } from './test-client';

export { API, APP, createWorkspace, STRONG_PASSWORD, signUp, TestClient, uniqueEmail } from './test-client';
export type { TestSession } from './test-client';

/**
 * The helpers most tests use, acting on the shared host (or the host at `baseUrl` where one is taken). A test with a
 * host of its own calls the same methods on that host: `(await startTestHost({ plugins: ['documents'] })).signedInUser()`.
 */
const clientOf = (baseUrl = sharedHost().baseUrl) => new TestClient(baseUrl);

/** A cookie-keeping client of a running host (the shared one by default) that already holds a CSRF token. */
export const newAgent = (baseUrl?: string): Promise<{ agent: TestAgent; csrf: string }> => clientOf(baseUrl).newAgent();

/** A new user, signed up and signed in. */
export const signedInUser = (label = 'user', baseUrl?: string): Promise<TestSession> => clientOf(baseUrl).signedInUser(label);

/** A new signed-in user of the shared host who holds `role` in the workspace, joined through an emailed invitation. */
export const memberWithRole = (owner: TestSession, workspaceId: string, role: Role, options?: { clientIds?: string[] }): Promise<TestSession> =>
  clientOf().memberWithRole(owner, workspaceId, role, options);

/** Owner, admin, employee and client of one new workspace of the shared host. */
export const workspaceWithEveryRole = () => clientOf().workspaceWithEveryRole();
