import { expect } from 'chai';
import { addDays, AI_MESSAGES, kolkataToday, TOKENS, type WorkspaceDirectory } from '../../../core/plugin-api';
import { NOTICE_MESSAGES, NOTICES_ROUTES, type NoticeView } from '../shared/wire';
import { AI_JOB_NOT_FOUND } from '../server/ai/ai-job';
import { NoticeAi } from '../server/ai/notice-ai';
import { seedDemoNotices } from '../server/demo-seed';
import { Notice } from '../server/models';
import { activityOf, expectUnanalysed, jobStatus, noticeOf, PATIENT_AI_WAIT_MS, printedDay, processAi, settledJob } from './ai-support';
import { noticePdf, SECTION_143_2_PAGES } from './fixtures/pdf-fixtures';
import {
  answerProcessAiWithin,
  call,
  createClient,
  createNotice,
  get,
  HOST_START_TIMEOUT_MS,
  post,
  randomLetters,
  startNoticesHost,
  uniqueReference,
  workspaceWithClient,
  type ClientView,
  type TestHost,
  type TestSession,
} from './support';

const today = kolkataToday();
const issued = addDays(today, -5);
/** How many clients core/host/seed-demo.ts makes. */
const DEMO_CLIENTS = 12;

/** A scrutiny notice as the GST portal words it, with the reply date it states. */
const asmt10Text = (replyBy: string) =>
  [
    'FORM GST ASMT-10',
    '[See rule 99(1)]',
    `Reference No.: ZD27${randomLetters(4)}0012345`,
    `Date: ${printedDay(issued)}`,
    'GSTIN: 27AABCK1234K1Z5',
    'Tax Period: April 2024 - March 2025',
    'Notice for intimating discrepancies in the return after scrutiny',
    'This is to inform that during scrutiny of the returns furnished by you for the above mentioned tax period, the following discrepancies have been noticed:',
    '1. Input tax credit claimed in GSTR-3B exceeds the credit available in GSTR-2B.',
    'Total amount: Rs. 2,12,340/-',
    `You are hereby directed to explain the reasons for the aforesaid discrepancies on or before ${printedDay(replyBy)}.`,
    'If no explanation is received by the aforesaid date, it will be presumed that you have nothing to say in the matter.',
    'Proper Officer',
  ].join('\n');

/** A show cause notice in DRC-01 that fixes a personal hearing. */
const drc01Text = (hearingDay: string) =>
  [
    'FORM GST DRC-01',
    '[See rule 142(1)]',
    `Reference No.: ZD27${randomLetters(4)}0098765`,
    `Date: ${printedDay(issued)}`,
    'Summary of Show Cause Notice under section 73 of the CGST Act, 2017',
    'Tax Period: April 2022 - March 2023',
    'Ineligible input tax credit availed on works contract services for construction of the factory shed (section 17(5)(c)).',
    'Tax: Rs. 4,85,620  Interest: Rs. 1,12,400  Penalty: Rs. 48,562  Total: Rs. 6,46,582',
    `You may appear for a personal hearing on ${printedDay(hearingDay)} at 11:30 AM before the undersigned.`,
    `Submit your reply in Form GST DRC-06 on or before ${printedDay(addDays(today, 25))}.`,
    'Proper Officer',
  ].join('\n');

describe('notices AI: process with AI', function () {
  let host: TestHost;
  let owner: TestSession;
  let workspaceId: string;
  let client: ClientView;

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    host = await startNoticesHost();
    answerProcessAiWithin(host, PATIENT_AI_WAIT_MS);
    ({ owner, workspaceId, client } = await workspaceWithClient(host, 'ai-process-owner'));
  });

  after(() => host?.stop());

  /** A notice entered with only what the member knows: the department, a generic type and the notice's text. */
  const bareNotice = (description: string, fields: Record<string, unknown> = {}) =>
    createNotice(owner, workspaceId, client.externalId, { noticeType: 'Notice', description, ...fields });

  async function uploadPdf(session: TestSession, body: Buffer, filename: string): Promise<string> {
    const file = { filename, size: body.length, directory: '', mimeType: 'application/pdf' };
    const presigned = await call(session, 'get', '/documents/presign')
      .query({ workspaceId, ...file })
      .expect(200);
    const stored = await fetch(presigned.body.url, {
      method: 'PUT',
      headers: { 'x-ms-blob-type': 'BlockBlob', 'Content-Type': file.mimeType },
      body: new Uint8Array(body),
    });
    expect(stored.status).to.equal(201);
    return (await post(session, 'documents/create', { workspaceExternalId: workspaceId, fileKey: presigned.body.fileKey, ...file }).expect(201)).body
      .document.id;
  }

  async function attachPdf(noticeId: string, body: Buffer, filename: string): Promise<void> {
    const documentId = await uploadPdf(owner, body, filename);
    await post(owner, NOTICES_ROUTES.attachments(noticeId), { workspaceId, documentId }).expect(201);
  }

  /** An individual client whose record holds the PAN and, when given, the date of birth that open an Income Tax PDF. */
  async function individualClient(panNumber: string, dateOfBirth?: string): Promise<string> {
    const response = await call(owner, 'post', '/clients', {
      workspaceExternalId: workspaceId,
      clientType: 'INDIVIDUAL',
      name: `Priya ${randomLetters(5)}`,
      email: `ai.${randomLetters(8).toLowerCase()}@clients.example`,
      phone: '9820012345',
      panNumber,
      residentialAddress: '7/3, Temple Street, Madurai - 625001',
      aadhaarNumber: '234567890123',
      ...(dateOfBirth ? { dateOfBirth } : {}),
    }).expect(201);
    return response.body.client.externalId;
  }

  it('fills the summary, numbered action items and draft reply, and every empty field, from the description', async () => {
    const replyBy = addDays(today, 5);
    const notice = await bareNotice(asmt10Text(replyBy));
    expect(notice).to.include({ priority: 'MEDIUM', prioritySetByMember: false });

    const analysed: NoticeView = (await processAi(owner, workspaceId, notice.externalId).expect(200)).body.data;
    expect(analysed.summary).to.match(/\S/);
    const items = analysed.actionItems!.split('\n');
    expect(items.length).to.be.at.least(1);
    items.forEach((item, index) => expect(item).to.match(new RegExp(`^${index + 1}\\. \\S`)));
    expect(analysed.draftReply).to.include('ASMT-11');
    expect(analysed).to.include({
      noticeType: 'ASMT-10',
      dueDate: replyBy,
      dateOfIssuance: issued,
      amountDemanded: '212340.00',
      priority: 'HIGH',
      prioritySetByMember: false,
    });
    expect(analysed.taxPeriod).to.match(/\S/);
    expect(analysed.ai).to.include({ provider: 'BUILTIN', providerLabel: 'Built-in analyzer' });
    expect(await noticeOf(owner, workspaceId, notice.externalId)).to.deep.equal(analysed);

    const [entry] = await activityOf(owner, workspaceId, notice.externalId);
    expect(entry!.performedBy).to.deep.equal({ name: owner.user.name });
    expect(entry!.action).to.match(/^Processed with AI \(Built-in analyzer\): filled notice type ASMT-10, due date /);
    expect(entry!.action).to.include('amount demanded ₹212340.00').and.include('priority Medium to High (automatic)');
  });

  it("keeps what the member entered and the priority they chose; a re-run replaces only the AI's texts", async () => {
    const notice = await bareNotice(asmt10Text(addDays(today, 3)), {
      noticeType: 'ASMT-10',
      dueDate: addDays(today, 40),
      dateOfIssuance: addDays(today, -2),
      taxPeriod: 'FY 2024-25',
      amountDemanded: '1000.00',
      priority: 'LOW',
    });
    expect(notice.prioritySetByMember).to.equal(true);
    const first: NoticeView = (await processAi(owner, workspaceId, notice.externalId).expect(200)).body.data;
    expect(first).to.include({
      dueDate: addDays(today, 40),
      dateOfIssuance: addDays(today, -2),
      taxPeriod: 'FY 2024-25',
      amountDemanded: '1000.00',
      priority: 'LOW',
    });
    expect(first.summary).to.match(/\S/);

    const second: NoticeView = (await processAi(owner, workspaceId, notice.externalId).expect(200)).body.data;
    expect(second.ai!.processedAt > first.ai!.processedAt).to.equal(true);
    expect({ ...second, ai: null, updatedAt: null }).to.deep.equal({ ...first, ai: null, updatedAt: null });
    const entries = (await activityOf(owner, workspaceId, notice.externalId)).map((entry) => entry.action);
    expect(entries).to.deep.equal(['Processed with AI (Built-in analyzer)', 'Processed with AI (Built-in analyzer)', 'Notice added']);
  });

  it('adds the hearing the notice fixes, once', async () => {
    const hearingDay = addDays(today, 12);
    const notice = await bareNotice(drc01Text(hearingDay));
    const analysed: NoticeView = (await processAi(owner, workspaceId, notice.externalId).expect(200)).body.data;
    expect(analysed.hearings.map((hearing) => hearing.hearingDate)).to.deep.equal([hearingDay]);
    expect(analysed.hearings[0]!.notes).to.equal('Taken from the notice by the AI analysis.');
    const again: NoticeView = (await processAi(owner, workspaceId, notice.externalId).expect(200)).body.data;
    expect(again.hearings).to.have.length(1);
  });

  it('lets staff process, refuses a CLIENT member, and finds no notice of another workspace', async () => {
    const notice = await bareNotice(asmt10Text(addDays(today, 20)));
    const employee = await host.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    await processAi(employee, workspaceId, notice.externalId).expect(200);
    const clientMember = await host.memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [client.externalId] });
    await processAi(clientMember, workspaceId, notice.externalId).expect(403, { error: NOTICE_MESSAGES.forbiddenEdit });

    const foreign = await workspaceWithClient(host, 'ai-process-foreign');
    const notFound = { error: NOTICE_MESSAGES.noticeNotFound };
    await processAi(foreign.owner, foreign.workspaceId, notice.externalId).expect(404, notFound);
    await processAi(owner, workspaceId, 'not-a-notice').expect(404, notFound);
    const theirs = await createNotice(foreign.owner, foreign.workspaceId, foreign.client.externalId);
    await processAi(owner, workspaceId, theirs.externalId).expect(404, notFound);
  });

  it('answers 422 for a notice with no text to analyse, and saves nothing', async () => {
    const notice = await bareNotice('');
    await processAi(owner, workspaceId, notice.externalId).expect(422, { error: AI_MESSAGES.noText });
    await expectUnanalysed(owner, workspaceId, notice.externalId);
  });

  it("reads the notice's PDF attachment", async () => {
    const din = `ITBA/AST/S/143(2)/2024-25/10${Math.floor(Math.random() * 1e8)}(1)`;
    const replyBy = addDays(today, 45);
    const notice = await bareNotice('', { department: 'INCOME_TAX', reference: din });
    await attachPdf(notice.externalId, await noticePdf(SECTION_143_2_PAGES(din, printedDay(issued), printedDay(replyBy))), 'notice-143-2.pdf');
    const analysed: NoticeView = (await processAi(owner, workspaceId, notice.externalId).expect(200)).body.data;
    expect(analysed).to.include({ noticeType: 'Section 143(2)', dueDate: replyBy, taxPeriod: 'AY 2024-25', priority: 'LOW' });
    expect(analysed.summary).to.match(/\S/);
  });

  it("opens a password-protected Income Tax PDF with the client's PAN and date of birth, and names it when it cannot", async () => {
    const pan = `ABCP${randomLetters(1)}1234${randomLetters(1)}`;
    const replyBy = addDays(today, 10);
    const pages = SECTION_143_2_PAGES('ITBA/AST/S/143(2)/2024-25/1063912345(1)', printedDay(issued), printedDay(replyBy));
    const encrypted = await noticePdf(pages, { userPassword: `${pan.toLowerCase()}01021980` });

    const withBirthDate = await individualClient(pan, '1980-02-01');
    const opened = await createNotice(owner, workspaceId, withBirthDate, { department: 'INCOME_TAX', noticeType: 'Notice', description: '' });
    await attachPdf(opened.externalId, encrypted, 'itd-notice.pdf');
    expect((await processAi(owner, workspaceId, opened.externalId).expect(200)).body.data).to.include({
      noticeType: 'Section 143(2)',
      dueDate: replyBy,
    });

    const withoutBirthDate = await individualClient(`ABCP${randomLetters(1)}4321${randomLetters(1)}`);
    const closed = await createNotice(owner, workspaceId, withoutBirthDate, {
      department: 'INCOME_TAX',
      noticeType: 'Section 143(2)',
      description: 'Limited scrutiny notice under section 143(2) for AY 2024-25, received on the e-filing portal.',
    });
    await attachPdf(closed.externalId, encrypted, 'itd-notice.pdf');
    const analysed: NoticeView = (await processAi(owner, workspaceId, closed.externalId).expect(200)).body.data;
    expect(analysed.dueDate).not.to.equal(replyBy);
    const [entry] = await activityOf(owner, workspaceId, closed.externalId);
    expect(entry!.action).to.match(/could not read itd-notice\.pdf \(password-protected\)$/);
  });

  it('reads the description alone while the documents plugin is off', async () => {
    const din = `ITBA/AST/S/143(2)/2024-25/20${Math.floor(Math.random() * 1e8)}(1)`;
    const notice = await bareNotice('Limited scrutiny notice for AY 2024-25 received on the e-filing portal.', {
      department: 'INCOME_TAX',
      reference: din,
    });
    await attachPdf(notice.externalId, await noticePdf(SECTION_143_2_PAGES(din, printedDay(issued), printedDay(addDays(today, 9)))), 'notice.pdf');
    await call(owner, 'put', `/workspaces/${workspaceId}/plugins/documents`, { enabled: false }).expect(200);
    try {
      const analysed: NoticeView = (await processAi(owner, workspaceId, notice.externalId).expect(200)).body.data;
      expect(analysed.dueDate).to.equal(null);
      const [entry] = await activityOf(owner, workspaceId, notice.externalId);
      expect(entry!.action).not.to.include('notice.pdf');
    } finally {
      await call(owner, 'put', `/workspaces/${workspaceId}/plugins/documents`, { enabled: true }).expect(200);
    }
  });

  describe('a job that takes longer than the wait', () => {
    beforeEach(() => answerProcessAiWithin(host, 0));
    afterEach(() => answerProcessAiWithin(host, PATIENT_AI_WAIT_MS));

    it('answers 202 with the job id, which the status route follows to the analysed notice', async () => {
      const notice = await bareNotice(asmt10Text(addDays(today, 20)));
      const { body } = await processAi(owner, workspaceId, notice.externalId).expect(202);
      expect(body).to.have.keys('jobId');
      const status = await settledJob(owner, workspaceId, notice.externalId, body.jobId);
      expect(status).to.include({ jobId: body.jobId, state: 'COMPLETED', error: null });
      expect(status.notice).to.deep.equal(await noticeOf(owner, workspaceId, notice.externalId));
      expect(status.notice!.summary).to.match(/\S/);
    });

    it('finds no job of another notice or workspace, and no job that never was', async () => {
      const [notice, other] = await Promise.all([bareNotice(asmt10Text(addDays(today, 20))), bareNotice('Another notice')]);
      const { jobId } = (await processAi(owner, workspaceId, notice.externalId).expect(202)).body;
      const missing = { error: AI_JOB_NOT_FOUND };
      await jobStatus(owner, workspaceId, other.externalId, jobId).expect(404, missing);
      await jobStatus(owner, workspaceId, notice.externalId, '999999999').expect(404, missing);
      await jobStatus(owner, workspaceId, notice.externalId, 'job-1').expect(404, missing);
      const foreign = await workspaceWithClient(host, 'ai-jobs-foreign');
      const theirs = await createNotice(foreign.owner, foreign.workspaceId, foreign.client.externalId);
      await jobStatus(foreign.owner, foreign.workspaceId, theirs.externalId, jobId).expect(404, missing);
      await settledJob(owner, workspaceId, notice.externalId, jobId);
    });
  });

  describe('the built-in analysis of a notice a portal sync brought', () => {
    const noticeAi = () => host.host.container.get(NoticeAi);
    const idsOf = async (notice: NoticeView) => ({
      workspace: await host.internalIdOf(workspaceId),
      notice: (await host.host.knex('notices').where({ external_id: notice.externalId }).first('id')).id as number,
    });
    /** The portal's new words for the notice, as the sync saves them before analysing it again. */
    const portalChanges = (noticeId: number, noticeType: string, description: string) =>
      host.host.knex('notices').where({ id: noticeId }).update({ notice_type: noticeType, description });
    const aiTextsOf = ({ summary, actionItems, draftReply, ai }: NoticeView) => ({ summary, actionItems, draftReply, ai });

    it("fills the notice as process-ai does, in the portal sync's name", async () => {
      const replyBy = addDays(today, 20);
      const notice = await bareNotice(asmt10Text(replyBy));
      const ids = await idsOf(notice);
      await noticeAi().analyseSyncedNotice(ids.workspace, ids.notice);
      const analysed = await noticeOf(owner, workspaceId, notice.externalId);
      expect(analysed).to.include({ noticeType: 'ASMT-10', dueDate: replyBy, amountDemanded: '212340.00', priority: 'MEDIUM' });
      expect(analysed.ai).to.include({ provider: 'BUILTIN' });
      const [entry] = await activityOf(owner, workspaceId, notice.externalId);
      expect(entry!.performedBy).to.deep.equal({ name: 'Portal sync' });
      expect(entry!.action).to.match(/^Processed with AI \(Built-in analyzer\): filled /);
    });

    it("keeps a member's analysis when the portal changes the notice, even one by the same built-in analyzer", async () => {
      const notice = await bareNotice(asmt10Text(addDays(today, 20)));
      const analysed: NoticeView = (await processAi(owner, workspaceId, notice.externalId).expect(200)).body.data;
      const ids = await idsOf(notice);
      await portalChanges(ids.notice, 'DRC-01', drc01Text(addDays(today, 12)));
      await noticeAi().analyseSyncedNotice(ids.workspace, ids.notice);
      const after = await noticeOf(owner, workspaceId, notice.externalId);
      expect(aiTextsOf(after)).to.deep.equal(aiTextsOf(analysed));
      expect(after.draftReply).to.include('ASMT-11');
    });

    it('replaces its own analysis when the portal changes the notice', async () => {
      const notice = await bareNotice(asmt10Text(addDays(today, 20)));
      const ids = await idsOf(notice);
      await noticeAi().analyseSyncedNotice(ids.workspace, ids.notice);
      const first = await noticeOf(owner, workspaceId, notice.externalId);
      expect(first.draftReply).to.include('ASMT-11');
      await portalChanges(ids.notice, 'DRC-01', drc01Text(addDays(today, 12)));
      await noticeAi().analyseSyncedNotice(ids.workspace, ids.notice);
      const second = await noticeOf(owner, workspaceId, notice.externalId);
      expect(second.draftReply).to.include('DRC-06');
      expect(second.summary).to.not.equal(first.summary);
      expect(second.ai!.processedAt > first.ai!.processedAt).to.equal(true);
      const [entry] = await activityOf(owner, workspaceId, notice.externalId);
      expect(entry!.performedBy).to.deep.equal({ name: 'Portal sync' });
    });

    it('still sets the automatic priority of a notice with nothing to read, and never throws', async () => {
      const notice = await bareNotice('');
      const ids = await idsOf(notice);
      await host.host
        .knex('notices')
        .where({ id: ids.notice })
        .update({ priority: 'LOW', due_date: addDays(today, 2) });
      await noticeAi().analyseSyncedNotice(ids.workspace, ids.notice);
      expect(await noticeOf(owner, workspaceId, notice.externalId)).to.include({ priority: 'HIGH', summary: null });
      await noticeAi().analyseSyncedNotice(ids.workspace, Number.MAX_SAFE_INTEGER);
    });
  });

  it('gives five demo notices an analysis by the built-in analyzer', async function () {
    this.timeout(60_000);
    const demo = await host.createWorkspace(owner);
    const demoId = await host.internalIdOf(demo.externalId);
    const clients = [];
    for (let index = 0; index < DEMO_CLIENTS; index += 1)
      clients.push(await createClient(owner, demo.externalId, { name: `Demo Client ${index + 1}` }));
    const ownerId = (await host.host.container.get<WorkspaceDirectory>(TOKENS.Workspaces).memberByExternalId(demoId, owner.user.externalId))!.userId;
    await seedDemoNotices({
      container: host.host.container,
      membership: { workspace: { id: demoId, externalId: demo.externalId, name: demo.name }, role: 'OWNER' },
      owner: { id: ownerId, ...owner.user, image: null },
      team: [],
      clients: clients.map(({ externalId, name }) => ({ externalId, name })),
    });
    const analysed = await Notice.inWorkspace(demoId).whereNotNull('ai_processed_at');
    expect(analysed.map((notice) => notice.noticeType).sort()).to.deep.equal([
      'ASMT-10',
      'DRC-01',
      'Section 143(1)(a)',
      'Section 143(2)',
      'Section 245',
    ]);
    for (const notice of analysed) {
      expect(notice).to.include({ aiProvider: 'BUILTIN', prioritySetByMember: true });
      expect(notice.summary).to.match(/\S/);
      expect(notice.actionItems).to.match(/^1\. /);
      expect(notice.draftReply).to.match(/\S/);
    }
  });

  it('is refused as a CLIENT member on the status route too', async () => {
    const clientMember = await host.memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [client.externalId] });
    const notice = await createNotice(owner, workspaceId, client.externalId, { reference: uniqueReference() });
    await jobStatus(clientMember, workspaceId, notice.externalId, '1').expect(403, { error: NOTICE_MESSAGES.forbiddenEdit });
    await expectUnanalysed(owner, workspaceId, notice.externalId);
    await get(clientMember, NOTICES_ROUTES.notice(notice.externalId), { workspaceId }).expect(200);
  });
});
