import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { STRONG_PASSWORD } from '../core/plugin-api/testing/http';
import { tokenIn, waitForMail } from '../core/plugin-api/testing/mail-reader';

/** A signed-in user of a running host, over plain HTTP, holding the cookie a load generator can send as is. */
export interface BenchSession {
  cookie: string;
  csrf: string;
  workspaceId: string;
  request(path: string, init?: RequestInit): Promise<Response>;
}

/**
 * Signs up, verifies the address with the link the app mailed (read from its `{app}/dev/mailbox`), signs in and
 * creates a workspace through the public routes, keeping cookies like a browser.
 */
export async function benchSession(baseUrl: string): Promise<BenchSession> {
  const cookies = new Map<string, string>();
  let csrf = '';
  const request = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    if (csrf) headers.set('x-csrf-token', csrf);
    const response = await fetch(`${baseUrl}/axal${path}`, { ...init, headers });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    return response;
  };
  const json = async (path: string, body: unknown, expectedStatus: number) => {
    const response = await request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer = await response.json();
    if (response.status !== expectedStatus) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };

  csrf = (await (await request('/auth/csrf')).json()).csrfToken;
  const email = `bench.${randomUUID().slice(0, 8)}@firm.example`;
  await json('/auth/signup', { name: 'Bench Partner', email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }, 201);
  const verification = await waitForMail(email, { baseUrl, subject: 'Verify your email' });
  await json('/auth/verify-email', { token: tokenIn(verification, '/verify-email') }, 200);
  csrf = (await json('/auth/login', { email, password: STRONG_PASSWORD }, 200)).csrfToken;
  const workspace = await json('/api/v1/workspaces', { name: 'Bench Practice' }, 201);
  const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return { cookie, csrf, workspaceId: workspace.externalId, request };
}

/** The internal ids behind a bench session's workspace, for seeding rows straight into the database. */
export async function workspaceRowsOf(knex: Knex, workspaceExternalId: string): Promise<{ workspaceId: number; ownerId: number }> {
  const row = await knex('workspaces as w')
    .join('workspace_members as m', 'm.workspace_id', 'w.id')
    .where({ 'w.external_id': workspaceExternalId, 'm.role': 'OWNER' })
    .first('w.id', 'm.user_id');
  return { workspaceId: row.id, ownerId: row.user_id };
}
