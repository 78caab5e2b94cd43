import { formatLongDate } from './dates';
import type { NoticeFacts } from './extract';
import { UNKNOWN_ISSUER } from './parties';
import { demandText, dueDateText, noticeTitle, periodPhrase, replyByBasis } from './phrases';
import { joinWithAnd } from './text';

/** Two to four sentences: who received what and from whom, why and how much, by when, and any hearing. */

const DEPARTMENT_NAMES: Record<string, string> = { GST: 'GST', INCOME_TAX: 'Income Tax', COMPLIANCE: 'compliance' };
const DEPARTMENT_ARTICLES: Record<string, string> = { GST: 'a', INCOME_TAX: 'an', COMPLIANCE: 'a' };
const DEMAND_KINDS = new Set(['DRC-01', 'DRC-01A', 'DRC-07', '156', '245']);
const HEARING_WORDS = { IN_PERSON: 'A personal hearing', VIRTUAL: 'A video hearing', WRITTEN: 'A hearing by written submission' } as const;

function whoAndWhat(facts: NoticeFacts): string {
  const who = facts.clientName ?? 'The client';
  const { kind } = facts.recognition;
  const { issueDate, department, noticeType } = facts.extraction;
  const what = kind
    ? `${noticeTitle(facts, kind)}, ${kind.description}`
    : `${department ? `${DEPARTMENT_ARTICLES[department]} ${DEPARTMENT_NAMES[department]} ` : 'a '}notice${noticeType ? ` (${noticeType})` : ''}`;
  const details = [
    periodPhrase(facts).trim(),
    issueDate ? `dated ${formatLongDate(issueDate)}` : '',
    facts.addressee.issuer === UNKNOWN_ISSUER ? '' : `from ${facts.addressee.issuer}`,
  ].filter(Boolean);
  return `${who} has received ${what}${details.length > 0 ? `, ${details.join(', ')}` : ''}.`;
}

/** Kinds whose grounds are the form itself (a return not filed, a registration query, an audit). */
const GROUNDS_NOT_SUMMARISED = new Set(['GSTR-3A', 'REG-03', 'ADT-01']);

function whyAndHowMuch(facts: NoticeFacts): string | null {
  const amount = demandText(facts);
  const kindId = facts.recognition.kind?.id ?? '';
  const reasons = GROUNDS_NOT_SUMMARISED.has(kindId) ? [] : facts.grounds.map((ground) => ground.reason);
  const isDemand = DEMAND_KINDS.has(kindId);
  if (reasons.length > 0) {
    const amountPhrase = amount ? (isDemand ? `, with a demand of ${amount}` : `, with ${amount} at stake`) : '';
    return `It concerns ${joinWithAnd(reasons)}${amountPhrase}.`;
  }
  if (!amount) return null;
  return isDemand ? `The demand is ${amount}.` : `The amount involved is ${amount}.`;
}

function byWhen(facts: NoticeFacts): string {
  const { replyBy } = facts.extraction;
  if (!replyBy) return 'No reply-by date appears in the notice: check the due date on the portal.';
  const what = facts.recognition.kind?.replyDue ?? 'The reply';
  return `${what} is due by ${dueDateText(facts)} (${replyByBasis(facts)}).`;
}

function hearingSentence(facts: NoticeFacts): string | null {
  const { hearing } = facts.extraction;
  if (!hearing) return null;
  const what = facts.recognition.kind?.id === 'ADT-01' ? 'The audit' : hearing.mode ? HEARING_WORDS[hearing.mode] : 'A hearing';
  return `${what} is fixed for ${formatLongDate(hearing.date)}${hearing.time ? ` at ${hearing.time}` : ''}.`;
}

export function writeSummary(facts: NoticeFacts): string {
  return [whoAndWhat(facts), whyAndHowMuch(facts), byWhen(facts), hearingSentence(facts)]
    .filter((sentence): sentence is string => sentence !== null)
    .join(' ');
}
