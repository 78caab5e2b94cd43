import { daysBetween } from '../../../../core/plugin-api';
import type { NoticePriority } from '../../shared/wire';

/** HIGH when the reply is due within this many days, or already overdue. */
export const HIGH_PRIORITY_DAYS_LEFT = 7;
/** LOW only when more than this many days are left. */
const LOW_PRIORITY_DAYS_LEFT = 30;
/** ₹10,00,000 (ten lakh) or more is HIGH whatever the date. */
export const HIGH_PRIORITY_AMOUNT_PAISE = 10_00_000 * 100;
/** LOW only below ₹1,00,000 (one lakh), or with no amount. */
export const LOW_PRIORITY_AMOUNT_PAISE = 1_00_000 * 100;

export interface PriorityFacts {
  /** The reply-by (due) date, `YYYY-MM-DD`, or null when the notice has none. */
  replyBy: string | null;
  /** The amount demanded in paise, or null. */
  amountPaise: number | null;
  /** Today in Asia/Kolkata, `YYYY-MM-DD`. */
  today: string;
}

/**
 * The "automatic priority" of a notice nobody has given a priority to:
 * - HIGH when the reply is due within 7 days (or is overdue), or the amount is ₹10,00,000 or more;
 * - LOW when more than 30 days are left and the amount is below ₹1,00,000 (or there is none);
 * - MEDIUM otherwise.
 * Without a reply-by date only the amount speaks: HIGH from ₹10,00,000, else MEDIUM (with no deadline known, nothing
 * says there is time to spare, so such a notice is never LOW).
 */
export function automaticPriority({ replyBy, amountPaise, today }: PriorityFacts): NoticePriority {
  const large = amountPaise !== null && amountPaise >= HIGH_PRIORITY_AMOUNT_PAISE;
  if (large) return 'HIGH';
  if (replyBy === null) return 'MEDIUM';
  const daysLeft = daysBetween(today, replyBy);
  if (daysLeft <= HIGH_PRIORITY_DAYS_LEFT) return 'HIGH';
  const small = amountPaise === null || amountPaise < LOW_PRIORITY_AMOUNT_PAISE;
  return daysLeft > LOW_PRIORITY_DAYS_LEFT && small ? 'LOW' : 'MEDIUM';
}
