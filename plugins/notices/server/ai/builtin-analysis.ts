import {
  AI_MESSAGES,
  AiError,
  analyseNoticeText,
  BUILTIN_ANALYZER_VERSION,
  hasReadableText,
  noticeAnalysisSchema,
  type NoticeAnalysis,
  type NoticeAnalysisInput,
} from '../../../../core/plugin-api';

/**
 * The built-in analyzer alone, whichever provider `TOKENS.Ai` uses: what a portal sync runs on every notice it brings
 * (no network, no cost). Held to the same schema as any provider's answer.
 */
export function builtinAnalysis(input: NoticeAnalysisInput): NoticeAnalysis {
  if (!hasReadableText(input.text)) throw new AiError(AI_MESSAGES.noText, 'no-text');
  const parsed = noticeAnalysisSchema.safeParse(analyseNoticeText(input));
  if (!parsed.success) throw new AiError(AI_MESSAGES.invalidAnswer, 'invalid-answer');
  return { ...parsed.data, provider: 'BUILTIN', model: BUILTIN_ANALYZER_VERSION };
}
