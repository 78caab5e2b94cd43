import type { Logger } from '../platform/logger';
import { analyseNoticeText, BUILTIN_ANALYZER_VERSION } from './builtin';
import { AI_MESSAGES, AiError, type NoticeAnalysisInput } from './notice-analysis';
import type { AiProvider } from './provider';

/** The embedded analyzer: deterministic rules over the notice's text, no key and no network. */
export class BuiltinProvider implements AiProvider {
  readonly id = 'BUILTIN';
  readonly model = BUILTIN_ANALYZER_VERSION;

  constructor(private readonly logger: Logger) {}

  async answer(input: NoticeAnalysisInput): Promise<unknown> {
    try {
      return analyseNoticeText(input);
    } catch (error) {
      // The rules' own refusal (a text with nothing to read) is the member's to hear as it is.
      if (error instanceof AiError) throw error;
      // The rules failing on a text is a defect of ours; the member can still try again once it is fixed.
      this.logger.error({ err: error, workspaceId: input.workspaceId, textLength: input.text.length }, 'The built-in analyzer failed on a notice');
      throw new AiError(AI_MESSAGES.unavailable, 'unavailable');
    }
  }
}
