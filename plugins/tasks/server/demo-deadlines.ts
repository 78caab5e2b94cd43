import { differenceInCalendarDays, parseISO } from 'date-fns';

/** A yearly statutory deadline: month (1-12) and day. */
export type YearlyDeadline = readonly [month: number, day: number];

const onYear = (year: number, [month, day]: YearlyDeadline) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

const distance = (date: string, today: string) => Math.abs(differenceInCalendarDays(parseISO(date), parseISO(today)));

/**
 * The date of a yearly deadline nearest to `today`, before or after it: the demo's filing work sits on the real
 * deadline around the day it is seeded (the tax audit due 30 September is last September's in November, next
 * September's in May).
 */
export function nearestDeadline(today: string, deadline: YearlyDeadline): string {
  const year = Number(today.slice(0, 4));
  return [year - 1, year, year + 1]
    .map((candidate) => onYear(candidate, deadline))
    .reduce((nearest, candidate) => (distance(candidate, today) < distance(nearest, today) ? candidate : nearest));
}

/** The latest date of a yearly deadline on or before `today`: for work already done, which cannot lie ahead. */
export function lastDeadline(today: string, deadline: YearlyDeadline): string {
  const year = Number(today.slice(0, 4));
  const thisYear = onYear(year, deadline);
  return thisYear <= today ? thisYear : onYear(year - 1, deadline);
}

/** The first of several yearly deadlines on or after `today` (advance tax: 15 June, September, December, March). */
export function nextDeadline(today: string, deadlines: readonly YearlyDeadline[]): string {
  const year = Number(today.slice(0, 4));
  return [year, year + 1]
    .flatMap((candidate) => deadlines.map((deadline) => onYear(candidate, deadline)))
    .filter((date) => date >= today)
    .sort()[0]!;
}

const yearPair = (startYear: number) => `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;

/** The first year of the financial year (April to March) `date` falls in. */
const financialYearStart = (date: string) => Number(date.slice(0, 4)) - (Number(date.slice(5, 7)) <= 3 ? 1 : 0);

/** The financial year `date` falls in: "FY 2026-27" for any day from 1 April 2026 to 31 March 2027. */
export const financialYearOf = (date: string) => `FY ${yearPair(financialYearStart(date))}`;

/** The financial year a return or audit due on `date` is for: the one that ended before the year `date` is in. */
export const financialYearBefore = (date: string) => `FY ${yearPair(financialYearStart(date) - 1)}`;

/** The assessment year of that financial year: "AY 2026-27" for a return due in July 2026. */
export const assessmentYearBefore = (date: string) => `AY ${yearPair(financialYearStart(date))}`;
