import { expect } from 'chai';
import type { Knex } from 'knex';
import { createWorkspace, signedInUser } from '../../plugin-api/testing/http';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import type { Logger } from '../../platform/logger';
import { TOKENS } from '../../platform/tokens';
import { ProviderAiService } from '../ai-service';
import { AzureOpenAiProvider, retryDelayMs, type RetryPolicy } from '../azure-openai-provider';
import { AI_MESSAGES, type NoticeAnalysisInput } from '../notice-analysis';
import { NOTICE_ANALYSIS_FORMAT_NAME, NOTICE_ANALYSIS_SYSTEM_PROMPT, noticeAnalysisResponseFormat } from '../prompt';
import { AiUsage } from '../usage';
import { ChatCompletionsDouble, DOUBLE_DEPLOYMENT, SAMPLE_ANALYSIS, SAMPLE_USAGE, scripted } from './chat-completions-double';
import { ASMT_10_TEXT, failureOf, recordingLogger } from './support';

const API_VERSION = '2024-10-21';
/** Backoff short enough for a test, the shape of the real one. */
const QUICK_RETRIES: RetryPolicy = { maxRetries: 3, baseDelayMs: 5, maxDelayMs: 40 };

interface UsageRow {
  provider: string;
  model: string;
  prompt_tokens: number;
  completion_tokens: number;
}

describe('Azure OpenAI provider, against a loopback chat completions server', function () {
  this.timeout(30_000);
  let double: ChatCompletionsDouble;
  let knex: Knex;
  let logger: Logger;
  let usage: AiUsage;
  let workspaceId: number;

  const serviceWith = (overrides: { timeoutMs?: number; apiKey?: string; logger?: Logger } = {}) =>
    new ProviderAiService(
      new AzureOpenAiProvider(
        {
          endpoint: double.endpoint,
          apiKey: overrides.apiKey ?? double.apiKey,
          deployment: DOUBLE_DEPLOYMENT,
          apiVersion: API_VERSION,
          timeoutMs: overrides.timeoutMs ?? 5_000,
        },
        usage,
        overrides.logger ?? logger,
        QUICK_RETRIES,
      ),
      logger,
    );
  const input = (text = ASMT_10_TEXT): NoticeAnalysisInput => ({
    workspaceId,
    text,
    today: '2025-12-20',
    known: { department: 'GST', reference: 'ZD0712250123456', clientName: 'Sharma Traders', clientGstin: '27AABCS1234F1Z5' },
  });
  const usageRows = (): Promise<UsageRow[]> =>
    knex('ai_usage').where({ workspace_id: workspaceId }).orderBy('id').select('provider', 'model', 'prompt_tokens', 'completion_tokens');

  before(async () => {
    double = await ChatCompletionsDouble.start();
    const container = sharedHost().host.container;
    knex = container.get<Knex>(TOKENS.Knex);
    logger = container.get<Logger>(TOKENS.Logger);
    usage = container.get(AiUsage);
    const owner = await signedInUser('ai-owner');
    workspaceId = await sharedHost().internalIdOf((await createWorkspace(owner)).externalId);
  });
  beforeEach(async () => {
    double.reset();
    await knex('ai_usage').where({ workspace_id: workspaceId }).delete();
  });
  after(async () => {
    await double?.close();
  });

  it('a good answer: parsed, labelled Azure OpenAI with the deployment as model, and its tokens recorded for the workspace', async () => {
    double.script(scripted.analysis());
    const analysis = await serviceWith().analyseNotice(input());

    expect(analysis).to.deep.equal({ ...SAMPLE_ANALYSIS, provider: 'AZURE_OPENAI', model: DOUBLE_DEPLOYMENT });
    expect(await usageRows()).to.deep.equal([
      {
        provider: 'AZURE_OPENAI',
        model: DOUBLE_DEPLOYMENT,
        prompt_tokens: SAMPLE_USAGE.promptTokens,
        completion_tokens: SAMPLE_USAGE.completionTokens,
      },
    ]);
  });

  it('asks the deployment with the key, the API version, the notice prompt and the strict analysis schema', async () => {
    await serviceWith().analyseNotice(input());

    expect(double.requests).to.have.length(1);
    const [request] = double.requests;
    expect(request).to.include({
      method: 'POST',
      path: `/openai/deployments/${DOUBLE_DEPLOYMENT}/chat/completions`,
      apiVersion: API_VERSION,
      apiKey: double.apiKey,
    });
    expect(request!.body.response_format).to.deep.equal(noticeAnalysisResponseFormat);
    expect(request!.body.response_format?.json_schema).to.include({ name: NOTICE_ANALYSIS_FORMAT_NAME, strict: true });
    const [system, user] = request!.body.messages!;
    expect(system).to.deep.equal({ role: 'system', content: NOTICE_ANALYSIS_SYSTEM_PROMPT });
    expect(user!.role).to.equal('user');
    expect(user!.content)
      .to.contain('Today (Asia/Kolkata): 2025-12-20')
      .and.contain('- Client GSTIN: 27AABCS1234F1Z5')
      .and.contain('- Reference: ZD0712250123456')
      .and.contain(`<<<NOTICE\n${ASMT_10_TEXT}\nNOTICE>>>`);
  });

  it('an answer that breaks the schema: a clear error, no analysis, one call only, and the spent tokens still recorded', async () => {
    double.script(scripted.schemaBreakingAnalysis());
    const error = await failureOf(serviceWith().analyseNotice(input()));

    expect(error.reason).to.equal('invalid-answer');
    expect(error.message).to.equal(AI_MESSAGES.invalidAnswer);
    expect(double.requests).to.have.length(1);
    expect(await usageRows()).to.have.length(1);
  });

  it('an answer that is no JSON, or cut off at the token limit, is no analysis either', async () => {
    double.script(
      scripted.content('Here is the analysis you asked for: ...'),
      scripted.content(JSON.stringify(SAMPLE_ANALYSIS).slice(0, 200), 'length'),
    );
    const service = serviceWith();

    expect((await failureOf(service.analyseNotice(input()))).reason).to.equal('invalid-answer');
    expect((await failureOf(service.analyseNotice(input()))).reason).to.equal('invalid-answer');
    expect(await usageRows()).to.have.length(2);
  });

  it('logs of an unreadable answer only its length and its first 80 characters, never the whole of it', async () => {
    const answer = `Here is the analysis: Sharma Traders, PAN AABCS1234F, ${'owes ₹1,84,320 in ITC reversed. '.repeat(20)}`;
    double.script(scripted.content(answer));
    const { logger: recording, errors } = recordingLogger();
    await failureOf(serviceWith({ logger: recording }).analyseNotice(input()));

    const [logged] = errors();
    expect(errors()).to.have.length(1);
    expect(logged).to.include({
      msg: 'Azure OpenAI answered without a readable analysis',
      answerLength: answer.length,
      answerStart: answer.slice(0, 80),
    });
    expect(JSON.stringify(logged)).not.to.contain(answer.slice(0, 81));
  });

  it('429 then success: waits the retry-after-ms the server asked for, retries once, and answers', async () => {
    double.script(scripted.rateLimited(150), scripted.analysis());
    const startedAt = Date.now();
    const analysis = await serviceWith().analyseNotice(input());

    expect(analysis.summary).to.equal(SAMPLE_ANALYSIS.summary);
    expect(double.requests).to.have.length(2);
    expect(Date.now() - startedAt).to.be.at.least(150);
    expect(await usageRows(), 'a throttled call spends nothing').to.have.length(1);
  });

  it('a time-out: the call that hangs fails with the timed-out error within the limit', async () => {
    double.script(scripted.hang());
    const startedAt = Date.now();
    const error = await failureOf(serviceWith({ timeoutMs: 300 }).analyseNotice(input()));
    const elapsed = Date.now() - startedAt;

    expect(error.reason).to.equal('timed-out');
    expect(error.message).to.equal(AI_MESSAGES.timedOut);
    expect(elapsed).to.be.at.least(290).and.below(1_500);
    expect(await usageRows()).to.deep.equal([]);
  });

  it('a caller that stops waiting ends the hanging call at once, with the timed-out error', async function () {
    // Far below the provider's own 20-second limit: only the caller's signal can end the call in time.
    this.timeout(5_000);
    double.script(scripted.hang());
    const hang = double.nextHang();
    const giveUp = new AbortController();
    const analysis = serviceWith({ timeoutMs: 20_000 }).analyseNotice(input(), { signal: giveUp.signal });
    const { closed } = await hang;
    giveUp.abort();

    const error = await failureOf(analysis);
    expect(error).to.include({ reason: 'timed-out', message: AI_MESSAGES.timedOut });
    await closed;
    expect(double.requests).to.have.length(1);
  });

  it('5xx on every try: three retries, then unavailable', async () => {
    double.script(scripted.serverError(500), scripted.serverError(503), scripted.serverError(500), scripted.serverError(502));
    const error = await failureOf(serviceWith().analyseNotice(input()));

    expect(error.reason).to.equal('unavailable');
    expect(error.message).to.equal(AI_MESSAGES.unavailable);
    expect(double.requests).to.have.length(4);
  });

  it('429 on every try: three retries, then rate-limited', async () => {
    double.script(...Array.from({ length: 4 }, () => scripted.rateLimited(10)));
    const error = await failureOf(serviceWith().analyseNotice(input()));

    expect(error.reason).to.equal('rate-limited');
    expect(error.message).to.equal(AI_MESSAGES.rateLimited);
    expect(double.requests).to.have.length(4);
  });

  it('a wait the server asks for beyond the time limit is not waited: the caller hears at once', async () => {
    double.script(scripted.rateLimited(10_000));
    const startedAt = Date.now();
    const error = await failureOf(serviceWith({ timeoutMs: 2_000 }).analyseNotice(input()));

    expect(error.reason).to.equal('rate-limited');
    expect(Date.now() - startedAt).to.be.below(1_000);
    expect(double.requests).to.have.length(1);
  });

  it('a refused key is not retried, and neither the key nor Azure’s words reach the caller', async () => {
    const wrongKey = 'wrong-key-3c1d9e0f7a6b';
    const error = await failureOf(serviceWith({ apiKey: wrongKey }).analyseNotice(input()));

    expect(error.reason).to.equal('unavailable');
    expect(error.message).to.equal(AI_MESSAGES.unavailable);
    expect(double.requests).to.have.length(1);
    expect(double.requests[0]!.apiKey).to.equal(wrongKey);
  });

  it('a notice without text is refused before any call', async () => {
    const error = await failureOf(serviceWith().analyseNotice(input(' \n\t ')));

    expect(error.reason).to.equal('no-text');
    expect(error.message).to.equal(AI_MESSAGES.noText);
    expect(double.requests).to.deep.equal([]);
  });

  describe('the usage totals of a workspace', () => {
    it('add up its calls since a day of India, and nobody else’s', async () => {
      const owner = await signedInUser('ai-other');
      const otherWorkspaceId = await sharedHost().internalIdOf((await createWorkspace(owner)).externalId);
      const entry = { provider: 'AZURE_OPENAI' as const, model: DOUBLE_DEPLOYMENT, promptTokens: 1_000, completionTokens: 200 };
      await usage.record({ ...entry, workspaceId });
      await usage.record({ ...entry, workspaceId, promptTokens: 500, completionTokens: 50 });
      await usage.record({ ...entry, workspaceId: otherWorkspaceId });
      // 2026-03-31 23:30 in India is still the 31st there, though already 18:00 UTC of that day.
      await knex('ai_usage').insert({
        workspace_id: workspaceId,
        provider: 'AZURE_OPENAI',
        model: DOUBLE_DEPLOYMENT,
        prompt_tokens: 7,
        completion_tokens: 3,
        created_at: '2026-03-31T18:00:00Z',
      });

      expect(await usage.totalsFor(workspaceId, '2026-04-01')).to.deep.equal({ calls: 2, promptTokens: 1_500, completionTokens: 250 });
      expect(await usage.totalsFor(workspaceId, '2026-03-31')).to.deep.equal({ calls: 3, promptTokens: 1_507, completionTokens: 253 });
      expect(await usage.totalsFor(otherWorkspaceId, '2026-04-01')).to.deep.equal({ calls: 1, promptTokens: 1_000, completionTokens: 200 });
    });
  });
});

describe('Azure OpenAI retry waits', () => {
  const policy: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 3_000 };
  const now = Date.parse('2026-12-01T10:00:00Z');

  it('take the wait the server asks for: retry-after-ms first, then retry-after in seconds or as a date', () => {
    expect(retryDelayMs(1, new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), policy)).to.equal(250);
    expect(retryDelayMs(1, new Headers({ 'retry-after': '2' }), policy)).to.equal(2_000);
    expect(retryDelayMs(1, new Headers({ 'retry-after': 'Tue, 01 Dec 2026 10:00:04 GMT' }), policy, Math.random, now)).to.equal(4_000);
  });

  it('else back off exponentially up to the ceiling, with jitter between half and all of the step', () => {
    const steps = [1, 2, 3, 4].map((retry) => [retryDelayMs(retry, undefined, policy, () => 0), retryDelayMs(retry, undefined, policy, () => 1)]);
    expect(steps).to.deep.equal([
      [250, 500],
      [500, 1_000],
      [1_000, 2_000],
      [1_500, 3_000],
    ]);
    expect(retryDelayMs(2, new Headers({ 'retry-after': 'soon' }), policy, () => 0.5)).to.equal(750);
  });
});

describe('the strict response format', () => {
  type Schema = {
    type?: unknown;
    properties?: Record<string, Schema>;
    required?: string[];
    additionalProperties?: unknown;
    items?: Schema;
    enum?: unknown[];
  };
  const schema = noticeAnalysisResponseFormat.json_schema.schema as Schema;

  function objectsOf(node: Schema): Schema[] {
    const children = [...Object.values(node.properties ?? {}), ...(node.items ? [node.items] : [])];
    return [...(node.properties ? [node] : []), ...children.flatMap(objectsOf)];
  }

  it('requires every property of every object and allows no other', () => {
    const objects = objectsOf(schema);
    expect(objects).to.have.length(3);
    for (const object of objects) {
      expect(object.required).to.deep.equal(Object.keys(object.properties!));
      expect(object.additionalProperties).to.equal(false);
    }
  });

  it('writes a nullable value as a type union, with null among an enum’s values, and leaves out what strict mode refuses', () => {
    const extracted = schema.properties!.extracted!.properties!;
    expect(extracted.department).to.deep.equal({ type: ['string', 'null'], enum: ['GST', 'INCOME_TAX', 'COMPLIANCE', null] });
    expect(extracted.hearing!.type).to.deep.equal(['object', 'null']);
    expect(extracted.replyBy).to.deep.equal({ type: ['string', 'null'], description: 'Matches ^\\d{4}-\\d{2}-\\d{2}$' });
    expect(JSON.stringify(schema)).not.to.match(/"(anyOf|minLength|maxLength|minItems|maxItems|pattern|\$schema)"/);
  });
});
