/**
 * Calendar dates (`YYYY-MM-DD`) in Asia/Kolkata, the product's one time zone for due dates, reminders and the
 * dashboard. India keeps no daylight saving, so an instant maps onto one Kolkata day without ambiguity.
 */

const KOLKATA_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const kolkataDayOf = (instant: Date): string => KOLKATA_DAY.format(instant);

/** Today in Asia/Kolkata. */
export const kolkataToday = (now = new Date()): string => kolkataDayOf(now);

/** True for a real date written `YYYY-MM-DD` (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The calendar date `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
