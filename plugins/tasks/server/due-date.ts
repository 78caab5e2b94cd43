import { isCalendarDate, kolkataDayOf } from '../../../core/plugin-api';

/** A task's due date is a calendar date in Asia/Kolkata, whichever way a client writes it. */
/** An ISO 8601 date-time with a zone (`Z` or an offset), as a date picker sends it. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** `YYYY-MM-DD` as it is, or the Kolkata day of an ISO date-time; null when the text is neither. */
export function dueDateOf(value: string): string | null {
  if (isCalendarDate(value)) return value;
  if (!ISO_DATE_TIME.test(value)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : kolkataDayOf(instant);
}
