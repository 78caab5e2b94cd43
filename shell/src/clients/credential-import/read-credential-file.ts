import Papa from 'papaparse';
import type { WorkBook } from 'xlsx';
import type { CredentialFileTable } from './validate-rows';

/** What the picker offers; an .xls file chosen some other way is read too (spec 1 section 5.6). */
export const CREDENTIAL_FILE_ACCEPT = '.csv,.xlsx';

type CredentialFileKind = 'csv' | 'excel';
const KIND_OF_EXTENSION: Record<string, CredentialFileKind> = { csv: 'csv', xlsx: 'excel', xls: 'excel' };

/** The first bytes of an .xlsx (a ZIP archive) and of an .xls (an OLE2 compound file). */
const EXCEL_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
];

/** A file that cannot be read; `title` is the spec's heading for the toast or callout. */
export class CredentialFileError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
    this.name = 'CredentialFileError';
  }
}

const VALIDATION_FAILED = 'Validation Failed';

/** The sheet library has known flaws; it is fetched only when an Excel file is read or written, never bundled up front. */
export const loadSpreadsheetLibrary = () => import(/* webpackChunkName: "xlsx" */ 'xlsx');

export async function readCredentialFile(file: File | null | undefined): Promise<CredentialFileTable> {
  if (!file) throw new CredentialFileError('No file selected', 'Choose a .csv or .xlsx file to import.');
  const kind = KIND_OF_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''];
  if (!kind) throw new CredentialFileError('Invalid file type', `${file.name} is not a .csv or .xlsx file.`);
  if (file.size === 0) throw new CredentialFileError(VALIDATION_FAILED, 'The file is empty.');
  const lines = kind === 'csv' ? await csvLines(file) : await worksheetLines(file);
  const [headers = [], ...rows] = lines;
  if (headers.every((header) => header.trim() === ''))
    throw new CredentialFileError(VALIDATION_FAILED, 'The file is empty: its first line names no columns.');
  return { headers: headers.map((header) => header.trim()), rows };
}

async function csvLines(file: File): Promise<string[][]> {
  // Blank lines are kept so every later row keeps its spreadsheet number; the row check skips them.
  const { data, errors } = Papa.parse<string[]>(await file.text(), { delimiter: ',', skipEmptyLines: false });
  const [firstError] = errors;
  if (firstError) {
    const where = firstError.row === undefined ? '' : ` (row ${firstError.row + 1})`;
    throw new CredentialFileError(VALIDATION_FAILED, `CSV parsing error: ${firstError.message}${where}`);
  }
  return data;
}

async function worksheetLines(file: File): Promise<string[][]> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  // Excel exports from some portals are HTML or XML renamed to .xls; only genuine workbooks reach the sheet library.
  if (!EXCEL_SIGNATURES.some((signature) => signature.every((byte, index) => bytes[index] === byte))) {
    throw new CredentialFileError('Unsupported file type', `${file.name} is not an Excel workbook. Save it as .xlsx or .csv and choose it again.`);
  }
  const XLSX = await loadSpreadsheetLibrary();
  let workbook: WorkBook;
  try {
    workbook = XLSX.read(bytes, { type: 'array', cellFormula: false, cellHTML: false, cellStyles: false });
  } catch {
    throw new CredentialFileError(VALIDATION_FAILED, 'Invalid file format');
  }
  const firstSheet = workbook.SheetNames[0];
  const sheet = firstSheet === undefined ? undefined : workbook.Sheets[firstSheet];
  if (!sheet) throw new CredentialFileError('No worksheet found', 'The workbook has no worksheet to read.');
  // Cells as the sheet displays them (`raw: false`), so a phone number or a numeric password reads as written; empty cells are ''.
  return XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true });
}
