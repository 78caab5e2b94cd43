import { z } from 'zod';
import { hasControlCharacters, INPUT_MESSAGES } from '../plugin-api/input-fields';
import { MESSAGES, PAN_PATTERN, type Platform } from './schemas';

/**
 * Bulk credential import (spec 1 sections 3 and 5.6): the rows the browser sends after reading the csv/xlsx file,
 * checked again by the server with the same rules and messages. No Node-only APIs here.
 */

/** The columns of the file, each required in every row. */
export const CREDENTIAL_IMPORT_FIELDS = ['email', 'platform', 'username', 'password', 'name', 'phone', 'panNumber'] as const;
type CredentialImportField = (typeof CREDENTIAL_IMPORT_FIELDS)[number];

export const MAX_CREDENTIAL_IMPORT_ROWS = 10_000;
/** As a spreadsheet numbers it: the header is row 1. */
export const FIRST_CREDENTIAL_DATA_ROW = 2;

export const CREDENTIAL_IMPORT_MESSAGES = {
  missingValues: (fields: readonly string[]) => `Missing values for ${fields.join(', ')}`,
  email: 'Invalid email format',
  pan: MESSAGES.pan,
  duplicatePan: 'Duplicate PAN number in the file',
  platform: 'Platform must be GST or Income Tax',
  rows: 'rows must be a list of credential rows',
  rowNumber: 'row must be the row number in the file (2 or more)',
  noRows: 'No valid rows to import',
  tooManyRows: `At most ${MAX_CREDENTIAL_IMPORT_ROWS.toLocaleString('en-IN')} rows can be imported at once`,
} as const;

/** Bounds on what is stored per row; a value a portal or a person would never use is refused rather than kept. */
const MAX_LENGTH: Record<CredentialImportField, number> = {
  email: 254,
  platform: 20,
  username: 200,
  password: 200,
  name: 200,
  phone: 20,
  panNumber: 20,
};
const FIELD_LABEL: Record<CredentialImportField, string> = {
  email: 'Email',
  platform: 'Platform',
  username: 'Username',
  password: 'Password',
  name: 'Name',
  phone: 'Phone',
  panNumber: 'PAN number',
};

/** The "basic pattern" of spec 5.6; the stricter client rules apply only when a row creates a client. */
const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface CredentialImportRow {
  row: number;
  email: string;
  platform: Platform;
  username: string;
  password: string;
  name: string;
  phone: string;
  panNumber: string;
}

export interface CredentialImportRowError {
  row: number;
  message: string;
}

/**
 * A row the import does not save, kept so the import reports it with its number: its PAN only when well formed,
 * and its problems in one message.
 */
export interface RefusedCredentialImportRow {
  row: number;
  panNumber: string;
  refusal: string;
}

/** What an import stores and works through, in row order. */
export type CredentialImportEntry = CredentialImportRow | RefusedCredentialImportRow;

export const isRefusedRow = (entry: CredentialImportEntry): entry is RefusedCredentialImportRow => 'refusal' in entry;

const rowNumberSchema = z
  .int({ error: CREDENTIAL_IMPORT_MESSAGES.rowNumber })
  .min(FIRST_CREDENTIAL_DATA_ROW, CREDENTIAL_IMPORT_MESSAGES.rowNumber)
  .max(Number.MAX_SAFE_INTEGER, CREDENTIAL_IMPORT_MESSAGES.rowNumber);

/**
 * The request body, read into checked rows: `row` is optional, for a browser that skipped rows of its file and keeps
 * their numbers. Only the checked values leave this schema, so a bad row is reported rather than refusing the request.
 */
export const credentialImportRequestSchema = z
  .object({
    rows: z.array(z.looseObject({ row: rowNumberSchema.optional() }), { error: CREDENTIAL_IMPORT_MESSAGES.rows }),
  })
  .transform(({ rows }) => ({ received: rows.length, ...checkCredentialImportRows(rows) }));

/** "GST", "Income Tax", "income-tax" or "INCOME_TAX", as people and the on-screen help write them. */
export function importPlatformOf(value: string): Platform | null {
  const key = value
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  if (key === 'GST') return 'GST';
  if (key === 'INCOME_TAX') return 'INCOME_TAX';
  return null;
}

/** Spreadsheets hand phone numbers over as numbers; anything else that is not text counts as missing. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/**
 * Checks every row with the rules of spec 5.6 and the text rule, and normalises the valid ones (PAN in capitals,
 * platform as stored). A PAN repeated in the file is an error on every repetition after the first. Each refused row
 * is listed once in `refusedRows` and once per problem in `rowErrors`.
 */
export function checkCredentialImportRows(items: readonly Record<string, unknown>[]): {
  rows: CredentialImportRow[];
  refusedRows: RefusedCredentialImportRow[];
  rowErrors: CredentialImportRowError[];
} {
  const rows: CredentialImportRow[] = [];
  const refusedRows: RefusedCredentialImportRow[] = [];
  const rowErrors: CredentialImportRowError[] = [];
  const firstRowOfPan = new Map<string, number>();
  items.forEach((item, index) => {
    const row = typeof item.row === 'number' ? item.row : index + FIRST_CREDENTIAL_DATA_ROW;
    const raw = Object.fromEntries(CREDENTIAL_IMPORT_FIELDS.map((field) => [field, textOf(item[field])])) as Record<CredentialImportField, string>;
    const messages: string[] = [];
    const missing = CREDENTIAL_IMPORT_FIELDS.filter((field) => raw[field].trim() === '');
    if (missing.length) messages.push(CREDENTIAL_IMPORT_MESSAGES.missingValues(missing));
    for (const field of CREDENTIAL_IMPORT_FIELDS) {
      if (raw[field].length > MAX_LENGTH[field]) messages.push(MESSAGES.tooLong(FIELD_LABEL[field], MAX_LENGTH[field]));
      else if (hasControlCharacters(raw[field])) messages.push(INPUT_MESSAGES.controlCharacters(FIELD_LABEL[field]));
    }
    const email = raw.email.trim();
    const panNumber = raw.panNumber.replace(/\s/g, '').toUpperCase();
    const platform = importPlatformOf(raw.platform);
    if (email && !BASIC_EMAIL.test(email)) messages.push(CREDENTIAL_IMPORT_MESSAGES.email);
    if (panNumber && !PAN_PATTERN.test(panNumber)) messages.push(CREDENTIAL_IMPORT_MESSAGES.pan);
    if (raw.platform.trim() && !platform) messages.push(CREDENTIAL_IMPORT_MESSAGES.platform);
    if (PAN_PATTERN.test(panNumber)) {
      const panSeen = firstRowOfPan.get(panNumber);
      if (panSeen === undefined) firstRowOfPan.set(panNumber, row);
      else messages.push(`${CREDENTIAL_IMPORT_MESSAGES.duplicatePan} (also on row ${panSeen})`);
    }
    if (messages.length || !platform) {
      for (const message of messages) rowErrors.push({ row, message });
      refusedRows.push({ row, panNumber: PAN_PATTERN.test(panNumber) ? panNumber : '', refusal: messages.join('; ') });
      return;
    }
    rows.push({
      row,
      email,
      platform,
      username: raw.username.trim(),
      // A password is used exactly as given: spaces at either end may be part of it.
      password: raw.password,
      name: raw.name.trim(),
      phone: raw.phone.trim(),
      panNumber,
    });
  });
  return { rows, refusedRows, rowErrors };
}

export type CredentialImportStatus = 'queued' | 'running' | 'completed' | 'failed';
export type CredentialImportOutcome = 'created_client' | 'updated_credential' | 'added_credential' | 'failed';

export interface CredentialImportResult {
  row: number;
  panNumber: string;
  outcome: CredentialImportOutcome;
  error?: string;
}

/** What `GET clients/credentials/import/{id}` answers. */
export interface CredentialImportView {
  importId: string;
  status: CredentialImportStatus;
  total: number;
  completed: number;
  results: CredentialImportResult[];
  /** True while the import is unfinished and no worker process has been seen for 30 s: it cannot move until one runs. */
  waitingForWorker: boolean;
}

export const WAITING_FOR_WORKER_MESSAGE =
  'Waiting for a worker: no background worker has been running for 30 seconds. The import goes on as soon as one starts.';

/** An import whose every row failed has failed, as its notification says; any row imported makes it completed. */
export function finishedImportStatus(results: readonly CredentialImportResult[]): 'completed' | 'failed' {
  return results.some((result) => result.outcome !== 'failed') ? 'completed' : 'failed';
}

export function countOutcomes(results: CredentialImportResult[]): Record<CredentialImportOutcome, number> {
  const counts: Record<CredentialImportOutcome, number> = { created_client: 0, added_credential: 0, updated_credential: 0, failed: 0 };
  for (const result of results) counts[result.outcome] += 1;
  return counts;
}
