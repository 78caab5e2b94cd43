import { ContainerModule } from 'inversify';
import type { Config } from '../platform/config';
import type { Logger } from '../platform/logger';
import { TOKENS } from '../platform/tokens';
import type { CoreModule } from '../plugins/core-module';
import { createAiService } from './ai-service';
import { AiUsage } from './usage';

/**
 * Notice analysis (`TOKENS.Ai`): Azure OpenAI when AZURE_OPENAI_ENDPOINT, AZURE_OPENAI_API_KEY and
 * AZURE_OPENAI_DEPLOYMENT are set, else the built-in analyzer. Azure's token usage is kept per workspace (`AiUsage`).
 */
export const aiModule: CoreModule = {
  id: 'ai',
  containerModule: new ContainerModule(({ bind }) => {
    bind(AiUsage).toSelf();
    bind(TOKENS.Ai)
      .toDynamicValue((context) => createAiService(context.get<Config>(TOKENS.Config), context.get(AiUsage), context.get<Logger>(TOKENS.Logger)))
      .inSingletonScope();
  }),
};
