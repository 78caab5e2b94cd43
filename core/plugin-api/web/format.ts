import { format, isValid, parseISO } from 'date-fns';

export { formatFileSize } from './file-size';

export type DateInput = Date | string | number | null | undefined;

const INVALID_DATE = 'Invalid date';
const NOT_SET = 'Not set';

/** ISO strings are read by parseISO so a date-only value ("2025-03-05") is that local day, not UTC midnight. */
function toDate(value: Date | string | number): Date {
  if (typeof value !== 'string') return new Date(value);
  const iso = parseISO(value);
  return isValid(iso) ? iso : new Date(value);
}

function formatWith(value: DateInput, missingText: string, render: (date: Date) => string): string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return missingText;
  const date = toDate(value);
  return isValid(date) ? render(date) : INVALID_DATE;
}

/** "05 Mar 2025"; `missingText` lets a caller say "Not specified" or "N/A" instead of "Not set". */
export const formatDate = (value: DateInput, missingText = NOT_SET): string => formatWith(value, missingText, (date) => format(date, 'dd MMM yyyy'));

/** "Mar 5, 2025". */
export const formatLongDate = (value: DateInput, missingText = NOT_SET): string =>
  formatWith(value, missingText, (date) => format(date, 'MMM d, yyyy'));

/** "5/3/2025", the numeric day/month/year of the notices table. */
export const formatIndianDate = (value: DateInput, missingText = NOT_SET): string =>
  formatWith(value, missingText, (date) => date.toLocaleDateString('en-IN'));

const indianDateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** "3 Dec 2026, 2:15 pm IST": a moment in India's time whatever the browser's zone, as the emails write it. */
export const formatIndianDateTime = (value: DateInput, missingText = NOT_SET): string =>
  formatWith(value, missingText, (date) => `${indianDateTime.format(date)} IST`);

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** "Just now", "5m ago", "3h ago" or "2d ago"; a future time also reads "Just now". */
export function formatRelativeTime(value: DateInput, now: Date = new Date()): string {
  return formatWith(value, NOT_SET, (date) => {
    const elapsed = now.getTime() - date.getTime();
    if (elapsed < MINUTE_MS) return 'Just now';
    if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
    if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
    return `${Math.floor(elapsed / DAY_MS)}d ago`;
  });
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** "₹1,23,456.50": Indian digit grouping, two decimals. */
export function formatRupees(amount: number | null | undefined): string {
  return rupees.format(typeof amount === 'number' && Number.isFinite(amount) ? amount : 0);
}

/** The first `max` characters followed by "..." when the text is longer. */
export function truncate(text: string, max: number): string {
  // Counted in code points, so an emoji is never split into a broken half.
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max).join('')}...` : text;
}

/** Up to two upper-case initials ("Asha Rao Mehta" gives "AR"); "?" when there is no name. */
export function initialsOf(name: string | null | undefined): string {
  const initials = (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0].toUpperCase())
    .join('');
  return initials || '?';
}
