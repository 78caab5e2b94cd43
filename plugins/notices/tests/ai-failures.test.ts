import { expect } from 'chai';
import {
  AI_MESSAGES,
  AiError,
  HttpError,
  TOKENS,
  type AiService,
  type AnalyseOptions,
  type NoticeAnalysis,
  type NoticeAnalysisInput,
  type WorkspaceDirectory,
} from '../../../core/plugin-api';
import { NoticeAiRuns } from '../server/ai/ai-job';
import { NoticeAi } from '../server/ai/notice-ai';
import { activityOf, expectUnanalysed, jobStatus, noticeOf, PATIENT_AI_WAIT_MS, processAi, settledJob } from './ai-support';
import {
  answerProcessAiWithin,
  call,
  createNotice,
  HOST_START_TIMEOUT_MS,
  startNoticesHost,
  workspaceWithClient,
  type ClientView,
  type TestHost,
  type TestSession,
} from './support';

const AZURE_ANALYSIS: NoticeAnalysis = {
  summary: 'The proper officer found a mismatch between GSTR-1 and GSTR-3B for FY 2024-25.',
  actionItems: ['Reconcile the returns', 'File Form GST ASMT-11'],
  draftReply: 'To,\nThe Proper Officer,\n[Jurisdiction]\n\nSub: Reply in Form GST ASMT-11',
  extracted: {
    department: 'GST',
    noticeType: 'ASMT-10',
    section: 'Section 61 of the CGST Act, 2017',
    din: null,
    taxPeriod: '2024-25',
    assessmentYear: null,
    amountDemanded: null,
    issueDate: null,
    replyBy: null,
    hearing: null,
  },
  provider: 'AZURE_OPENAI',
  model: 'notices-gpt',
};

/**
 * The AI service seam (`TOKENS.Ai`) bound to a stand-in for the Azure provider, whose answer each test decides: every
 * way the provider fails reaches the member as its own status and message with nothing saved, and its analysis is
 * labelled as its own.
 */
describe('notices AI: another provider behind TOKENS.Ai', function () {
  let host: TestHost;
  let owner: TestSession;
  let workspaceId: string;
  let client: ClientView;
  let answer: (input: NoticeAnalysisInput, options?: AnalyseOptions) => Promise<NoticeAnalysis>;
  let calls = 0;
  const provider: AiService = {
    provider: 'AZURE_OPENAI',
    analyseNotice: (input, options) => {
      calls += 1;
      return answer(input, options);
    },
  };

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    host = await startNoticesHost();
    host.host.container.rebind<AiService>(TOKENS.Ai).toConstantValue(provider);
    answerProcessAiWithin(host, PATIENT_AI_WAIT_MS);
    ({ owner, workspaceId, client } = await workspaceWithClient(host, 'ai-failures-owner'));
  });

  after(() => host?.stop());

  beforeEach(() => {
    calls = 0;
  });

  const failures: [AiError['reason'], string, number][] = [
    ['invalid-answer', AI_MESSAGES.invalidAnswer, 502],
    ['timed-out', AI_MESSAGES.timedOut, 504],
    ['unavailable', AI_MESSAGES.unavailable, 503],
    ['rate-limited', AI_MESSAGES.rateLimited, 503],
    ['no-text', AI_MESSAGES.noText, 422],
  ];
  for (const [reason, message, status] of failures) {
    it(`answers ${status} for ${reason}, once, and saves nothing`, async () => {
      answer = () => Promise.reject(new AiError(message, reason));
      const notice = await createNotice(owner, workspaceId, client.externalId);
      await processAi(owner, workspaceId, notice.externalId).expect(status, { error: message });
      expect(calls).to.equal(1);
      await expectUnanalysed(owner, workspaceId, notice.externalId);
    });
  }

  it('stops waiting at its deadline and tells the provider to stop (its signal aborts), saving nothing', async () => {
    let signal: AbortSignal | undefined;
    answer = (_input, options) => {
      signal = options?.signal;
      return new Promise(() => undefined);
    };
    const notice = await createNotice(owner, workspaceId, client.externalId);
    const internalId = await host.internalIdOf(workspaceId);
    const directory = host.host.container.get<WorkspaceDirectory>(TOKENS.Workspaces);
    const member = (await directory.memberByExternalId(internalId, owner.user.externalId))!;
    const actor = { workspace: (await directory.byId(internalId))!, userId: member.userId, role: member.role, name: member.name };
    const refusal = await host.host.container
      .get(NoticeAi)
      .process(actor, notice.externalId, { deadline: Date.now() + 300 })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refusal).to.be.instanceOf(AiError).and.include({ reason: 'timed-out' });
    expect(signal?.aborted).to.equal(true);
    await expectUnanalysed(owner, workspaceId, notice.externalId);
  });

  it('retries a crash once, then answers 503 with nothing saved', async function () {
    this.timeout(30_000);
    answer = () => Promise.reject(new Error('socket hang up'));
    const notice = await createNotice(owner, workspaceId, client.externalId);
    await processAi(owner, workspaceId, notice.externalId).expect(503, { error: AI_MESSAGES.unavailable });
    expect(calls).to.equal(2);
    await expectUnanalysed(owner, workspaceId, notice.externalId);
  });

  it("saves an Azure OpenAI answer under that provider's label", async () => {
    answer = () => Promise.resolve(AZURE_ANALYSIS);
    const notice = await createNotice(owner, workspaceId, client.externalId, { noticeType: 'Notice', taxPeriod: null });
    const analysed = (await processAi(owner, workspaceId, notice.externalId).expect(200)).body.data;
    expect(analysed).to.deep.include({ summary: AZURE_ANALYSIS.summary, actionItems: '1. Reconcile the returns\n2. File Form GST ASMT-11' });
    expect(analysed).to.include({ noticeType: 'ASMT-10', taxPeriod: '2024-25', draftReply: AZURE_ANALYSIS.draftReply });
    expect(analysed.ai).to.include({ provider: 'AZURE_OPENAI', providerLabel: 'Azure OpenAI', model: 'notices-gpt' });
    const [entry] = await activityOf(owner, workspaceId, notice.externalId);
    expect(entry).to.deep.include({
      action: 'Processed with AI (Azure OpenAI): filled notice type ASMT-10, tax period 2024-25',
      performedBy: { name: owner.user.name },
    });
  });

  it("keeps a member's Azure OpenAI analysis when the portal sync's built-in analysis runs after it", async () => {
    answer = () => Promise.resolve(AZURE_ANALYSIS);
    const notice = await createNotice(owner, workspaceId, client.externalId, {
      description: 'FORM GST ASMT-10\nDate: 02/03/2026\nTotal amount: Rs. 2,12,340/-\nExplain the discrepancies on or before 31/03/2026.',
      amountDemanded: null,
    });
    await processAi(owner, workspaceId, notice.externalId).expect(200);
    const noticeId = (await host.host.knex('notices').where({ external_id: notice.externalId }).first('id')).id as number;
    await host.host.container.get(NoticeAi).analyseSyncedNotice(await host.internalIdOf(workspaceId), noticeId);
    const after = await noticeOf(owner, workspaceId, notice.externalId);
    expect(after).to.include({ summary: AZURE_ANALYSIS.summary, draftReply: AZURE_ANALYSIS.draftReply, amountDemanded: '212340.00' });
    expect(after.ai).to.include({ provider: 'AZURE_OPENAI' });
    const [entry] = await activityOf(owner, workspaceId, notice.externalId);
    expect(entry).to.deep.include({ performedBy: { name: 'Portal sync' } });
    expect(entry!.action).to.match(/^Processed with AI \(Built-in analyzer\): filled .*amount demanded ₹212340\.00/);
  });

  it('answers 503 for a job the host skipped because notices was switched off meanwhile, and the job status says so', async () => {
    answer = () => Promise.resolve(AZURE_ANALYSIS);
    const firm = await workspaceWithClient(host, 'ai-failures-switched-off');
    const notice = await createNotice(firm.owner, firm.workspaceId, firm.client.externalId);
    const internalId = await host.internalIdOf(firm.workspaceId);
    const directory = host.host.container.get<WorkspaceDirectory>(TOKENS.Workspaces);
    const workspace = (await directory.byId(internalId))!;
    const member = (await directory.memberByExternalId(internalId, firm.owner.user.externalId))!;
    const switchNotices = (enabled: boolean) => call(firm.owner, 'put', `/workspaces/${firm.workspaceId}/plugins/notices`, { enabled }).expect(200);

    // The route's gates passed while notices was on; it is off by the time a worker takes the job.
    await switchNotices(false);
    const runs = new NoticeAiRuns(host.host.container);
    const refusal = await runs
      .start({ workspace, userId: member.userId, role: member.role, name: member.name }, notice.externalId, PATIENT_AI_WAIT_MS)
      .then(
        () => null,
        (error: unknown) => (error instanceof HttpError ? [error.status, error.message] : error),
      );
    expect(refusal).to.deep.equal([503, AI_MESSAGES.unavailable]);
    expect(calls).to.equal(0);

    await switchNotices(true);
    const redis = host.host.container.get<{ keys(pattern: string): Promise<string[]> }>(TOKENS.Redis);
    const [key] = await redis.keys(`${host.host.config.redisKeyPrefix}values:notices:ai-job:${internalId}:*`);
    const jobId = key!.split(':').at(-1)!;
    expect((await jobStatus(firm.owner, firm.workspaceId, notice.externalId, jobId).expect(200)).body.data).to.deep.equal({
      jobId,
      state: 'FAILED',
      notice: null,
      error: AI_MESSAGES.unavailable,
    });
    await expectUnanalysed(firm.owner, firm.workspaceId, notice.externalId);
  });

  it('reports a failure that came after the 202 through the job status', async () => {
    answer = () => new Promise((_resolve, reject) => setTimeout(() => reject(new AiError(AI_MESSAGES.rateLimited, 'rate-limited')), 300));
    const notice = await createNotice(owner, workspaceId, client.externalId);
    answerProcessAiWithin(host, 0);
    try {
      const { jobId } = (await processAi(owner, workspaceId, notice.externalId).expect(202)).body;
      expect(await settledJob(owner, workspaceId, notice.externalId, jobId)).to.deep.equal({
        jobId,
        state: 'FAILED',
        notice: null,
        error: AI_MESSAGES.rateLimited,
      });
    } finally {
      answerProcessAiWithin(host, PATIENT_AI_WAIT_MS);
    }
    await expectUnanalysed(owner, workspaceId, notice.externalId);
  });
});
