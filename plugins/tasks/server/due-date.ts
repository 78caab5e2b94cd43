import { isCalendarDate, kolkataDayOf } from '../../../core/plugin-api';

/** A task's due date is a calendar date in Asia/Kolkata, whichever way a client writes it. */
/** An ISO 8601 date-time with a zone (`Z` or an offset), as a date picker sends it. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * `YYYY-MM-DD` as it is, or the Kolkata day of an ISO date-time; null when the text is neither. The date-time's own
 * day must be real (JavaScript would roll 2027-02-30 over into March) and its Kolkata day a four-digit year.
 */
export function dueDateOf(value: string): string | null {
  if (isCalendarDate(value)) return value;
  if (!ISO_DATE_TIME.test(value) || !isCalendarDate(value.slice(0, 10))) return null;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const day = kolkataDayOf(instant);
  return isCalendarDate(day) ? day : null;
}
