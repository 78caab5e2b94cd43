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

/**
 * "05 Mar 2025": the one way a date is shown in lists and on detail pages (the spec's "dd MMM yyyy"), so a record reads
 * the same in its list and on its page. `missingText` lets a caller say "Not specified" or "N/A" instead of "Not set".
 */
export const formatDate = (value: DateInput, missingText = NOT_SET): string => formatWith(value, missingText, (date) => format(date, 'dd MMM yyyy'));

/** "Mar 5, 2025": where the spec quotes "MMM d, yyyy" (a task's due date, spec 2 section 9); everywhere else `formatDate`. */
export const formatLongDate = (value: DateInput, missingText = NOT_SET): string =>
  formatWith(value, missingText, (date) => format(date, 'MMM d, yyyy'));

/** "5/3/2025": only where the spec quotes the en-IN numeric date (the notices table); everywhere else `formatDate`. */
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

/** "₹1,23,456.50": the rupee sign the spec quotes, Indian digit grouping (lakh, crore), two decimals. */
export function formatRupees(amount: number | null | undefined): string {
  return rupees.format(typeof amount === 'number' && Number.isFinite(amount) ? amount : 0);
}

// An Indian mobile number (spec 1: optional +91 or 0, then 10 digits from 6 to 9), written any common way:
// "9822077889", "+919414066778", "09822077889", "+91 98220-77889", "0091 98220 77889", "919822077889".
const INDIAN_MOBILE = /^(?:\+91|0091|91|0)?([6-9]\d{4})(\d{5})$/;
const PHONE_SEPARATORS = /[\s\-().]/g;

function indianMobileParts(phone: string): [string, string] | null {
  const match = INDIAN_MOBILE.exec(phone.replace(PHONE_SEPARATORS, ''));
  return match ? [match[1], match[2]] : null;
}

/**
 * "+91 98220 77889" for an Indian mobile number however it was typed; any other number (a landline, a foreign number)
 * is shown as it was given, only trimmed, since its grouping cannot be known.
 */
export function formatPhone(phone: string | null | undefined, missingText = NOT_SET): string {
  const given = phone?.trim() ?? '';
  if (!given) return missingText;
  const mobile = indianMobileParts(given);
  return mobile ? `+91 ${mobile[0]} ${mobile[1]}` : given;
}

/** The `tel:` link of a phone number: "tel:+919822077889" for an Indian mobile, else the digits and a leading "+" as given. */
export function phoneHref(phone: string): string {
  const mobile = indianMobileParts(phone.trim());
  return mobile ? `tel:+91${mobile.join('')}` : `tel:${phone.replace(/[^\d+]/g, '')}`;
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
