/** A month's figure ('2026-03') as the dashboard's line charts plot it. */
export interface MonthValue {
  month: string;
  value: number;
}

/** A point of a monthly line as its tooltip and its hidden table say it. */
export interface MonthPoint extends MonthValue {
  /** 'Mar 2026'. */
  label: string;
  /** '+3 from Feb', '-1 from Feb', 'No change from Feb'; null for the first month, which has nothing before it. */
  change: string | null;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-03' -> 'Mar'. */
export const shortMonth = (month: string): string => MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month;

/** '2026-03' -> 'Mar 2026'. */
export const monthAndYear = (month: string): string => `${shortMonth(month)} ${month.slice(0, 4)}`;

function changeFrom(previous: MonthValue | undefined, value: number): string | null {
  if (!previous) return null;
  const difference = value - previous.value;
  const from = `from ${shortMonth(previous.month)}`;
  if (difference === 0) return `No change ${from}`;
  return `${difference > 0 ? '+' : '-'}${Math.abs(difference)} ${from}`;
}

/** Each month with its label and its change from the month before (spec 1 section 2.7: line tooltips). */
export const monthPoints = (series: MonthValue[]): MonthPoint[] =>
  series.map((entry, index) => ({ ...entry, label: monthAndYear(entry.month), change: changeFrom(series[index - 1], entry.value) }));

/** Axis labels: 'Mar', or "Mar '26" once the line spans more than a year and a month name alone would repeat. */
export const axisLabelsOf = (points: MonthPoint[]): string[] =>
  points.map(({ month }) => (points.length > 12 ? `${shortMonth(month)} '${month.slice(2, 4)}` : shortMonth(month)));
