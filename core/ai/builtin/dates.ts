import { isCalendarDate } from '../../platform/calendar-day';

/**
 * Dates and times as Indian notices write them. Numeric dates are always day first (15/04/2025 is 15 April), as
 * the GST and Income Tax portals print them.
 */

const MONTH_NUMBERS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT_MONTH_NAMES = MONTH_NAMES.map((name) => name.slice(0, 3));

/** A month's name, full or short ('Sept' too). No capture groups, so it can sit inside other patterns. */
export const MONTH_NAME =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

const NUMERIC_DATE = String.raw`(?<!\d)\d{1,2} ?[./-] ?\d{1,2} ?[./-] ?(?:\d{4}|\d{2})(?![\d/-])`;
const ISO_DATE = String.raw`(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)`;
const DAY_MONTH_YEAR = String.raw`(?<!\d)\d{1,2}(?:st|nd|rd|th)?(?: of)?[ .-]*${MONTH_NAME}\.?[ ,.-]*(?:\d{4}|\d{2})(?!\d)`;
const MONTH_DAY_YEAR = String.raw`${MONTH_NAME}\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}(?!\d)`;

/** Any date this module reads, without capture groups: embed it in a pattern and hand the match to `parseDate`. */
export const DATE_TOKEN = `(?:${ISO_DATE}|${NUMERIC_DATE}|${DAY_MONTH_YEAR}|${MONTH_DAY_YEAR})`;

const NUMERIC_PARTS = /^(\d{1,2}) ?[./-] ?(\d{1,2}) ?[./-] ?(\d{4}|\d{2})$/;
const ISO_PARTS = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MONTH_YEAR_PARTS = new RegExp(String.raw`^(\d{1,2})(?:st|nd|rd|th)?(?: of)?[ .-]*(${MONTH_NAME})\.?[ ,.-]*(\d{4}|\d{2})$`, 'i');
const MONTH_DAY_YEAR_PARTS = new RegExp(String.raw`^(${MONTH_NAME})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$`, 'i');

const fullYear = (year: string): number => (year.length === 2 ? 2000 + Number(year) : Number(year));
const monthNumber = (name: string): number => MONTH_NUMBERS[name.slice(0, 3).toLowerCase()] ?? 0;

function calendarDate(year: number, month: number, day: number): string | null {
  const value = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isCalendarDate(value) ? value : null;
}

/** '15/04/2025', '15-04-2025', '15.04.2025', '15 April 2025', '15th April, 2025', 'April 15, 2025', '15-Apr-2025' -> '2025-04-15'. */
export function parseDate(raw: string): string | null {
  const text = raw.trim();
  let parts = ISO_PARTS.exec(text);
  if (parts) return calendarDate(Number(parts[1]), Number(parts[2]), Number(parts[3]));
  parts = NUMERIC_PARTS.exec(text);
  if (parts) return calendarDate(fullYear(parts[3]), Number(parts[2]), Number(parts[1]));
  parts = DAY_MONTH_YEAR_PARTS.exec(text);
  if (parts) return calendarDate(fullYear(parts[3]), monthNumber(parts[2]), Number(parts[1]));
  parts = MONTH_DAY_YEAR_PARTS.exec(text);
  if (parts) return calendarDate(Number(parts[3]), monthNumber(parts[1]), Number(parts[2]));
  return null;
}

export interface FoundDate {
  date: string;
  index: number;
}

/** Every readable date in the text, in order. */
export function findDates(text: string): FoundDate[] {
  const found: FoundDate[] = [];
  for (const match of text.matchAll(new RegExp(DATE_TOKEN, 'gi'))) {
    const date = parseDate(match[0]);
    if (date) found.push({ date, index: match.index });
  }
  return found;
}

/** A time of day: '11:30 AM', '11.30 a.m.', '15:00 hrs', '3 PM'. No capture groups. */
export const TIME_TOKEN = String.raw`(?:\d{1,2}[:.]\d{2}(?: ?(?:a\.? ?m\.?|p\.? ?m\.?|hrs\.?|hours)(?![a-z]))?|\d{1,2} ?(?:a\.? ?m\.?|p\.? ?m\.?)(?![a-z]))`;
const TIME_PARTS = /^(\d{1,2})(?:[:.](\d{2}))? ?(a\.? ?m\.?|p\.? ?m\.?|hrs\.?|hours)?$/i;

/** '11:30 AM' -> '11:30', '3.00 p.m.' -> '15:00', '12 noon' is not read. */
export function parseTime(raw: string): string | null {
  const parts = TIME_PARTS.exec(raw.trim());
  if (!parts) return null;
  let hours = Number(parts[1]);
  const minutes = Number(parts[2] ?? '0');
  const meridiem = parts[3]?.toLowerCase().charAt(0);
  if (meridiem === 'p' && hours < 12) hours += 12;
  if (meridiem === 'a' && hours === 12) hours = 0;
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** The calendar date `months` after `day`, kept to the month's last day (31 January + 1 month = 28/29 February). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/** '2025-05-15' -> '15 May 2025', as letters and summaries write it. */
export function formatLongDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${MONTH_NAMES[month - 1]} ${year}`;
}

/** '2025-05-15' -> '15/05/2025', as the notices' own references write it. */
export function formatShortDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** 3 -> 'Mar'. */
export const shortMonthName = (month: number): string => SHORT_MONTH_NAMES[month - 1] ?? '';

/** 'March' / 'mar' / 'Sept' -> 3 / 3 / 9, 0 when not a month. */
export const monthFromName = monthNumber;
