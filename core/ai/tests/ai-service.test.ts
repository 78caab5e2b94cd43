import { expect } from 'chai';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { startTestHost, type TestHost } from '../../plugin-api/testing/test-host';
import { loadConfig } from '../../platform/config';
import type { Logger } from '../../platform/logger';
import { configProblemsOf, TEST_SECRETS } from '../../platform/tests/config-problems';
import { TOKENS } from '../../platform/tokens';
import { createBuiltinAiService, ProviderAiService } from '../ai-service';
import { BUILTIN_ANALYZER_VERSION } from '../builtin';
import { BuiltinProvider } from '../builtin-provider';
import { AI_MESSAGES, noticeAnalysisSchema, type AiService, type NoticeAnalysisInput } from '../notice-analysis';
import type { AiProvider } from '../provider';
import { ChatCompletionsDouble, DOUBLE_DEPLOYMENT, SAMPLE_ANALYSIS, SAMPLE_USAGE, scripted } from './chat-completions-double';
import { ASMT_10_TEXT, failureOf, recordingLogger } from './support';

/** Texts with nothing an analysis can read: blanks, an amount alone, a description typed only in Hindi. */
const UNREADABLE_TEXTS = ['   \n ', '₹ 5,000', 'कर नोटिस का उत्तर ३० दिनों में दें'];

const AZURE = {
  AZURE_OPENAI_ENDPOINT: 'https://axal-ai.openai.azure.com/',
  AZURE_OPENAI_API_KEY: 'k'.repeat(32),
  AZURE_OPENAI_DEPLOYMENT: 'gpt-4o-notices',
};

describe('AI configuration', () => {
  it('without the Azure OpenAI variables: the built-in analyzer, a 60-second limit', () => {
    expect(loadConfig({ ...TEST_SECRETS }).ai).to.deep.equal({ azure: null, timeoutMs: 60_000 });
  });

  it('with the three of them: Azure OpenAI, on the default API version unless one is given', () => {
    expect(loadConfig({ ...TEST_SECRETS, ...AZURE, AI_TIMEOUT_MS: '15000' }).ai).to.deep.equal({
      azure: { endpoint: AZURE.AZURE_OPENAI_ENDPOINT, apiKey: AZURE.AZURE_OPENAI_API_KEY, deployment: 'gpt-4o-notices', apiVersion: '2024-10-21' },
      timeoutMs: 15_000,
    });
    expect(loadConfig({ ...TEST_SECRETS, ...AZURE, AZURE_OPENAI_API_VERSION: '2025-04-01-preview' }).ai.azure?.apiVersion).to.equal(
      '2025-04-01-preview',
    );
  });

  it('with only some of them: refuses to start, naming the missing ones', () => {
    expect(configProblemsOf({ ...TEST_SECRETS, AZURE_OPENAI_ENDPOINT: AZURE.AZURE_OPENAI_ENDPOINT })).to.deep.equal([
      'AZURE_OPENAI_API_KEY, AZURE_OPENAI_DEPLOYMENT: missing; set AZURE_OPENAI_ENDPOINT, AZURE_OPENAI_API_KEY and AZURE_OPENAI_DEPLOYMENT together to use Azure OpenAI, or none for the built-in analyzer',
    ]);
    const [problem] = configProblemsOf({
      ...TEST_SECRETS,
      AZURE_OPENAI_API_KEY: AZURE.AZURE_OPENAI_API_KEY,
      AZURE_OPENAI_DEPLOYMENT: 'gpt-4o-notices',
    });
    expect(problem).to.match(/^AZURE_OPENAI_ENDPOINT: missing; /);
  });

  it('refuses an endpoint that is no URL, a time limit that is no number, and plain HTTP in production', () => {
    expect(configProblemsOf({ ...TEST_SECRETS, ...AZURE, AZURE_OPENAI_ENDPOINT: 'axal-ai.openai.azure.com' })[0]).to.match(
      /^AZURE_OPENAI_ENDPOINT: /,
    );
    expect(configProblemsOf({ ...TEST_SECRETS, AI_TIMEOUT_MS: 'soon' })[0]).to.match(/^AI_TIMEOUT_MS: /);
    const production = {
      ...TEST_SECRETS,
      NODE_ENV: 'production',
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      AZURE_STORAGE_CONNECTION_STRING: 'DefaultEndpointsProtocol=https;AccountName=axal;AccountKey=a2V5PT0=;EndpointSuffix=core.windows.net',
    };
    expect(configProblemsOf({ ...production, ...AZURE, AZURE_OPENAI_ENDPOINT: 'http://axal-ai.internal/' })).to.deep.equal([
      'AZURE_OPENAI_ENDPOINT: must use HTTPS in production (the API key travels with every request)',
    ]);
  });
});

describe('AI service (TOKENS.Ai)', function () {
  this.timeout(60_000);

  describe('without Azure OpenAI configured', () => {
    const ai = () => sharedHost().host.container.get<AiService>(TOKENS.Ai);

    it('is the built-in analyzer', () => {
      expect(ai().provider).to.equal('BUILTIN');
    });

    it('refuses a notice without readable text', async () => {
      for (const text of UNREADABLE_TEXTS) {
        const error = await failureOf(ai().analyseNotice({ workspaceId: 1, text }));
        expect(error, text).to.include({ reason: 'no-text', message: AI_MESSAGES.noText });
      }
    });

    it('passes on the rules’ own no-text refusal as it is, neither logged as a failure nor turned into unavailable', async () => {
      const { logger, errors } = recordingLogger();
      const provider = new BuiltinProvider(logger);
      for (const text of UNREADABLE_TEXTS) {
        const error = await failureOf(provider.answer({ workspaceId: 1, text }));
        expect(error, text).to.include({ reason: 'no-text', message: AI_MESSAGES.noText });
      }
      expect(errors()).to.deep.equal([]);
    });

    it('answers an analysis within the schema, labelled with the built-in analyzer and its rules version', async () => {
      const analysis = await ai().analyseNotice({ workspaceId: 1, text: ASMT_10_TEXT, today: '2025-12-20' });

      const { provider, model, ...body } = analysis;
      expect({ provider, model }).to.deep.equal({ provider: 'BUILTIN', model: BUILTIN_ANALYZER_VERSION });
      expect(noticeAnalysisSchema.safeParse(body).success).to.equal(true);
      expect(analysis.extracted.department).to.equal('GST');
    });
  });

  describe('with Azure OpenAI configured', () => {
    let double: ChatCompletionsDouble;
    let host: TestHost;
    let workspaceId: number;
    const ai = () => host.host.container.get<AiService>(TOKENS.Ai);

    before(async () => {
      double = await ChatCompletionsDouble.start();
      host = await startTestHost({ plugins: [], configOverrides: double.configOverrides({ AI_TIMEOUT_MS: '400' }) });
      const owner = await host.signedInUser('ai-owner');
      workspaceId = await host.internalIdOf((await host.createWorkspace(owner)).externalId);
    });
    beforeEach(() => double.reset());
    after(async () => {
      await host?.stop();
      await double?.close();
    });

    it('is Azure OpenAI, chosen once for the installation', () => {
      expect(ai().provider).to.equal('AZURE_OPENAI');
      expect(ai()).to.equal(ai());
    });

    it('analyses through the deployment and records the tokens in the workspace’s usage', async () => {
      const analysis = await ai().analyseNotice({ workspaceId, text: ASMT_10_TEXT });

      expect(analysis).to.deep.equal({ ...SAMPLE_ANALYSIS, provider: 'AZURE_OPENAI', model: DOUBLE_DEPLOYMENT });
      expect(double.requests.map((request) => request.path)).to.deep.equal([`/openai/deployments/${DOUBLE_DEPLOYMENT}/chat/completions`]);
      const rows = await host.host
        .knex('ai_usage')
        .where({ workspace_id: workspaceId })
        .select('provider', 'model', 'prompt_tokens', 'completion_tokens');
      expect(rows).to.deep.equal([
        {
          provider: 'AZURE_OPENAI',
          model: DOUBLE_DEPLOYMENT,
          prompt_tokens: SAMPLE_USAGE.promptTokens,
          completion_tokens: SAMPLE_USAGE.completionTokens,
        },
      ]);
    });

    it('still offers the built-in analyzer alone, for work over many notices, without calling Azure', async () => {
      const builtin = createBuiltinAiService(host.host.container.get<Logger>(TOKENS.Logger));
      expect(builtin.provider).to.equal('BUILTIN');
      const analysis = await builtin.analyseNotice({ workspaceId, text: ASMT_10_TEXT, today: '2025-12-20' });
      expect(analysis).to.include({ provider: 'BUILTIN', model: BUILTIN_ANALYZER_VERSION });
      expect(analysis.extracted.noticeType).to.equal('ASMT-10');
      expect(await failureOf(builtin.analyseNotice({ workspaceId, text: UNREADABLE_TEXTS[0]! }))).to.include({ reason: 'no-text' });
      expect(double.requests).to.deep.equal([]);
    });

    it('refuses a notice without readable text before any call, as the built-in analyzer does', async () => {
      for (const text of UNREADABLE_TEXTS) {
        const error = await failureOf(ai().analyseNotice({ workspaceId, text }));
        expect(error, text).to.include({ reason: 'no-text', message: AI_MESSAGES.noText });
      }
      expect(double.requests).to.deep.equal([]);
    });

    it('keeps to AI_TIMEOUT_MS', async () => {
      double.script(scripted.hang());
      const startedAt = Date.now();
      const error = await failureOf(ai().analyseNotice({ workspaceId, text: ASMT_10_TEXT }));

      expect(error).to.include({ reason: 'timed-out', message: AI_MESSAGES.timedOut });
      expect(Date.now() - startedAt)
        .to.be.at.least(390)
        .and.below(2_000);
    });
  });

  describe('holding any provider to the schema', () => {
    let logger: Logger;
    before(() => {
      logger = sharedHost().host.container.get<Logger>(TOKENS.Logger);
    });
    const answering = (answer: unknown): AiProvider => ({ id: 'BUILTIN', model: 'rules-test', answer: async () => answer });
    const input: NoticeAnalysisInput = { workspaceId: 1, text: ASMT_10_TEXT };

    it('passes on an answer within it, with the provider and model beside it', async () => {
      const analysis = await new ProviderAiService(answering(SAMPLE_ANALYSIS), logger).analyseNotice(input);
      expect(analysis).to.deep.equal({ ...SAMPLE_ANALYSIS, provider: 'BUILTIN', model: 'rules-test' });
    });

    it('refuses any answer outside it with the invalid-answer error', async () => {
      const outside = [
        null,
        'a plain text answer',
        { ...SAMPLE_ANALYSIS, actionItems: [] },
        { ...SAMPLE_ANALYSIS, extracted: { ...SAMPLE_ANALYSIS.extracted, replyBy: '14/01/2026' } },
        { ...SAMPLE_ANALYSIS, extracted: { ...SAMPLE_ANALYSIS.extracted, amountDemanded: '₹1,84,320' } },
        { ...SAMPLE_ANALYSIS, extracted: { ...SAMPLE_ANALYSIS.extracted, department: 'CUSTOMS' } },
        { ...SAMPLE_ANALYSIS, provider: 'AZURE_OPENAI' },
      ];
      for (const answer of outside) {
        const error = await failureOf(new ProviderAiService(answering(answer), logger).analyseNotice(input));
        expect(error, JSON.stringify(answer)).to.include({ reason: 'invalid-answer', message: AI_MESSAGES.invalidAnswer });
      }
    });

    it('gives the provider the text without its surrounding blanks', async () => {
      const seen: string[] = [];
      const provider: AiProvider = {
        id: 'BUILTIN',
        model: 'rules-test',
        answer: async (given) => {
          seen.push(given.text);
          return SAMPLE_ANALYSIS;
        },
      };
      await new ProviderAiService(provider, logger).analyseNotice({ ...input, text: `\n  ${ASMT_10_TEXT}  \n` });
      expect(seen).to.deep.equal([ASMT_10_TEXT]);
    });
  });
});
