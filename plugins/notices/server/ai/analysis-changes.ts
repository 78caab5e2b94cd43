import type { NoticeAnalysis } from '../../../../core/plugin-api';
import { HEARING_MODE_LABELS, MAX_NOTICE_TYPE_LENGTH, MAX_TAX_PERIOD_LENGTH, PRIORITY_LABELS, type HearingMode } from '../../shared/wire';
import { dayInWords } from '../activity-text';
import type { Notice } from '../models';
import { paiseToRupees } from '../notice-views';
import { rupeesToPaise } from '../schemas';
import { automaticPriority } from './automatic-priority';

/** What an analysis writes on a notice: the AI's texts, the fields it fills and the automatic priority. */
export type AnalysisPatch = Partial<
  Pick<
    Notice,
    | 'summary'
    | 'actionItems'
    | 'draftReply'
    | 'aiProvider'
    | 'aiModel'
    | 'aiProcessedAt'
    | 'noticeType'
    | 'dueDate'
    | 'dateOfIssuance'
    | 'taxPeriod'
    | 'amountPaise'
    | 'priority'
  >
>;

export interface AnalysisHearing {
  hearingDate: string;
  hearingTime: string | null;
  mode: HearingMode;
}

export interface AnalysisChanges {
  patch: AnalysisPatch;
  /** A hearing the notice names on a day the register has none for yet. */
  hearing: AnalysisHearing | null;
  /** The activity entry's words for each empty field filled, e.g. 'due date 31 Mar 2026'. */
  filled: string[];
  /** Its words for the rest: the automatic priority's change and the hearing added. */
  details: string[];
}

/** A register's placeholder type, which a recognised form replaces. */
const GENERIC_NOTICE_TYPE = 'notice';
/** The mode of a hearing whose notice does not say how it is held: a personal hearing is the usual form. */
const DEFAULT_HEARING_MODE: HearingMode = 'IN_PERSON';
const BARE_ASSESSMENT_YEAR = /^\d{4}-\d{2}$/;
/** A leading "1." or "2)" the provider may have written itself. */
const ITEM_NUMBER = /^\s*\d+[.)]\s*/;

/** The action items as the details page shows them: one a line, numbered "1. ...". */
export const numberedItems = (items: readonly string[]): string =>
  items.map((item, index) => `${index + 1}. ${item.replace(ITEM_NUMBER, '').trim()}`).join('\n');

/** GST periods as the notice gives them; an assessment year as the register writes it, 'AY 2024-25'. */
function taxPeriodOf({ taxPeriod, assessmentYear }: NoticeAnalysis['extracted']): string | null {
  const period = taxPeriod ?? (assessmentYear && BARE_ASSESSMENT_YEAR.test(assessmentYear) ? `AY ${assessmentYear}` : assessmentYear);
  return period ? period.slice(0, MAX_TAX_PERIOD_LENGTH) : null;
}

/**
 * What `analysis` changes on `notice`: the summary, numbered action items and draft reply always (a re-run replaces
 * them); the notice type, due date (from the reply-by date), date of issuance, tax period and amount only where the
 * register has none; a hearing only on a day without one; and the automatic priority unless a member chose one.
 */
export function analysisChanges(
  notice: Notice,
  analysis: NoticeAnalysis,
  context: { today: string; processedAt: Date; hearingDates: ReadonlySet<string> },
): AnalysisChanges {
  const { extracted } = analysis;
  const patch: AnalysisPatch = {
    summary: analysis.summary,
    actionItems: numberedItems(analysis.actionItems),
    draftReply: analysis.draftReply,
    aiProvider: analysis.provider,
    aiModel: analysis.model,
    aiProcessedAt: context.processedAt,
  };
  const filled: string[] = [];
  const details: string[] = [];

  const noticeType = extracted.noticeType?.trim().slice(0, MAX_NOTICE_TYPE_LENGTH);
  const typeIsGeneric = !notice.noticeType.trim() || notice.noticeType.trim().toLowerCase() === GENERIC_NOTICE_TYPE;
  if (noticeType && typeIsGeneric && noticeType !== notice.noticeType) {
    patch.noticeType = noticeType;
    filled.push(`notice type ${noticeType}`);
  }
  if (!notice.dueDate && extracted.replyBy) {
    patch.dueDate = extracted.replyBy;
    filled.push(`due date ${dayInWords(extracted.replyBy)}`);
  }
  if (!notice.dateOfIssuance && extracted.issueDate) {
    patch.dateOfIssuance = extracted.issueDate;
    filled.push(`date of issuance ${dayInWords(extracted.issueDate)}`);
  }
  const taxPeriod = taxPeriodOf(extracted);
  if (!notice.taxPeriod && taxPeriod) {
    patch.taxPeriod = taxPeriod;
    filled.push(`tax period ${taxPeriod}`);
  }
  const amountPaise = notice.amountPaise === null && extracted.amountDemanded ? rupeesToPaise(extracted.amountDemanded) : null;
  if (amountPaise !== null) {
    patch.amountPaise = amountPaise;
    filled.push(`amount demanded ₹${paiseToRupees(amountPaise)}`);
  }

  if (!notice.prioritySetByMember) {
    const priority = automaticPriority({
      replyBy: patch.dueDate ?? notice.dueDate,
      amountPaise: patch.amountPaise ?? notice.amountPaise,
      today: context.today,
    });
    if (priority !== notice.priority) {
      patch.priority = priority;
      details.push(`priority ${PRIORITY_LABELS[notice.priority]} to ${PRIORITY_LABELS[priority]} (automatic)`);
    }
  }

  const named = extracted.hearing;
  const hearing =
    named && !context.hearingDates.has(named.date)
      ? { hearingDate: named.date, hearingTime: named.time, mode: named.mode ?? DEFAULT_HEARING_MODE }
      : null;
  if (hearing) {
    const time = hearing.hearingTime ? ` at ${hearing.hearingTime}` : '';
    details.push(`hearing on ${dayInWords(hearing.hearingDate)}${time} (${HEARING_MODE_LABELS[hearing.mode]})`);
  }
  return { patch, hearing, filled, details };
}
