import {
  MAX_CREATE_DAYS_BEFORE,
  SERIES_TITLE_CLIENT_PLACEHOLDER,
  type Recurrence,
  type RecurrenceFrequency,
  type RecurrenceView,
} from '../shared/wire';

/** The "Repeat" section's values; `frequency` null is "Does not repeat". */
export interface RepeatValue {
  frequency: RecurrenceFrequency | null;
  interval: number;
  /** Monthly, quarterly and yearly: the day of the month (29-31 fall on a shorter month's last day). */
  dayOfMonth: number;
  createDaysBefore: number;
}

export const MAX_REPEAT_INTERVAL = 12;
export const MAX_DAY_OF_MONTH = 31;

export const NO_REPEAT: RepeatValue = { frequency: null, interval: 1, dayOfMonth: 1, createDaysBefore: 0 };

export const FREQUENCY_LABELS: Record<RecurrenceFrequency, string> = {
  WEEKLY: 'Weekly',
  MONTHLY: 'Monthly',
  QUARTERLY: 'Quarterly',
  YEARLY: 'Yearly',
};

const UNITS: Record<RecurrenceFrequency, [singular: string, plural: string]> = {
  WEEKLY: ['week', 'weeks'],
  MONTHLY: ['month', 'months'],
  QUARTERLY: ['quarter', 'quarters'],
  YEARLY: ['year', 'years'],
};

export const unitOf = (frequency: RecurrenceFrequency, interval: number) => UNITS[frequency][interval === 1 ? 0 : 1];

export const usesDayOfMonth = (frequency: RecurrenceFrequency | null) => frequency !== null && frequency !== 'WEEKLY';

/** The day of the month of a `YYYY-MM-DD` date, or 1 without one. */
export const dayOfMonthOf = (date: string | null | undefined): number => (date ? Number(date.slice(8, 10)) || 1 : 1);

/** "Monthly on day 20", "Every 2 weeks": the same wording as the server's `RecurrenceView.summary`. */
export function repeatSummary(value: RepeatValue): string {
  if (!value.frequency) return 'Does not repeat';
  const every = value.interval === 1 ? FREQUENCY_LABELS[value.frequency] : `Every ${value.interval} ${unitOf(value.frequency, value.interval)}`;
  return usesDayOfMonth(value.frequency) ? `${every} on day ${value.dayOfMonth}` : every;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(Number.isFinite(value) ? value : min)));

/** The `recurrence` of a request body, or undefined for "Does not repeat". */
export function recurrenceOf(value: RepeatValue): Recurrence | undefined {
  if (!value.frequency) return undefined;
  return {
    frequency: value.frequency,
    interval: clamp(value.interval, 1, MAX_REPEAT_INTERVAL),
    dayOfMonth: usesDayOfMonth(value.frequency) ? clamp(value.dayOfMonth, 1, MAX_DAY_OF_MONTH) : null,
    createDaysBefore: clamp(value.createDaysBefore, 0, MAX_CREATE_DAYS_BEFORE),
  };
}

/** The form's values for a series as the server shows it; a rule written as an RRULE is kept as it is (not editable here). */
export function repeatValueOf(view: RecurrenceView | null, dueDate: string | null): RepeatValue {
  if (!view?.frequency) return { ...NO_REPEAT, dayOfMonth: dayOfMonthOf(dueDate) };
  return {
    frequency: view.frequency,
    interval: view.interval,
    dayOfMonth: view.dayOfMonth ?? dayOfMonthOf(dueDate),
    createDaysBefore: view.createDaysBefore,
  };
}

/** One client's line of the "New recurring work" preview: "GSTR-3B for Sharma Traders - monthly on day 20 - first due 20 Dec 2026". */
export function previewLine(titleTemplate: string, clientName: string, repeat: RepeatValue, firstDueLabel: string): string {
  const title = titleTemplate.trim().replaceAll(SERIES_TITLE_CLIENT_PLACEHOLDER, () => clientName);
  const summary = repeatSummary(repeat);
  return `${title} - ${summary.charAt(0).toLowerCase()}${summary.slice(1)} - first due ${firstDueLabel}`;
}
