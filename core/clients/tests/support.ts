import { randomInt } from 'node:crypto';
import type Test from 'supertest/lib/test';
import { gstinCheckCharacter } from '../gstin';
import { API, type TestSession } from '../../plugin-api/testing/http';
import { call } from '../../workspaces/tests/support';

export { call, db, internalIdOf, NO_PERMISSION, WORKSPACE_NOT_FOUND } from '../../workspaces/tests/support';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letters = (count: number) => Array.from({ length: count }, () => LETTERS[randomInt(26)]).join('');
const digits = (count: number) => Array.from({ length: count }, () => String(randomInt(10))).join('');

/** A well-formed PAN no other test is likely to use. */
export const uniquePan = () => `${letters(5)}${digits(4)}${letters(1)}`;
/** A unique PAN whose fourth character names the holder's kind: P a person, C a company, F a firm, ... */
export const uniquePanOfHolder = (holder: string) => `${letters(3)}${holder}${letters(1)}${digits(4)}${letters(1)}`;
export const uniqueClientEmail = () => `client.${letters(6).toLowerCase()}${digits(4)}@clients.example`;
/** A GSTIN for the PAN with a correct check character. */
export const gstinOf = (pan: string, state = '27') => `${state}${pan}1Z${gstinCheckCharacter(`${state}${pan}1Z`)}`;

export function businessClient(overrides: Record<string, unknown> = {}) {
  const panNumber = uniquePan();
  return {
    clientType: 'BUSINESS',
    name: 'Kaveri Textiles Pvt Ltd',
    email: uniqueClientEmail(),
    phone: '+919820012345',
    panNumber,
    gstin: gstinOf(panNumber),
    contactPerson: 'Sunil Rao',
    businessAddress: '22, Residency Road, Bengaluru - 560025',
    tan: 'BLRK12345C',
    industry: 'Textiles',
    ...overrides,
  };
}

export function individualClient(overrides: Record<string, unknown> = {}) {
  return {
    clientType: 'INDIVIDUAL',
    name: 'Meera Krishnan',
    email: uniqueClientEmail(),
    phone: '9845012345',
    panNumber: uniquePan(),
    residentialAddress: '7/3, Temple Street, Madurai - 625001',
    aadhaarNumber: `2${digits(11)}`,
    dateOfBirth: '1984-09-12',
    occupation: 'Doctor',
    ...overrides,
  };
}

export async function createClient(
  owner: TestSession,
  workspaceId: string,
  fields: Record<string, unknown>,
): Promise<{ externalId: string; name: string }> {
  const response = await call(owner, 'post', '/clients', { ...fields, workspaceExternalId: workspaceId });
  if (response.status !== 201) throw new Error(`client creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.client;
}

/** POST clients/bulk-upload as multipart, the way the web app sends it. */
export function uploadCsv(session: TestSession, workspaceId: string, content: string | Buffer, filename = 'clients.csv'): Test {
  return session.agent
    .post(`${API}/clients/bulk-upload`)
    .query({ workspaceId })
    .set('X-CSRF-Token', session.csrf)
    .attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), filename);
}
