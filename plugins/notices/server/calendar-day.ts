/**
 * Notice dates are calendar dates in Asia/Kolkata (`YYYY-MM-DD`). India keeps no daylight saving, so an instant maps
 * onto one Kolkata day without ambiguity.
 */

const KOLKATA_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Asia/Kolkata. */
export const kolkataToday = (now = new Date()): string => KOLKATA_DAY.format(now);

/** The calendar date `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
