import { Cron } from 'croner';

export const DEFAULT_TIMEZONE = 'Asia/Kolkata';

/** The instants a schedule's `every` names, read in its timezone. */
export interface SlotTimes {
  /** The most recent slot at or before `at`; null when there was none. */
  latest(at: Date): Date | null;
  /** The first slot after `after`; null when there is none. */
  next(after: Date): Date | null;
}

export class InvalidScheduleError extends Error {}

const DAILY = /^day at ([01]?\d|2[0-3]):([0-5]\d)$/;
const HOURLY = /^hour at :([0-5]\d)$/;

/** `day at 02:00` is `0 2 * * *` and `hour at :15` is `15 * * * *`; anything else is read as cron. */
export function cronPatternOf(every: string): string {
  const daily = DAILY.exec(every);
  if (daily) return `${Number(daily[2])} ${Number(daily[1])} * * *`;
  const hourly = HOURLY.exec(every);
  if (hourly) return `${Number(hourly[1])} * * * *`;
  return every;
}

function assertTimezone(timezone: string): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
  } catch {
    throw new InvalidScheduleError(`timezone "${timezone}" is not an IANA time zone such as Asia/Kolkata`);
  }
}

/**
 * Reads `day at HH:MM`, `hour at :MM`, or a cron expression of five fields (or six, with seconds first, for
 * schedules finer than a minute). Throws InvalidScheduleError saying what is wrong.
 */
export function parseEvery(every: string, timezone = DEFAULT_TIMEZONE): SlotTimes {
  assertTimezone(timezone);
  let cron: Cron;
  try {
    cron = new Cron(cronPatternOf(every.trim()), { timezone, paused: true, mode: '5-or-6-parts' });
  } catch (error) {
    throw new InvalidScheduleError(
      `every "${every}" is neither "day at HH:MM", "hour at :MM" nor a cron expression (${(error as Error).message.replace(/^CronPattern: /, '')})`,
    );
  }
  if (!cron.nextRun()) throw new InvalidScheduleError(`every "${every}" never falls due`);
  return {
    // croner's previous runs are strictly before the reference; a slot exactly at `at` is due at `at`.
    latest: (at) => cron.previousRuns(1, new Date(at.getTime() + 1))[0] ?? null,
    next: (after) => cron.nextRun(after),
  };
}
