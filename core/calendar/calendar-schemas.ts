import { z } from 'zod';

/** The longest range one request may ask for, both ends included: a year, leap or not. */
export const MAX_CALENDAR_DAYS = 366;
const DAY_MS = 86_400_000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a `YYYY-MM-DD` that names a real calendar date, else null. */
export function dayNumberOf(value: string): number | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? time / DAY_MS : null;
}

const calendarDate = (name: string) => {
  const message = `${name} must be a date in the form YYYY-MM-DD`;
  return z.string({ error: message }).refine((value) => dayNumberOf(value) !== null, message);
};

/** Days from `from` to `to`, both included; null when either is not a date (its own message says so). */
function daysCovered({ from, to }: { from: string; to: string }): number | null {
  const first = dayNumberOf(from);
  const last = dayNumberOf(to);
  return first === null || last === null ? null : last - first + 1;
}

export const calendarQuerySchema = z
  .object({ from: calendarDate('from'), to: calendarDate('to') })
  .refine((range) => (daysCovered(range) ?? 1) >= 1, { message: 'to must be on or after from', path: ['to'] })
  .refine((range) => (daysCovered(range) ?? 1) <= MAX_CALENDAR_DAYS, {
    message: `The range may cover at most ${MAX_CALENDAR_DAYS} days`,
    path: ['to'],
  });

export type CalendarRange = z.infer<typeof calendarQuerySchema>;

export const calendarItemSchema = z.object({
  type: z.string().min(1),
  id: z.string().min(1),
  title: z.string().min(1),
  date: z.string().refine((value) => dayNumberOf(value) !== null, 'must be a date in the form YYYY-MM-DD'),
  url: z
    .string()
    .regex(/^\/(?!\/)/, 'must be a path of this app, starting with one /')
    .optional(),
});
