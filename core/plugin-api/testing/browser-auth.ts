import type { BrowserContext } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { STRONG_PASSWORD, uniqueEmail } from './http';
import { tokenIn, waitForMail } from './mail-reader';

/**
 * Signs a new user up, verifies the address from the host's mailbox and signs in, through the browser context's own
 * cookie jar, as the sign-up form, the emailed link's page and the login form would.
 */
export async function signInBrowserContext(context: BrowserContext, baseUrl: string, label = 'browser') {
  const email = uniqueEmail(label);
  const csrf = async () => ((await (await context.request.get(`${baseUrl}/axal/auth/csrf`)).json()) as { csrfToken: string }).csrfToken;
  const signup = await context.request.post(`${baseUrl}/axal/auth/signup`, {
    headers: { 'X-CSRF-Token': await csrf() },
    data: { name: 'Browser Tester', email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
  });
  if (signup.status() !== 201) throw new Error(`sign-up failed: ${signup.status()}`);
  const verification = await waitForMail(email, { baseUrl, subject: 'Verify your email' });
  const verified = await context.request.post(`${baseUrl}/axal/auth/verify-email`, {
    headers: { 'X-CSRF-Token': await csrf() },
    data: { token: tokenIn(verification, '/verify-email') },
  });
  if (verified.status() !== 200) throw new Error(`verification failed: ${verified.status()}`);
  const login = await context.request.post(`${baseUrl}/axal/auth/login`, {
    headers: { 'X-CSRF-Token': await csrf() },
    data: { email, password: STRONG_PASSWORD },
  });
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const post = async <T>(path: string, data: unknown, method: 'post' | 'put' | 'patch' | 'delete' = 'post'): Promise<T> => {
    const response = await context.request[method](`${baseUrl}/axal/api/v1${path}`, { headers: { 'X-CSRF-Token': csrfToken }, data });
    if (!response.ok()) throw new Error(`${method} ${path} failed: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const createWorkspace = (name = `Firm ${randomUUID().slice(0, 6)}`) => post<{ externalId: string; name: string }>('/workspaces', { name });
  return { email, password: STRONG_PASSWORD, csrfToken, api: post, createWorkspace };
}
