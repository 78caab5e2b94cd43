import { AI_MESSAGES, AiError, hasReadableText, type NoticeAnalysisBody, type NoticeAnalysisInput } from '../notice-analysis';
import { writeActionItems } from './action-items';
import { writeDraftReply } from './draft-reply';
import { extractNoticeFacts } from './extract';
import { writeSummary } from './summary';
import { readNoticeText } from './text';

/** The built-in analyzer's rules version, reported as the analysis's `model`. */
export const BUILTIN_ANALYZER_VERSION = 'rules-2026.11';

/**
 * Deterministic analysis of an Indian GST or Income Tax notice's text: no key, no network. The same text and known
 * facts always give the same analysis, whatever the day: it is stored, so it says nothing relative to today.
 */
export function analyseNoticeText(input: NoticeAnalysisInput): NoticeAnalysisBody {
  if (!hasReadableText(input.text)) throw new AiError(AI_MESSAGES.noText, 'no-text');
  const facts = extractNoticeFacts(readNoticeText(input.text), input.known ?? {});
  return {
    summary: writeSummary(facts),
    actionItems: writeActionItems(facts),
    draftReply: writeDraftReply(facts),
    extracted: facts.extraction,
  };
}
