import { addDays } from '../../../core/plugin-api';
import type { TaskStatus } from '../shared/wire';

/** What happened to a demo task: its due date, how many comments it has and the status it ends in. */
export interface DemoHistoryPlan {
  due: string | null;
  today: string;
  comments: number;
  status: TaskStatus;
  /** The day it was made, when that is fixed already: a series' task is made by the series' job. */
  takenUp?: string;
}

/** When each of it happened, so its details page reads like work done over weeks rather than all at one instant. */
export interface DemoHistory {
  created: Date;
  /** When work began: every status but PENDING went through IN_PROGRESS. */
  started: Date | null;
  comments: Date[];
  /** When it was blocked or completed. */
  finished: Date | null;
}

const OFFICE_OPENS = 'T10:00:00+05:30';
const MINUTE_MS = 60_000;
/** Events of one day fall between 10:00 and 14:30. */
const STEP_MS = 90 * MINUTE_MS;
const STEPS_A_DAY = 4;

const earlier = (left: string, right: string) => (left < right ? left : right);
const later = (left: string, right: string) => (left > right ? left : right);

/**
 * Work is taken up three weeks before its due date (three days ago at the latest; two weeks ago when it has none) or
 * on the day given, begun the next day, commented on every other day, blocked after that, and completed the day before it was due (or
 * yesterday). Each event is in office hours of its day, after the one before it, and never later than `now`.
 */
export function demoHistory({ due, today, comments, status, takenUp }: DemoHistoryPlan, now: Date): DemoHistory {
  const created = takenUp ?? (due ? earlier(addDays(due, -21), addDays(today, -3)) : addDays(today, -14));
  const commentDays = Array.from({ length: comments }, (_, index) => addDays(created, 2 + 2 * index));
  const afterComments = addDays(created, 2 + 2 * comments);
  const finishedDay =
    status === 'BLOCKED'
      ? afterComments
      : status === 'COMPLETED'
        ? later(afterComments, due ? earlier(addDays(due, -1), addDays(today, -1)) : addDays(today, -1))
        : null;
  const worked = status !== 'PENDING';
  const days = [created, ...(worked ? [addDays(created, 1)] : []), ...commentDays, ...(finishedDay ? [finishedDay] : [])];

  const times: number[] = [];
  days.forEach((day, index) => {
    const planned = Date.parse(`${day}${OFFICE_OPENS}`) + (index % STEPS_A_DAY) * STEP_MS;
    const afterPrevious = times.length ? Math.max(planned, times.at(-1)! + MINUTE_MS) : planned;
    times.push(Math.min(afterPrevious, now.getTime() - (days.length - index) * MINUTE_MS));
  });
  const dates = times.map((time) => new Date(time));
  const firstComment = worked ? 2 : 1;
  return {
    created: dates[0]!,
    started: worked ? dates[1]! : null,
    comments: dates.slice(firstComment, firstComment + comments),
    finished: finishedDay ? dates.at(-1)! : null,
  };
}
