import { differenceInCalendarDays, isValid, parseISO } from 'date-fns';
import { kolkataToday } from '@axal/web-sdk';
import { NOTICE_TOASTS } from '../../../shared/wire';

/** A person's name, marked when they have left the workspace. */
export function personName(person: { name: string; isMember: boolean } | null, missingText: string = NOTICE_TOASTS.notSpecified): string {
  if (!person) return missingText;
  return person.isMember ? person.name : `${person.name} (former member)`;
}

/** 'IN_PROGRESS' as 'In Progress': the tasks plugin's values, whose labels live in that plugin. */
export const wordsOf = (value: string): string =>
  value
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`;

/** A due date relative to today: 'Due today', 'Due in 3 days', 'Due 2 days ago'. */
export function dueRelative(dueDate: string | null, today: string = kolkataToday()): string {
  if (!dueDate) return 'No due date';
  const due = parseISO(dueDate);
  if (!isValid(due)) return NOTICE_TOASTS.invalidDate;
  const ahead = differenceInCalendarDays(due, parseISO(today));
  if (ahead === 0) return 'Due today';
  return ahead > 0 ? `Due in ${days(ahead)}` : `Due ${days(-ahead)} ago`;
}

/** Text kept as lines (the AI's action items): one entry per non-blank line. */
export const linesOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
