import { randomInt } from 'node:crypto';
import type { ClientView } from '../../clients/wire';
import { call } from '../../workspaces/tests/support';
import type { TestSession } from './test-client';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Random capital letters, for names and PANs no other test shares. */
export const randomLetters = (count: number) => Array.from({ length: count }, () => LETTERS[randomInt(26)]).join('');
const randomDigits = (count: number) => Array.from({ length: count }, () => String(randomInt(10))).join('');

/**
 * A business client of the workspace, made through `POST clients` as the web app makes one; `email` links a CLIENT
 * member to it, and `emailPrefix` names the suite in generated addresses.
 */
export async function createBusinessClient(
  owner: TestSession,
  workspaceId: string,
  fields: { name?: string; email?: string; emailPrefix?: string } = {},
): Promise<ClientView> {
  const response = await call(owner, 'post', '/clients', {
    workspaceExternalId: workspaceId,
    clientType: 'BUSINESS',
    name: fields.name ?? `Client ${randomLetters(5)}`,
    email: fields.email ?? `${fields.emailPrefix ?? 'client'}.${randomLetters(8).toLowerCase()}@clients.example`,
    phone: '9820012345',
    panNumber: `${randomLetters(3)}C${randomLetters(1)}${randomDigits(4)}${randomLetters(1)}`,
    businessAddress: '22, Residency Road, Bengaluru - 560025',
  });
  if (response.status !== 201) throw new Error(`client creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.client;
}
