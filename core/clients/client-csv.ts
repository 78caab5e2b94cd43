import Papa from 'papaparse';
import { badRequest, fieldErrorsOf } from '../platform/errors';
import { BULK_IMPORT_COLUMNS, bulkImportRowSchema, REQUIRED_IMPORT_COLUMNS, type ClientInput } from './schemas';

export interface RowError {
  row: number;
  field?: string;
  message: string;
}

export interface ImportRow {
  /** As a spreadsheet numbers it: the header is row 1, the first client row 2. */
  row: number;
  input: ClientInput;
}

export const NOT_A_CSV = 'The file is not a valid CSV file';
const FIRST_DATA_ROW = 2;
const COLUMN_OF_FIELD = new Map<string, string>(BULK_IMPORT_COLUMNS.map(([column, field]) => [field, column]));

/** Text, or nothing when the bytes are not UTF-8 text: a spreadsheet, an image or any other binary file. */
function textOf(bytes: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // Control characters other than tab and line breaks never occur in a CSV written by a person or a spreadsheet.
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? null : text.replace(/^\uFEFF/, '');
}

/**
 * Reads a bulk client import file (spec 1 sections 3 and 5.5): every row is validated and rows repeating an earlier
 * row's PAN or email are errors. A file that is not a CSV of the template's columns is refused as a whole.
 */
export function readClientCsv(bytes: Buffer): { rows: ImportRow[]; rowErrors: RowError[] } {
  const text = textOf(bytes);
  if (text === null) throw badRequest(NOT_A_CSV);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  // A delimiter that cannot be detected falls back to a comma; the column check below then decides.
  const structural = parsed.errors.find((error) => error.type === 'Quotes');
  if (structural) {
    throw badRequest(`${NOT_A_CSV}: ${structural.message}${structural.row === undefined ? '' : ` (row ${structural.row + FIRST_DATA_ROW})`}`);
  }
  const [header = [], ...records] = parsed.data;
  const columns = header.map((name) => name.trim().toLowerCase());
  const missing = REQUIRED_IMPORT_COLUMNS.filter((column) => !columns.includes(column.toLowerCase()));
  if (missing.length) throw badRequest(`${NOT_A_CSV}: missing columns ${missing.join(', ')}`);
  if (!records.length) throw badRequest('The file has no client rows');

  const positionOf = new Map(BULK_IMPORT_COLUMNS.map(([column, field]) => [field, columns.indexOf(column.toLowerCase())]));
  const rows: ImportRow[] = [];
  const rowErrors: RowError[] = [];
  const firstRowOfPan = new Map<string, number>();
  const firstRowOfEmail = new Map<string, number>();
  records.forEach((record, index) => {
    const row = index + FIRST_DATA_ROW;
    if (record.length > header.length) {
      rowErrors.push({ row, message: `Row has ${record.length} values but the header has ${header.length} columns` });
      return;
    }
    const raw = Object.fromEntries([...positionOf].map(([field, position]) => [field, position < 0 ? undefined : (record[position] ?? '').trim()]));
    const result = bulkImportRowSchema.safeParse({ ...raw, clientType: raw.clientType?.toUpperCase() });
    if (!result.success) {
      for (const [field, messages] of Object.entries(fieldErrorsOf(result.error))) {
        for (const message of messages) rowErrors.push({ row, field: COLUMN_OF_FIELD.get(field), message });
      }
      return;
    }
    const input = result.data;
    const email = input.email.toLowerCase();
    const panSeen = firstRowOfPan.get(input.panNumber);
    const emailSeen = firstRowOfEmail.get(email);
    if (panSeen !== undefined) rowErrors.push({ row, field: 'PAN Number', message: `Duplicate PAN number in the file (also on row ${panSeen})` });
    if (emailSeen !== undefined) rowErrors.push({ row, field: 'Email', message: `Duplicate email in the file (also on row ${emailSeen})` });
    firstRowOfPan.set(input.panNumber, panSeen ?? row);
    firstRowOfEmail.set(email, emailSeen ?? row);
    rows.push({ row, input });
  });
  return { rows, rowErrors };
}

/** The downloadable template: the columns in order and two sample rows, one business and one individual. */
export function bulkImportTemplate(): string {
  const sample: Record<string, string>[] = [
    {
      clientType: 'BUSINESS',
      name: 'Shree Ganesh Traders Pvt Ltd',
      email: 'accounts@shreeganeshtraders.example',
      phone: '+919820012345',
      panNumber: 'AABCS1234K',
      gstin: '27AABCS1234K1ZG',
      contactPerson: 'Ramesh Iyer',
      businessAddress: '14, Kalbadevi Road, Mumbai - 400002',
      tan: 'MUMS12345B',
      industry: 'Wholesale Trade',
    },
    {
      clientType: 'INDIVIDUAL',
      name: 'Priya Nair',
      email: 'priya.nair@example.in',
      phone: '9845098450',
      panNumber: 'ABKPN4321M',
      aadhaarNumber: '234567890123',
      dateOfBirth: '1986-04-17',
      residentialAddress: 'Flat 5B, Lake View Apartments, Kochi - 682020',
      occupation: 'Architect',
    },
  ];
  return Papa.unparse({
    fields: BULK_IMPORT_COLUMNS.map(([column]) => column),
    data: sample.map((values) => BULK_IMPORT_COLUMNS.map(([, field]) => values[field] ?? '')),
  });
}
