/**
 * Due dates are calendar dates in Asia/Kolkata. India keeps no daylight saving, so a date-time maps onto one
 * Kolkata day without ambiguity.
 */

const KOLKATA_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** An ISO 8601 date-time with a zone (`Z` or an offset), as a date picker sends it. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export const kolkataDayOf = (instant: Date): string => KOLKATA_DAY.format(instant);

/** Today in Asia/Kolkata, `YYYY-MM-DD`. */
export const kolkataToday = (now = new Date()): string => kolkataDayOf(now);

function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `YYYY-MM-DD` as it is, or the Kolkata day of an ISO date-time; null when the text is neither. */
export function dueDateOf(value: string): string | null {
  if (isCalendarDate(value)) return value;
  if (!ISO_DATE_TIME.test(value)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : kolkataDayOf(instant);
}

/** The calendar date `days` after `day` (both `YYYY-MM-DD`). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
