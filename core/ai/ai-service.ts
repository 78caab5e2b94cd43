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

  async analyseNotice(input: NoticeAnalysisInput): Promise<NoticeAnalysis> {
    if (!hasReadableText(input.text)) throw new AiError(AI_MESSAGES.noText, 'no-text');
    const answer = await this.chosen.answer({ ...input, text: input.text.trim() });
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

/** Azure OpenAI when the installation configures it, else the built-in analyzer; chosen once, at start. */
export function createAiService(config: Config, usage: AiUsage, logger: Logger): AiService {
  const aiLogger = logger.child({ module: 'ai' });
  const provider = config.ai.azure
    ? new AzureOpenAiProvider({ ...config.ai.azure, timeoutMs: config.ai.timeoutMs }, usage, aiLogger)
    : new BuiltinProvider(aiLogger);
  return new ProviderAiService(provider, aiLogger);
}
