import type { Config } from '../platform/config';
import type { Logger } from '../platform/logger';
import { AzureOpenAiProvider } from './azure-openai-provider';
import { BuiltinProvider } from './builtin-provider';
import {
  AI_MESSAGES,
  AiError,
  hasReadableText,
  noticeAnalysisSchema,
  type AiService,
  type AnalyseOptions,
  type NoticeAnalysis,
  type NoticeAnalysisInput,
} from './notice-analysis';
import type { AiProvider } from './provider';
import type { AiUsage } from './usage';

/** `TOKENS.Ai` over one provider: whatever it answers reaches the caller only once it holds to the schema. */
export class ProviderAiService implements AiService {
  constructor(
    private readonly chosen: AiProvider,
    private readonly logger: Logger,
  ) {}

  get provider() {
    return this.chosen.id;
  }

  async analyseNotice(input: NoticeAnalysisInput, { signal }: AnalyseOptions = {}): Promise<NoticeAnalysis> {
    if (!hasReadableText(input.text)) throw new AiError(AI_MESSAGES.noText, 'no-text');
    const answer = await this.chosen.answer({ ...input, text: input.text.trim() }, signal);
    const analysis = noticeAnalysisSchema.safeParse(answer);
    if (!analysis.success) {
      this.logger.error(
        { provider: this.chosen.id, model: this.chosen.model, workspaceId: input.workspaceId, issues: analysis.error.issues },
        'An AI provider answered outside the notice analysis schema',
      );
      throw new AiError(AI_MESSAGES.invalidAnswer, 'invalid-answer');
    }
    return { ...analysis.data, provider: this.chosen.id, model: this.chosen.model };
  }
}

/**
 * The built-in analyzer alone, whichever provider `TOKENS.Ai` uses: for work that analyses many notices at once (a
 * portal sync, the demo seed), with no network and no cost, held to the same schema and errors as any provider.
 */
export function createBuiltinAiService(logger: Logger): AiService {
  const aiLogger = logger.child({ module: 'ai' });
  return new ProviderAiService(new BuiltinProvider(aiLogger), aiLogger);
}

/** Azure OpenAI when the installation configures it, else the built-in analyzer; chosen once, at start. */
export function createAiService(config: Config, usage: AiUsage, logger: Logger): AiService {
  if (!config.ai.azure) return createBuiltinAiService(logger);
  const aiLogger = logger.child({ module: 'ai' });
  return new ProviderAiService(new AzureOpenAiProvider({ ...config.ai.azure, timeoutMs: config.ai.timeoutMs }, usage, aiLogger), aiLogger);
}
