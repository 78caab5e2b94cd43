import { HttpError, INPUT_MESSAGES, hasControlCharacters, isCalendarDate } from '../../../../core/plugin-api';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_NOTICE_TYPE_LENGTH,
  MAX_REFERENCE_LENGTH,
  NOTICE_IMPORT_COLUMNS,
  NOTICE_MESSAGES,
  NOTICE_PRIORITIES,
  type NoticeDepartment,
  type NoticeImportRowError,
  type NoticePriority,
} from '../../shared/wire';
import { rupeesToPaise } from '../schemas';
import type { Sheet, SheetCell } from './read-spreadsheet';

type ImportColumn = (typeof NOTICE_IMPORT_COLUMNS)[number];

const REQUIRED_COLUMNS: readonly ImportColumn[] = ['Client PAN', 'Department', 'Notice Type', 'Reference/DIN'];

/** A row of the file with its cells under the template's column names; a column the file lacks reads as empty. */
export interface ImportRecord {
  row: number;
  cells: Partial<Record<ImportColumn, SheetCell>>;
}

/** A valid row, ready to store. */
export interface ImportedNotice {
  row: number;
  clientId: number;
  /** Upper case, as the client record has it. */
  clientPan: string;
  department: NoticeDepartment;
  noticeType: string;
  reference: string;
  description: string;
  priority: NoticePriority;
  dateOfIssuance: string | null;
  dueDate: string | null;
  amountPaise: number | null;
}

const headerKey = (name: string) => name.replace(/\s/g, '').toLowerCase();
const COLUMN_OF_HEADER = new Map(NOTICE_IMPORT_COLUMNS.map((column) => [headerKey(column), column]));

/** Places each cell under its column, whatever the header's order, case and spacing; 422 when a required column is missing. */
export function importRecordsOf(sheet: Sheet): ImportRecord[] {
  const positions = new Map<ImportColumn, number>();
  sheet.header.forEach((name, position) => {
    const column = COLUMN_OF_HEADER.get(headerKey(name));
    if (column && !positions.has(column)) positions.set(column, position);
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !positions.has(column));
  if (missing.length) throw new HttpError(422, NOTICE_MESSAGES.importMissingColumns([...missing]));
  return sheet.records.map(({ row, cells }) => ({
    row,
    cells: Object.fromEntries([...positions].map(([column, position]) => [column, cells[position] ?? null])),
  }));
}

/** The cell as text, trimmed: a number as written in full, a date cell as `YYYY-MM-DD`. */
function textOf(cell: SheetCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'string') return cell.trim();
  return cell.date;
}

/** The upper-case PAN of a row, as the client directory looks it up. */
export const panOf = (record: ImportRecord) => textOf(record.cells['Client PAN']).replace(/\s/g, '').toUpperCase();

const DEPARTMENT_ALIASES: Record<string, NoticeDepartment> = {
  GST: 'GST',
  INCOME_TAX: 'INCOME_TAX',
  IT: 'INCOME_TAX',
  COMPLIANCE: 'COMPLIANCE',
};

/** 'GST', 'Income Tax', 'income-tax', 'INCOME_TAX', 'IT', 'Compliance'; null for anything else. */
export function departmentOf(value: string): NoticeDepartment | null {
  return (
    DEPARTMENT_ALIASES[
      value
        .trim()
        .toUpperCase()
        .replace(/[\s_-]+/g, '_')
    ] ?? null
  );
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const NUMERIC_DAY = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;
const NAMED_MONTH_DAY = /^(\d{1,2})[\s-]+([a-z]{3,9})\.?[\s,-]+(\d{4})$/i;

/** 1-12 for a month's name in full or cut to three letters ('Sept' too); 0 when it is none. */
function monthOf(name: string): number {
  const lower = name.toLowerCase();
  return MONTHS.findIndex((month) => month === lower || month.slice(0, 3) === lower || (month === 'september' && lower === 'sept')) + 1;
}

const dayOf = (year: string, month: number, day: string) => `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;

/**
 * `YYYY-MM-DD` from 2026-03-31, 31/03/2026, 31-03-2026, 31.03.2026, 31 Mar 2026, 31-Mar-2026 or a date cell; day first,
 * as India writes dates. Null for anything else, or a day the calendar does not have.
 */
export function calendarDayOf(cell: SheetCell | undefined): string | null {
  if (cell !== null && typeof cell === 'object') return cell.date;
  const text = typeof cell === 'string' ? cell.trim() : '';
  let day: string | null = null;
  const iso = ISO_DAY.exec(text);
  const numeric = NUMERIC_DAY.exec(text);
  const named = NAMED_MONTH_DAY.exec(text);
  if (iso) day = dayOf(iso[1]!, Number(iso[2]), iso[3]!);
  else if (numeric) day = dayOf(numeric[4]!, Number(numeric[3]), numeric[1]!);
  else if (named && monthOf(named[2]!)) day = dayOf(named[3]!, monthOf(named[2]!), named[1]!);
  return day && isCalendarDate(day) ? day : null;
}

const CURRENCY_MARK = /^(₹|rs\.?|inr)\s*/i;
/** Digits grouped by commas anywhere (Indian 1,25,000 or western 125,000), then at most one decimal point. */
const GROUPED_RUPEES = /^\d+(,\d+)*(\.\d+)?$/;

/** Whole paise from 125000, 1,25,000.50 or ₹ 1,25,000; null for a negative amount, more than two decimals or anything else. */
export function amountPaiseOf(cell: SheetCell | undefined): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? rupeesToPaise(String(cell)) : null;
  const text = textOf(cell).replace(CURRENCY_MARK, '').replace(/\s/g, '');
  return GROUPED_RUPEES.test(text) ? rupeesToPaise(text.replace(/,/g, '')) : null;
}

/** Required or optional text within its length, on one line unless `multiline`; pushes its message when it is not. */
function checkedText(
  cell: SheetCell | undefined,
  rule: { label: string; max: number; requiredMessage?: string; multiline?: boolean },
  errors: string[],
): string {
  const text = textOf(cell);
  if (!text && rule.requiredMessage) errors.push(rule.requiredMessage);
  else if (text.length > rule.max) errors.push(INPUT_MESSAGES.tooLong(rule.label, rule.max));
  else if (hasControlCharacters(text, { multiline: rule.multiline })) errors.push(INPUT_MESSAGES.controlCharacters(rule.label));
  return text;
}

function optionalDay(cell: SheetCell | undefined, column: ImportColumn, errors: string[]): string | null {
  if (!textOf(cell)) return null;
  const day = calendarDayOf(cell);
  if (!day) errors.push(NOTICE_MESSAGES.invalidDate(column));
  return day;
}

/** A client of the workspace as the rows need it, by upper-case PAN. */
export type ClientsByPan = ReadonlyMap<string, { id: number }>;

/**
 * Checks every row against the rules of the import template; the file is imported only when no row has an error, so
 * all of them are reported at once.
 */
export function validateImportRows(
  records: ImportRecord[],
  clientsByPan: ClientsByPan,
): { notices: ImportedNotice[]; errors: NoticeImportRowError[] } {
  const notices: ImportedNotice[] = [];
  const rowErrors: NoticeImportRowError[] = [];
  for (const record of records) {
    const { cells } = record;
    const errors: string[] = [];
    const clientPan = panOf(record);
    const client = clientsByPan.get(clientPan);
    if (!clientPan) errors.push(NOTICE_MESSAGES.importPanRequired);
    else if (!client) errors.push(NOTICE_MESSAGES.importUnknownPan(clientPan));
    const departmentText = textOf(cells.Department);
    const department = departmentOf(departmentText);
    if (!department) errors.push(departmentText ? NOTICE_MESSAGES.invalidDepartment : NOTICE_MESSAGES.departmentRequired);
    const noticeType = checkedText(
      cells['Notice Type'],
      { label: 'Notice Type', max: MAX_NOTICE_TYPE_LENGTH, requiredMessage: NOTICE_MESSAGES.noticeTypeRequired },
      errors,
    );
    const reference = checkedText(
      cells['Reference/DIN'],
      { label: 'Reference/DIN', max: MAX_REFERENCE_LENGTH, requiredMessage: NOTICE_MESSAGES.referenceRequired },
      errors,
    );
    const description = checkedText(cells.Description, { label: 'Description', max: MAX_DESCRIPTION_LENGTH, multiline: true }, errors);
    const dateOfIssuance = optionalDay(cells['Date of Issuance'], 'Date of Issuance', errors);
    const dueDate = optionalDay(cells['Due Date'], 'Due Date', errors);
    const priorityText = textOf(cells.Priority).toUpperCase();
    const priority = priorityText ? NOTICE_PRIORITIES.find((value) => value === priorityText) : 'MEDIUM';
    if (!priority) errors.push(NOTICE_MESSAGES.invalidPriority);
    const amountPaise = textOf(cells.Amount) ? amountPaiseOf(cells.Amount) : null;
    if (textOf(cells.Amount) && amountPaise === null) errors.push(NOTICE_MESSAGES.invalidAmount);

    if (errors.length || !client || !department || !priority) {
      rowErrors.push({ row: record.row, errors });
      continue;
    }
    notices.push({
      row: record.row,
      clientId: client.id,
      clientPan,
      department,
      noticeType,
      reference,
      description,
      priority,
      dateOfIssuance,
      dueDate,
      amountPaise,
    });
  }
  return { notices, errors: rowErrors };
}
