import { formatRupees } from './amounts';
import { ACT_NAMES, INCOME_TAX_ACT_2025_SECTIONS, INCOME_TAX_KINDS, type IncomeTaxKindId, type NoticeKind } from './catalogue';
import { formatLongDate, formatShortDate } from './dates';
import type { NoticeFacts } from './extract';
import { REPLY_BY_RULES } from './reply-by';

/** The pieces of wording the summary, the action items and the draft reply share. */

/** 'FORM GST ASMT-10' or 'a notice under Section 143(2) of the Income-tax Act, 1961'. */
export function noticeTitle(facts: NoticeFacts, kind: NoticeKind): string {
  if (kind.department === 'GST') return kind.formTitle;
  const section = facts.extraction.section ?? `Section ${kind.id}`;
  if (facts.recognition.act === 2025) return `a notice under ${section} (formerly Section ${kind.id} of ${ACT_NAMES.incomeTax1961})`;
  return `a notice under ${section} of ${ACT_NAMES.incomeTax1961}`;
}

/** ' for the period Apr 2023 - Mar 2024' / ' for assessment year 2024-25' / ''. */
export function periodPhrase(facts: NoticeFacts): string {
  const { taxPeriod, assessmentYear } = facts.extraction;
  if (assessmentYear) return facts.recognition.act === 2025 ? ` for tax year ${assessmentYear}` : ` for assessment year ${assessmentYear}`;
  if (taxPeriod) return /^\d{4}-\d{2}$/.test(taxPeriod) ? ` for the financial year ${taxPeriod}` : ` for the period ${taxPeriod}`;
  return '';
}

/** 'the period Apr 2023 - Mar 2024' / 'assessment year 2024-25', with a placeholder when the text gave none. */
export function periodName(facts: NoticeFacts): string {
  const phrase = periodPhrase(facts).replace(/^ for /, '');
  if (phrase) return phrase;
  return facts.extraction.department === 'INCOME_TAX' ? 'assessment year [AY]' : 'the period [tax period]';
}

/** ' (reference ZD270324012345X)' / ''. */
export const referencePhrase = (facts: NoticeFacts): string => (facts.extraction.din ? ` (reference ${facts.extraction.din})` : '');

/** '15 May 2025' or the placeholder. */
export const dueDateText = (facts: NoticeFacts): string => (facts.extraction.replyBy ? formatLongDate(facts.extraction.replyBy) : '[reply-by date]');

/** 'reference no. ZD270324012345X dated 15/04/2025', with placeholders for what the text did not give. */
export function noticeReference(facts: NoticeFacts): string {
  const { din, issueDate } = facts.extraction;
  const label = facts.extraction.department === 'INCOME_TAX' ? 'DIN' : 'reference no.';
  return `${label} ${din ?? '[reference / DIN]'} dated ${issueDate ? formatShortDate(issueDate) : '[date of notice]'}`;
}

/** '₹3,20,000' or null. */
export const demandText = (facts: NoticeFacts): string | null =>
  facts.extraction.amountDemanded ? formatRupees(facts.extraction.amountDemanded) : null;

/** Why the reply-by date is what it is: 'the date stated in the notice', '30 days under Rule 99(2) ...'. */
export function replyByBasis(facts: NoticeFacts): string {
  switch (facts.replyBySource) {
    case 'stated':
      return 'as stated in the notice';
    case 'register':
      return 'the due date on record';
    case 'hearing':
      return 'the hearing date';
    case 'statutory': {
      if (!facts.recognition.kind) return 'the statutory period';
      const rule = REPLY_BY_RULES[facts.recognition.kind.id];
      return `${facts.recognition.act === 2025 ? (rule.basis2025 ?? rule.basis) : rule.basis}, from the date of issue`;
    }
    default:
      return '';
  }
}

/**
 * A 1961 provision named in advice, as a notice under the 2025 Act should read it: the 2025 number where the
 * correspondence table has it, else the 1961 number marked as such.
 */
export function provision(facts: NoticeFacts, section1961: string): string {
  if (facts.recognition.act !== 2025) return `Section ${section1961}`;
  const mapped = (INCOME_TAX_KINDS as Record<string, unknown>)[section1961] ? INCOME_TAX_ACT_2025_SECTIONS[section1961 as IncomeTaxKindId] : null;
  return mapped ? `Section ${mapped}` : `the provision corresponding to Section ${section1961} of the 1961 Act`;
}

/** The client as letters name them: the known name, the name on the notice, or a placeholder. */
export const clientName = (facts: NoticeFacts): string => facts.clientName ?? '[Client name]';
