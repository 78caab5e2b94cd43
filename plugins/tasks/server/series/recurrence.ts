import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import type * as RRulePackage from 'rrule';
import type { Options as RuleOptions, RRule as Rule } from 'rrule';
import { z } from 'zod';
import { MAX_CREATE_DAYS_BEFORE, RECURRENCE_FREQUENCIES, TASK_MESSAGES, type RecurrenceFrequency } from '../../shared/wire';

/**
 * The repeat rules of a series, pure: which calendar dates a rule gives after a day, and how it reads. Dates are
 * `YYYY-MM-DD` calendar dates (Asia/Kolkata); the arithmetic runs on UTC midnights so no zone can shift a day.
 */

/** The package's Node entry is a UMD bundle, which an ES module reaches through `require`. */
const { RRule } = createRequire(import.meta.url)('rrule') as typeof RRulePackage;

export const MAX_RRULE_LENGTH = 2000;
export const MAX_INTERVAL = 12;
/** A rule must give a date within this many years of its start to count as one that yields dates. */
const YIELD_HORIZON_YEARS = 10;
/**
 * A user's RRULE can be unsatisfiable in ways only iterating shows (30 February): rrule then iterates to the year 9999,
 * so its first date gets this long. Wall-clock time, so it leaves room for a busy machine: a satisfiable rule needs
 * well under a millisecond.
 */
const RULE_CHECK_BUDGET_MS = 1_000;
/** Days 29-31 fall on the month's last day when the month is shorter: the last of 28..day present in the month. */
const SHORTEST_MONTH = 28;
const UPCOMING_COUNT = 3;

/** A validated repeat rule with its defaults filled in (`dayOfMonth` null: the first due date's day). */
export type RecurrenceInput =
  | { frequency: RecurrenceFrequency; interval: number; dayOfMonth: number | null; createDaysBefore: number }
  | { rrule: string; createDaysBefore: number };

/** The rule as a series row keeps it: a frequency with its interval and day, or an RRULE. */
export interface RuleFields {
  frequency: RecurrenceFrequency | null;
  interval: number;
  dayOfMonth: number | null;
  rrule: string | null;
  createDaysBefore: number;
}

const DAY_MS = 86_400_000;
const dateOf = (day: string): Date => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date): string => date.toISOString().slice(0, 10);
const END_OF_TIME = new Date(Date.UTC(9999, 11, 31));
/** A RRULE checked before any due date is known must give a date after this day: it gives dates at all. */
const EARLIEST_RULE_START = '2000-01-01';

/** The row's columns for a rule starting on `anchorDate`. */
export function ruleFieldsOf(input: RecurrenceInput, anchorDate: string): RuleFields {
  if ('rrule' in input) return { frequency: null, interval: 1, dayOfMonth: null, rrule: input.rrule, createDaysBefore: input.createDaysBefore };
  const dayOfMonth = input.frequency === 'WEEKLY' ? null : (input.dayOfMonth ?? dateOf(anchorDate).getUTCDate());
  return { frequency: input.frequency, interval: input.interval, dayOfMonth, rrule: null, createDaysBefore: input.createDaysBefore };
}

function monthDays(dayOfMonth: number): Partial<Pick<RuleOptions, 'bymonthday' | 'bysetpos'>> {
  if (dayOfMonth <= SHORTEST_MONTH) return { bymonthday: [dayOfMonth] };
  const days = Array.from({ length: dayOfMonth - SHORTEST_MONTH + 1 }, (_, index) => SHORTEST_MONTH + index);
  return { bymonthday: days, bysetpos: [-1] };
}

function presetOptions(fields: RuleFields, anchor: Date): Partial<RuleOptions> {
  const day = fields.dayOfMonth ?? anchor.getUTCDate();
  switch (fields.frequency) {
    case 'WEEKLY':
      return { freq: RRule.WEEKLY, interval: fields.interval };
    case 'MONTHLY':
      return { freq: RRule.MONTHLY, interval: fields.interval, ...monthDays(day) };
    case 'QUARTERLY':
      return { freq: RRule.MONTHLY, interval: fields.interval * 3, ...monthDays(day) };
    default:
      return { freq: RRule.YEARLY, interval: fields.interval, bymonth: [anchor.getUTCMonth() + 1], ...monthDays(day) };
  }
}

/** The rule's dates from `anchorDate` on (the anchor itself only when the rule gives it). */
export function ruleOf(fields: RuleFields, anchorDate: string): Rule {
  const anchor = dateOf(anchorDate);
  const options = fields.rrule ? RRule.parseString(fields.rrule) : presetOptions(fields, anchor);
  return new RRule({ ...options, dtstart: anchor, tzid: null });
}

/**
 * Up to `count` dates of the rule strictly after `after`, ascending. A rule that gives no date after `after` makes
 * rrule iterate to the year 9999: check `yieldsDates` first, which does so under a time budget.
 */
export function datesAfter(fields: RuleFields, anchorDate: string, after: string, count: number): string[] {
  if (count <= 0) return [];
  const dates: string[] = [];
  ruleOf(fields, anchorDate).between(dateOf(after), END_OF_TIME, false, (date) => {
    const day = dayOf(date);
    if (day > (dates.at(-1) ?? after)) dates.push(day);
    return dates.length < count;
  });
  return dates;
}

export const upcomingDates = (fields: RuleFields, anchorDate: string, after: string): string[] =>
  datesAfter(fields, anchorDate, after, UPCOMING_COUNT);

/** The first date of the rule on or after `day`: where a series asked to start on `day` really starts. */
export function firstDateFrom(fields: RuleFields, day: string): string | null {
  return datesAfter(fields, day, dayOf(new Date(dateOf(day).getTime() - DAY_MS)), 1)[0] ?? null;
}

/** One period of the rule, in months or in weeks; null for a daily rule, whose every date is a period of its own. */
function periodOf(fields: RuleFields): { months: number } | { weeks: number } | null {
  if (fields.frequency === 'WEEKLY') return { weeks: fields.interval };
  if (fields.frequency === 'MONTHLY') return { months: fields.interval };
  if (fields.frequency === 'QUARTERLY') return { months: 3 * fields.interval };
  if (fields.frequency === 'YEARLY') return { months: 12 * fields.interval };
  const options = RRule.parseString(fields.rrule ?? '');
  const interval = options.interval ?? 1;
  if (options.freq === RRule.WEEKLY) return { weeks: interval };
  if (options.freq === RRule.MONTHLY) return { months: interval };
  if (options.freq === RRule.YEARLY) return { months: 12 * interval };
  return null;
}

const monthNumber = (date: Date) => date.getUTCFullYear() * 12 + date.getUTCMonth();
const mondayOf = (date: Date) => date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS;

/**
 * The rule's date a task due `day` stands for when a rule starts from it: `day` itself, or, when the rule does not
 * give `day`, its first date after it within the period `day` opens (the same block of months or of weeks). A task
 * due on the 15th made "monthly on day 20" is that month's task, not one more before the 20th's.
 */
export function occurrenceFor(fields: RuleFields, day: string): string {
  const first = firstDateFrom(fields, day);
  const period = periodOf(fields);
  if (!first || first === day || !period) return day;
  const [from, to] = [dateOf(day), dateOf(first)];
  const samePeriod =
    'months' in period ? monthNumber(to) - monthNumber(from) < period.months : (mondayOf(to) - mondayOf(from)) / (7 * DAY_MS) < period.weeks;
  return samePeriod ? first : day;
}

/**
 * Whether the rule gives a date within the horizon after `anchorDate`. Only a user's RRULE is run under the time
 * budget: the presets give a date every period by construction (days past a month's end fall on its last day).
 */
export function yieldsDates(fields: RuleFields, anchorDate: string): boolean {
  const horizon = new Date(dateOf(anchorDate));
  horizon.setUTCFullYear(horizon.getUTCFullYear() + YIELD_HORIZON_YEARS);
  const firstDate = () => ruleOf(fields, anchorDate).after(dateOf(anchorDate), false);
  try {
    const first = fields.rrule ? (runInNewContext('firstDate()', { firstDate }, { timeout: RULE_CHECK_BUDGET_MS }) as Date | null) : firstDate();
    return first !== null && first <= horizon;
  } catch {
    return false;
  }
}

const FREQUENCY_WORDS: Record<RecurrenceFrequency, [one: string, unit: string]> = {
  WEEKLY: ['Weekly', 'weeks'],
  MONTHLY: ['Monthly', 'months'],
  QUARTERLY: ['Quarterly', 'quarters'],
  YEARLY: ['Yearly', 'years'],
};

/** "Weekly", "Every 2 weeks", "Monthly on day 20", "Quarterly on day 31", or the RRULE in words. */
export function summaryOf(fields: RuleFields, anchorDate: string): string {
  if (!fields.frequency) {
    const text = ruleOf(fields, anchorDate).toText();
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  const [one, unit] = FREQUENCY_WORDS[fields.frequency];
  const every = fields.interval === 1 ? one : `Every ${fields.interval} ${unit}`;
  return fields.dayOfMonth === null ? every : `${every} on day ${fields.dayOfMonth}`;
}

// ---- Reading a rule from a request ----

const ALLOWED_FREQUENCIES = new Set([RRule.DAILY, RRule.WEEKLY, RRule.MONTHLY, RRule.YEARLY]);
/** A due date is a day: rules by the hour, minute or second, with their own start or zone, or by Easter are refused. */
const REFUSED_PARTS = ['dtstart', 'tzid', 'byhour', 'byminute', 'bysecond', 'byeaster'] as const;
const NUMBER_RANGES: [part: keyof RuleOptions, min: number, max: number][] = [
  ['interval', 1, 1000],
  ['count', 1, 10_000],
  ['bymonth', 1, 12],
  ['bymonthday', -31, 31],
  ['byyearday', -366, 366],
  ['byweekno', -53, 53],
  ['bysetpos', -366, 366],
];

const isWholeIn = (value: unknown, min: number, max: number) =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max && value !== 0;

/** What is wrong with an RRULE's text, or null when the rule parses and keeps to whole days. */
export function rruleProblem(text: string): string | null {
  let options: Partial<RuleOptions>;
  try {
    options = RRule.parseString(text);
  } catch (error) {
    return (error as Error).message;
  }
  if (options.freq === undefined || !ALLOWED_FREQUENCIES.has(options.freq)) return 'FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY';
  const refused = REFUSED_PARTS.find((part) => options[part] !== undefined && options[part] !== null);
  if (refused) return `${refused.toUpperCase()} is not supported: a repeating task is due on whole days`;
  for (const [part, min, max] of NUMBER_RANGES) {
    const value = options[part];
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    if (!values.every((item) => isWholeIn(item, min, max))) return `${part.toUpperCase()} must be a whole number from ${min} to ${max}`;
  }
  if (options.until && Number.isNaN((options.until as Date).getTime())) return 'UNTIL must be a date';
  return null;
}

const createDaysBefore = z
  .int({ error: `createDaysBefore must be a whole number from 0 to ${MAX_CREATE_DAYS_BEFORE}` })
  .min(0, `createDaysBefore must be a whole number from 0 to ${MAX_CREATE_DAYS_BEFORE}`)
  .max(MAX_CREATE_DAYS_BEFORE, `createDaysBefore must be a whole number from 0 to ${MAX_CREATE_DAYS_BEFORE}`)
  .default(0);

const presetSchema = z
  .object({
    frequency: z.enum(RECURRENCE_FREQUENCIES, { error: 'frequency must be one of WEEKLY, MONTHLY, QUARTERLY, YEARLY' }),
    interval: z
      .int({ error: `interval must be a whole number from 1 to ${MAX_INTERVAL}` })
      .min(1, `interval must be a whole number from 1 to ${MAX_INTERVAL}`)
      .max(MAX_INTERVAL, `interval must be a whole number from 1 to ${MAX_INTERVAL}`)
      .default(1),
    dayOfMonth: z
      .int({ error: 'dayOfMonth must be a whole number from 1 to 31' })
      .min(1, 'dayOfMonth must be a whole number from 1 to 31')
      .max(31, 'dayOfMonth must be a whole number from 1 to 31')
      .nullable()
      .default(null),
    createDaysBefore,
  })
  .strict();

const rruleSchema = z
  .object({
    rrule: z
      .string({ error: 'rrule must be text' })
      .trim()
      .min(1, 'rrule must be an RRULE such as FREQ=MONTHLY;BYMONTHDAY=20')
      .max(MAX_RRULE_LENGTH, `rrule must be at most ${MAX_RRULE_LENGTH} characters`)
      .transform((value) => value.replace(/^RRULE:/i, ''))
      .superRefine((value, context) => {
        const problem = rruleProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
        // From a day long past: a rule for a backdated first due date is checked from that date once it is known.
        else if (!yieldsDates({ frequency: null, interval: 1, dayOfMonth: null, rrule: value, createDaysBefore: 0 }, EARLIEST_RULE_START)) {
          context.addIssue({ code: 'custom', message: 'The rule gives no dates' });
        }
      }),
    createDaysBefore,
  })
  .strict();

/**
 * `recurrence` of a request body: a frequency with its interval, day of month and lead days, or an RRULE. Anything
 * wrong is 400 'The repeat rule is not valid', with what exactly under `details` (`recurrence.interval`, ...).
 */
export const recurrenceSchema = z.unknown().transform((value, context): RecurrenceInput => {
  const isRrule = typeof value === 'object' && value !== null && 'rrule' in value;
  const result = isRrule ? rruleSchema.safeParse(value) : presetSchema.safeParse(value);
  if (result.success) return result.data;
  context.addIssue({ code: 'custom', message: TASK_MESSAGES.invalidRecurrence });
  for (const issue of result.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});
