import type { NoticeMonthCount } from '../../../shared/wire';

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-03' -> 'Mar'. */
export const shortMonth = (month: string): string => MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month;

/** '2026-03' -> 'Mar 2026'. */
export const monthAndYear = (month: string): string => `${shortMonth(month)} ${month.slice(0, 4)}`;

/** A point of the "Notices Received" line as its tooltip and the hidden table say it. */
export interface MonthPoint {
  month: string;
  label: string;
  count: number;
  /** '+3 from Feb', '-1 from Feb', 'No change from Feb'; null for the first month, which has nothing before it. */
  change: string | null;
}

function changeFrom(previous: NoticeMonthCount | undefined, count: number): string | null {
  if (!previous) return null;
  const difference = count - previous.count;
  const from = `from ${shortMonth(previous.month)}`;
  if (difference === 0) return `No change ${from}`;
  return `${difference > 0 ? '+' : '-'}${Math.abs(difference)} ${from}`;
}

/** The series with each month's label and its change from the month before (spec 1 section 2.7: line tooltips). */
export const monthPoints = (series: NoticeMonthCount[]): MonthPoint[] =>
  series.map((entry, index) => ({
    month: entry.month,
    label: monthAndYear(entry.month),
    count: entry.count,
    change: changeFrom(series[index - 1], entry.count),
  }));

/** '1 notice' / '3 notices'. */
export const noticesCount = (count: number): string => `${count.toLocaleString('en-IN')} ${count === 1 ? 'notice' : 'notices'}`;
