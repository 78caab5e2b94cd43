import { kolkataToday } from '../../platform/calendar-day';
import { AI_MESSAGES, AiError, type NoticeAnalysisBody, type NoticeAnalysisInput } from '../notice-analysis';
import { writeActionItems } from './action-items';
import { writeDraftReply } from './draft-reply';
import { extractNoticeFacts } from './extract';
import { writeSummary } from './summary';
import { hasReadableText, readNoticeText } from './text';

/** The built-in analyzer's rules version, reported as the analysis's `model`. */
export const BUILTIN_ANALYZER_VERSION = 'rules-2026.11';

/**
 * Deterministic analysis of an Indian GST or Income Tax notice's text: no key, no network. The same text, known
 * facts and day always give the same analysis.
 */
export function analyseNoticeText(input: NoticeAnalysisInput): NoticeAnalysisBody {
  if (!hasReadableText(input.text)) throw new AiError(AI_MESSAGES.noText, 'no-text');
  const facts = extractNoticeFacts(readNoticeText(input.text), input.known ?? {}, input.today ?? kolkataToday());
  return {
    summary: writeSummary(facts),
    actionItems: writeActionItems(facts),
    draftReply: writeDraftReply(facts),
    extracted: facts.extraction,
  };
}
