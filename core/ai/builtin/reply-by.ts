import { addDays } from '../../platform/calendar-day';
import type { NoticeKindId } from './catalogue';
import { addMonths, DATE_TOKEN, parseDate } from './dates';

/**
 * The reply-by date. A date the notice states wins ("on or before 15/05/2025", "reply by", "last date"), then a
 * period it states ("within fifteen days from the date of service"), then what the register already holds, then the
 * period the law fixes for the form, counted from the date of issue. Service is taken as the date of issue: the
 * portals serve notices electronically the day they issue them, and the earlier date is the safe one.
 */

export interface ReplyByRule {
  period: { amount: number; unit: 'days' | 'months' } | null;
  /** The rule, for the summary: '30 days under Rule 99(2) of the CGST Rules, 2017'. */
  basis: string;
  /** The rule as a notice under the Income-tax Act, 2025 cites it, where the numbers differ. */
  basis2025?: string;
}

/**
 * What the law gives to answer each notice. "Working days" in the GST rules are counted as calendar days: a reply
 * due on the seventh calendar day is never late under a seven-working-day rule.
 */
export const REPLY_BY_RULES: Record<NoticeKindId, ReplyByRule> = {
  // Rule 99(2) CGST Rules: explanation in ASMT-11 within 30 days of being informed (or the period the officer allows).
  'ASMT-10': { period: { amount: 30, unit: 'days' }, basis: '30 days under Rule 99(2) of the CGST Rules, 2017' },
  // Sections 73/74 leave the period to the notice; DRC-01 notices give 30 days for the DRC-06 reply (Rule 142(4)).
  'DRC-01': { period: { amount: 30, unit: 'days' }, basis: 'the customary 30 days for a reply in FORM GST DRC-06' },
  // Rule 142(2A): Part B of DRC-01A within the time the intimation gives; 30 days, as the form customarily allows.
  'DRC-01A': { period: { amount: 30, unit: 'days' }, basis: 'the customary 30 days for Part B of FORM GST DRC-01A' },
  // Section 78: pay within three months of service of the order; Section 107(1): appeal within three months too.
  'DRC-07': { period: { amount: 3, unit: 'months' }, basis: 'three months under Sections 78 and 107(1) of the CGST Act, 2017' },
  // Section 46 read with Rule 68: furnish the return within 15 days of the GSTR-3A.
  'GSTR-3A': { period: { amount: 15, unit: 'days' }, basis: '15 days under Section 46 and Rule 68 of the CGST Rules, 2017' },
  // Rule 9(2): clarification in REG-04 within seven working days of the REG-03.
  'REG-03': { period: { amount: 7, unit: 'days' }, basis: 'seven working days under Rule 9(2), taken as calendar days' },
  // Rule 22(1)-(2): reply in REG-18 within seven working days of the REG-17.
  'REG-17': { period: { amount: 7, unit: 'days' }, basis: 'seven working days under Rule 22(1), taken as calendar days' },
  // Rule 23(3): clarification in REG-24 within seven working days of the REG-23.
  'REG-23': { period: { amount: 7, unit: 'days' }, basis: 'seven working days under Rule 23(3), taken as calendar days' },
  // Section 65(3) / Rule 101(2) only fix the notice's lead time (15 working days); the audit date in the notice governs.
  'ADT-01': { period: null, basis: 'the audit date given in the notice' },
  // Section 139(9): rectify within 15 days of the intimation (or the extended period allowed).
  '139(9)': { period: { amount: 15, unit: 'days' }, basis: '15 days under Section 139(9)', basis2025: '15 days under Section 263(7)' },
  // The notice fixes its own compliance date.
  '142(1)': { period: null, basis: 'the date given in the notice' },
  // First proviso to Section 143(1)(a): response within 30 days of the intimation.
  '143(1)(a)': {
    period: { amount: 30, unit: 'days' },
    basis: '30 days under the first proviso to Section 143(1)(a)',
    basis2025: '30 days for a response to proposed adjustments under Section 270',
  },
  '143(2)': { period: null, basis: 'the date given in the notice' },
  '148': { period: null, basis: 'the period given in the notice' },
  // Section 148A(b): not less than 7 and not more than 30 days; the notice says which.
  '148A(b)': { period: null, basis: 'the date given in the notice (7 to 30 days under Section 148A)' },
  // Section 220(1): pay within 30 days of service of the notice of demand.
  '156': { period: { amount: 30, unit: 'days' }, basis: '30 days under Section 220(1)', basis2025: '30 days for paying a notice of demand' },
  // Section 245(1) requires an intimation before a set-off; the CPC allows 30 days to respond to it.
  '245': {
    period: { amount: 30, unit: 'days' },
    basis: 'the 30 days the CPC allows under Section 245',
    basis2025: 'the 30 days the CPC allows under Section 438',
  },
  '270A': { period: null, basis: 'the date given in the notice' },
  '274': { period: null, basis: 'the date given in the notice' },
};

const WORD_NUMBERS: Record<string, number> = {
  three: 3,
  five: 5,
  seven: 7,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  'forty-five': 45,
  sixty: 60,
  ninety: 90,
  one: 1,
  two: 2,
  six: 6,
};

const DEADLINE_WORDS = String.raw`(?:on\s+or\s+before|not\s+later\s+than|no\s+later\s+than|latest\s+by|(?:last|due)\s+date(?:\s+(?:of|for)\s+[a-z ]{0,40}?)?|response\s+due\s+date|date\s+of\s+compliance|compliance\s+date|(?:reply|respond|response|explanation|submission|representation|clarification|objections?)\s+(?:(?:is|are|should|shall|must|may)\s+(?:be\s+)?)?(?:due|furnished|submitted|filed|made|sent|reach(?:\s+this\s+office)?)?\s*(?:by|before|on))`;
const STATED_DATE = new RegExp(String.raw`\b${DEADLINE_WORDS}\s*[:-]?\s*(${DATE_TOKEN})`, 'gi');
/** A bare "by <date>" counts when a reply verb comes shortly before it: "explain the discrepancies by 15/05/2025". */
const VERB_THEN_BY_DATE = new RegExp(
  String.raw`\b(?:reply|respond|explain|furnish|submit|file|show cause|comply|pay|rectify|produce)\b[^.]{0,120}?\bby\s+(${DATE_TOKEN})`,
  'gi',
);
/** "was due on", "were required to file ... on or before": a past deadline the notice recounts, not the reply's. */
const PAST_DEADLINE_BEFORE = /\b(?:was|were|had been|has been|have been)\b[^.]{0,60}$/i;

function statedDate(flat: string, issueDate: string | null): string | null {
  const candidates = [...flat.matchAll(STATED_DATE), ...flat.matchAll(VERB_THEN_BY_DATE)].sort((a, b) => a.index - b.index);
  for (const match of candidates) {
    if (PAST_DEADLINE_BEFORE.test(flat.slice(Math.max(0, match.index - 80), match.index))) continue;
    const date = parseDate(match[1]!);
    if (date && (!issueDate || date >= issueDate)) return date;
  }
  return null;
}

const STATED_PERIOD =
  /\b(reply|respond|response|furnish|submit|file|explain|explanation|show cause|pay|paid|payment|rectify|comply|compliance|clarification|representation|objections?)\b[^.]{0,160}?\bwithin\s+(?:a\s+period\s+of\s+)?(\d{1,3}|[a-z]+(?:-[a-z]+)?)\s*(?:\(\s*\d{1,3}\s*\)\s*)?(?:working\s+)?(days?|months?)\b/gi;

function statedPeriod(flat: string, issueDate: string): string | null {
  for (const match of flat.matchAll(STATED_PERIOD)) {
    if (/\bappeal\b/i.test(match[0])) continue;
    const amount = /^\d+$/.test(match[2]!) ? Number(match[2]) : WORD_NUMBERS[match[2]!.toLowerCase()];
    if (!amount) continue;
    return /^month/i.test(match[3]!) ? addMonths(issueDate, amount) : addDays(issueDate, amount);
  }
  return null;
}

export function statutoryReplyBy(kind: NoticeKindId, issueDate: string): string | null {
  const { period } = REPLY_BY_RULES[kind];
  if (!period) return null;
  return period.unit === 'months' ? addMonths(issueDate, period.amount) : addDays(issueDate, period.amount);
}

export type ReplyBySource = 'stated' | 'register' | 'statutory' | 'hearing';

export interface ReplyBy {
  date: string;
  source: ReplyBySource;
}

export function findReplyBy(input: {
  flat: string;
  kind: NoticeKindId | null;
  issueDate: string | null;
  knownDueDate: string | null;
  hearingDate: string | null;
}): ReplyBy | null {
  const stated = statedDate(input.flat, input.issueDate) ?? (input.issueDate ? statedPeriod(input.flat, input.issueDate) : null);
  if (stated) return { date: stated, source: 'stated' };
  if (input.knownDueDate) return { date: input.knownDueDate, source: 'register' };
  const statutory = input.kind && input.issueDate ? statutoryReplyBy(input.kind, input.issueDate) : null;
  if (statutory) return { date: statutory, source: 'statutory' };
  if (input.hearingDate) return { date: input.hearingDate, source: 'hearing' };
  return null;
}
