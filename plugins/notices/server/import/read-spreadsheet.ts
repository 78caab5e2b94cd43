import ExcelJS, { type CellValue } from 'exceljs';
import Papa from 'papaparse';
import { hasControlCharacters, HttpError } from '../../../../core/plugin-api';
import { MAX_IMPORT_ROWS, NOTICE_MESSAGES } from '../../shared/wire';

/** A date a spreadsheet program stored as a real date cell, as the calendar day it shows. */
export interface SheetDate {
  date: string;
}

/** A cell as the row rules read it: text, a number cell, a date cell, or nothing. */
export type SheetCell = string | number | SheetDate | null;

export interface SheetRecord {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  cells: SheetCell[];
}

export interface Sheet {
  header: string[];
  records: SheetRecord[];
}

const unprocessable = (message: string) => new HttpError(422, message);

/** Every XLSX is a zip archive, and every zip archive starts with a local file header. */
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** What the parts of a workbook may unpack to: far above MAX_IMPORT_ROWS rows of notices, far below a zip bomb. */
const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_OF_DIRECTORY_LENGTH = 22;
const MAX_ZIP_COMMENT_LENGTH = 0xffff;

const isBlank = (cells: SheetCell[]) => cells.every((cell) => cell === null || (typeof cell === 'string' && !cell.trim()));

/**
 * Reads the first sheet of an XLSX or a CSV file, told apart by their content rather than their names. Blank rows
 * are skipped but keep their numbers, so an error names the row the user sees.
 */
export async function readSpreadsheet(bytes: Buffer): Promise<Sheet> {
  const rows = bytes.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE) ? await xlsxRows(bytes) : csvRows(bytes);
  const nonBlank = rows.filter(({ cells }) => !isBlank(cells));
  const [headerRow, ...records] = nonBlank;
  if (!headerRow || !records.length) throw unprocessable(NOTICE_MESSAGES.importEmpty);
  if (records.length > MAX_IMPORT_ROWS) throw unprocessable(NOTICE_MESSAGES.importTooManyRows);
  return { header: headerRow.cells.map((cell) => (typeof cell === 'string' ? cell : '')), records };
}

/** UTF-8 text (the decoder drops a byte-order mark), or null for bytes no person or spreadsheet program writes as a CSV. */
function textOf(bytes: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return hasControlCharacters(text, { multiline: true }) ? null : text;
}

function csvRows(bytes: Buffer): SheetRecord[] {
  const text = textOf(bytes);
  if (text === null || !text.trim()) throw unprocessable(NOTICE_MESSAGES.importFileType);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  if (parsed.errors.some((error) => error.type === 'Quotes')) throw unprocessable(NOTICE_MESSAGES.importUnreadable);
  // Papa's records are the spreadsheet's rows: a quoted line break stays inside its cell.
  return parsed.data.map((cells, index) => ({ row: index + 1, cells }));
}

/**
 * The sizes the zip's central directory declares for its entries, added up; null when there is no readable directory.
 * Read before unpacking, so a small archive of huge parts is refused without being inflated.
 */
function declaredUnzippedBytes(bytes: Buffer): number | null {
  const earliest = Math.max(0, bytes.length - END_OF_DIRECTORY_LENGTH - MAX_ZIP_COMMENT_LENGTH);
  for (let end = bytes.length - END_OF_DIRECTORY_LENGTH; end >= earliest; end--) {
    if (bytes.readUInt32LE(end) !== END_OF_DIRECTORY) continue;
    let entry = bytes.readUInt32LE(end + 16);
    let total = 0;
    for (let count = bytes.readUInt16LE(end + 10); count > 0; count--) {
      if (entry + 46 > end || bytes.readUInt32LE(entry) !== DIRECTORY_ENTRY) return null;
      total += bytes.readUInt32LE(entry + 24);
      entry += 46 + bytes.readUInt16LE(entry + 28) + bytes.readUInt16LE(entry + 30) + bytes.readUInt16LE(entry + 32);
    }
    return total;
  }
  return null;
}

async function xlsxRows(bytes: Buffer): Promise<SheetRecord[]> {
  const unzipped = declaredUnzippedBytes(bytes);
  if (unzipped === null || unzipped > MAX_UNZIPPED_BYTES) throw unprocessable(NOTICE_MESSAGES.importUnreadable);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw unprocessable(NOTICE_MESSAGES.importUnreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unprocessable(NOTICE_MESSAGES.importUnreadable);
  // Checked before the cells are copied: the header row and MAX_IMPORT_ROWS notices at most.
  if (sheet.actualRowCount > MAX_IMPORT_ROWS + 1) throw unprocessable(NOTICE_MESSAGES.importTooManyRows);
  const rows: SheetRecord[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    // `values` is 1-based and sparse: index 0 and empty cells are holes.
    const values = (row.values as CellValue[]).slice(1);
    rows.push({ row: rowNumber, cells: Array.from(values, cellOf) });
  });
  return rows;
}

/** What a cell shows: a formula's result, rich text's characters, a hyperlink's text, an error's code. */
function cellOf(value: CellValue): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  // exceljs reads a date cell as the UTC midnight (plus any time) of the day the sheet shows.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { date: value.toISOString().slice(0, 10) };
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return cellOf(value.text as CellValue);
  if ('formula' in value || 'sharedFormula' in value) return cellOf(value.result ?? null);
  if ('error' in value) return value.error;
  return null;
}
