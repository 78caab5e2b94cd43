import {
  CREDENTIAL_IMPORT_FIELDS,
  CREDENTIAL_IMPORT_MESSAGES,
  FIRST_CREDENTIAL_DATA_ROW,
  importPlatformOf,
  type CredentialImportRow,
} from '../../../../core/clients/credential-import-rows';
import { PAN_PATTERN } from '../../../../core/clients/schemas';

/**
 * Checks a credential file's rows in the browser before anything is sent (spec 1 section 5.6), with the messages
 * the server uses when it checks the rows again. Pure: no React, no file reading.
 */

export type CredentialImportField = (typeof CREDENTIAL_IMPORT_FIELDS)[number];

/** A file as read: its first line's cells, then every further line, the first of them spreadsheet row 2. */
export interface CredentialFileTable {
  headers: string[];
  rows: string[][];
}

export interface RowIssue {
  row: number;
  message: string;
}

export type CredentialRowsCheck =
  | { kind: 'missing-columns'; missingColumns: CredentialImportField[] }
  | {
      kind: 'checked';
      /** Every row with any value; blank lines are not rows. */
      rowCount: number;
      validRows: CredentialImportRow[];
      missingPanCount: number;
      duplicatePanCount: number;
      invalidCount: number;
      /** One per duplicate or invalid row, in file order; rows without a PAN are only counted. */
      issues: RowIssue[];
    };

const MAX_SHOWN_ISSUES = 3;

const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "panNumber", "PAN Number" and "pan_number" all name the same column. */
const columnKey = (header: string) => header.replace(/[\s_-]/g, '').toLowerCase();

export function checkCredentialRows({ headers, rows }: CredentialFileTable): CredentialRowsCheck {
  const headerKeys = headers.map(columnKey);
  const columnIndex = new Map(CREDENTIAL_IMPORT_FIELDS.map((field) => [field, headerKeys.indexOf(columnKey(field))]));
  const missingColumns = CREDENTIAL_IMPORT_FIELDS.filter((field) => columnIndex.get(field) === -1);
  if (missingColumns.length) return { kind: 'missing-columns', missingColumns };

  const validRows: CredentialImportRow[] = [];
  const issues: RowIssue[] = [];
  // A PAN belongs to the first row that names it, valid or not: later rows with it are duplicates either way.
  const firstRowOfPan = new Map<string, number>();
  let rowCount = 0;
  let missingPanCount = 0;
  let duplicatePanCount = 0;
  let invalidCount = 0;

  rows.forEach((cells, index) => {
    const row = index + FIRST_CREDENTIAL_DATA_ROW;
    const value = (field: CredentialImportField) => cells[columnIndex.get(field)!] ?? '';
    if (CREDENTIAL_IMPORT_FIELDS.every((field) => value(field).trim() === '')) return;
    rowCount += 1;

    const panNumber = value('panNumber').replace(/\s/g, '').toUpperCase();
    if (!panNumber) {
      missingPanCount += 1;
      return;
    }

    const messages: string[] = [];
    const missingFields = CREDENTIAL_IMPORT_FIELDS.filter((field) => value(field).trim() === '');
    if (missingFields.length) messages.push(CREDENTIAL_IMPORT_MESSAGES.missingValues(missingFields));
    const email = value('email').trim();
    if (email && !BASIC_EMAIL.test(email)) messages.push(CREDENTIAL_IMPORT_MESSAGES.email);
    const panIsWellFormed = PAN_PATTERN.test(panNumber);
    if (!panIsWellFormed) messages.push(CREDENTIAL_IMPORT_MESSAGES.pan);
    const platform = importPlatformOf(value('platform'));
    if (value('platform').trim() && !platform) messages.push(CREDENTIAL_IMPORT_MESSAGES.platform);

    const firstRow = panIsWellFormed ? firstRowOfPan.get(panNumber) : undefined;
    if (firstRow !== undefined) {
      duplicatePanCount += 1;
      issues.push({ row, message: [`${CREDENTIAL_IMPORT_MESSAGES.duplicatePan} (also on row ${firstRow})`, ...messages].join('; ') });
      return;
    }
    if (panIsWellFormed) firstRowOfPan.set(panNumber, row);
    if (messages.length || !platform) {
      invalidCount += 1;
      issues.push({ row, message: messages.join('; ') });
      return;
    }
    validRows.push({
      row,
      email,
      platform,
      username: value('username').trim(),
      // Kept exactly as written: spaces at either end may be part of a password.
      password: value('password'),
      name: value('name').trim(),
      phone: value('phone').trim(),
      panNumber,
    });
  });

  return { kind: 'checked', rowCount, validRows, missingPanCount, duplicatePanCount, invalidCount, issues };
}

/** The first issues to show, and how many more there are ("and N more errors"). */
export function issuesToShow(issues: readonly RowIssue[]): { shown: RowIssue[]; moreText: string | null } {
  const hidden = issues.length - MAX_SHOWN_ISSUES;
  return { shown: issues.slice(0, MAX_SHOWN_ISSUES), moreText: hidden > 0 ? `and ${hidden} more ${hidden === 1 ? 'error' : 'errors'}` : null };
}

export type NoticeTitle =
  'Validation Failed' | 'Missing Required Fields' | 'Partial Validation' | 'Missing PAN Numbers' | 'Duplicate PAN Numbers' | 'Ready to Import';

export interface ValidationNotice {
  title: NoticeTitle;
  message: string;
  intent: 'danger' | 'warning' | 'success';
}

const rowsText = (count: number) => `${count} ${count === 1 ? 'row' : 'rows'}`;

/** What the dialog says about a checked file, most important first; the first notice decides whether it can be imported. */
export function validationNotices(check: CredentialRowsCheck): ValidationNotice[] {
  if (check.kind === 'missing-columns') {
    return [{ title: 'Missing Required Fields', message: `The file has no ${check.missingColumns.join(', ')} column.`, intent: 'danger' }];
  }
  if (check.rowCount === 0) return [{ title: 'Validation Failed', message: 'The file is empty: it has no data rows.', intent: 'danger' }];

  const valid = check.validRows.length;
  const skipped = check.rowCount - valid;
  const notices: ValidationNotice[] = [];
  if (valid === 0)
    notices.push({
      title: 'Validation Failed',
      message: `${CREDENTIAL_IMPORT_MESSAGES.noRows}: all ${rowsText(check.rowCount)} would be skipped.`,
      intent: 'danger',
    });
  else if (skipped > 0) {
    notices.push({
      title: 'Partial Validation',
      message: `${rowsText(valid)} of ${check.rowCount} will be imported; ${rowsText(skipped)} will be skipped.`,
      intent: 'warning',
    });
  } else notices.push({ title: 'Ready to Import', message: valid === 1 ? 'The row is valid.' : `All ${valid} rows are valid.`, intent: 'success' });
  if (check.missingPanCount > 0) {
    notices.push({
      title: 'Missing PAN Numbers',
      message: `${rowsText(check.missingPanCount)} without a PAN number will be skipped.`,
      intent: 'warning',
    });
  }
  if (check.duplicatePanCount > 0) {
    notices.push({
      title: 'Duplicate PAN Numbers',
      message: `${check.duplicatePanCount === 1 ? '1 row repeats' : `${check.duplicatePanCount} rows repeat`} a PAN number from an earlier row; only the first row of each PAN is kept.`,
      intent: 'warning',
    });
  }
  return notices;
}
