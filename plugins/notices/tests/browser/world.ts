import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import {
  quietWorkspace,
  sharedHost,
  signInBrowserContext,
  type browserSuite,
  type BrowserSession,
  type SignedIn,
} from '../../../../core/plugin-api/testing';
import { NOTICES_ROUTES, type NoticeCreateRequest, type NoticeView } from '../../shared/wire';

/** The owner's name, as the pages show it (assignee, activity). */
export const OWNER_NAME = 'Anil Mehta';

/** `YYYY-MM-DD`, `days` from today in India. */
export const isoDateIn = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + days * 86_400_000));

/** Where a notices journey starts: a new owner with a workspace of their own, made through the API. */
export interface OwnerWorld {
  signedIn: SignedIn;
  ownerId: string;
  workspaceId: string;
  /** Added to a page's context, they open it signed in as the owner. */
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
}

/** Signs a new owner in through `session`'s context and makes them a quiet workspace (see quietWorkspace). */
export async function ownerWorld(session: BrowserSession, label: string, workspaceName: string): Promise<OwnerWorld> {
  const signedIn = await signInBrowserContext(session.context, sharedHost().baseUrl, label);
  const { user } = await signedIn.api<{ user: { externalId: string } }>('/me', { name: OWNER_NAME }, 'patch');
  const workspaceId = (await quietWorkspace(signedIn, workspaceName)).externalId;
  return { signedIn, ownerId: user.externalId, workspaceId, cookies: await session.context.cookies() };
}

/** A business client of the world's workspace, made through `POST /clients`; answers its id. */
export async function createClient(world: OwnerWorld, name: string, panNumber: string): Promise<string> {
  const { client } = await world.signedIn.api<{ client: { externalId: string } }>('/clients', {
    workspaceExternalId: world.workspaceId,
    clientType: 'BUSINESS',
    name,
    email: `client.${randomUUID().slice(0, 8)}@clients.example`,
    phone: '9845012345',
    panNumber,
    businessAddress: '22, Residency Road, Bengaluru - 560025',
  });
  return client.externalId;
}

/** A notice of the world's workspace, made through `POST notices`. */
export async function createNotice(world: OwnerWorld, request: Omit<NoticeCreateRequest, 'workspaceId'>): Promise<NoticeView> {
  const { data } = await world.signedIn.api<{ data: NoticeView }>(`/${NOTICES_ROUTES.create}`, { workspaceId: world.workspaceId, ...request });
  return data;
}

/** A new page of the current test, signed in as the world's owner. */
export async function openAsOwner(
  suite: ReturnType<typeof browserSuite>,
  world: OwnerWorld,
  options?: { colorScheme?: 'light' | 'dark' },
): Promise<BrowserSession> {
  const session = await suite.open(options);
  await session.context.addCookies(world.cookies);
  return session;
}

/** Saves a client's portal login through `POST clients/{id}/credentials`, after "Verify Your Identity" as the web app does. */
export async function addPortalLogin(
  world: OwnerWorld,
  clientId: string,
  platformName: 'GST' | 'INCOME_TAX',
  username: string,
  password: string,
): Promise<void> {
  await world.signedIn.api('/me/step-up', { password: world.signedIn.password });
  await world.signedIn.api(`/clients/${clientId}/credentials`, { workspaceId: world.workspaceId, platformName, username, password });
}

/** Switches the notices plugin's `useSandboxPortal` setting on, so Refresh Notices syncs from the sandbox portal. */
export async function switchOnSandboxPortal(world: OwnerWorld): Promise<void> {
  await world.signedIn.api(`/workspaces/${world.workspaceId}/plugins/notices/settings`, { values: { useSandboxPortal: true } }, 'put');
}

/**
 * The world's owner calling the API through `session` (opened with openAsOwner): the browser context that signed them
 * in closes after the first test, while their server session (the cookie openAsOwner copies, the CSRF token) lives on.
 */
export function ownerIn(session: BrowserSession, world: OwnerWorld): SignedIn {
  const { csrfToken } = world.signedIn;
  return {
    ...world.signedIn,
    api: async <T>(path: string, data: unknown, method?: 'post' | 'put' | 'patch' | 'delete'): Promise<T> => {
      const response = await session.context.request[method ?? 'post'](`${sharedHost().baseUrl}/axal/api/v1${path}`, {
        headers: { 'X-CSRF-Token': csrfToken },
        data,
      });
      if (!response.ok()) throw new Error(`${method ?? 'post'} ${path} failed: ${response.status()} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}
