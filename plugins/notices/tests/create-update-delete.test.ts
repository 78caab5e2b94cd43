import { expect } from 'chai';
import { TOKENS, type WorkspaceDirectory } from '../../../core/plugin-api';
import { ATTACHMENT_SERVICE, type AttachmentService, type AttachmentTarget, type AttachmentView } from '../../documents/server/tokens';
import { NOTICE_MESSAGES, NOTICES_ROUTES, type NoticeView } from '../shared/wire';
import {
  actionsOf,
  createClient,
  createNotice,
  del,
  get,
  HOST_START_TIMEOUT_MS,
  noticeOf,
  patch,
  post,
  startNoticesHost,
  stepUp,
  call,
  uniqueReference,
  type ClientView,
  type TestHost,
  type TestSession,
} from './support';

type Params = Record<string, unknown>;

describe('notices: adding, changing and deleting one notice', () => {
  let notices: TestHost;
  let owner: TestSession;
  let employee: TestSession;
  let workspaceId: string;
  let client: ClientView;

  const create = (fields: Params) =>
    post(owner, NOTICES_ROUTES.create, {
      workspaceId,
      clientId: client.externalId,
      department: 'GST',
      noticeType: 'DRC-01',
      reference: uniqueReference(),
      ...fields,
    });
  const refusedCreate = async (fields: Params, status = 400) => (await create(fields).expect(status)).body.error;
  const change = (notice: NoticeView, fields: Params) => patch(owner, NOTICES_ROUTES.notice(notice.externalId), { workspaceId, ...fields });
  const activities = (notice: NoticeView) => actionsOf(owner, workspaceId, notice.externalId);

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    notices = await startNoticesHost();
    owner = await notices.signedInUser('notice-owner', { name: 'Asha Mehta' });
    workspaceId = (await notices.createWorkspace(owner)).externalId;
    employee = await notices.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    client = await createClient(owner, workspaceId, { name: 'Sharma Traders' });
  });

  after(() => notices?.stop());

  it('adds a notice with every field, the amount exact, and records "Notice added"', async () => {
    await stepUp(owner);
    await call(owner, 'post', `/clients/${client.externalId}/credentials`, {
      workspaceId,
      platformName: 'GST',
      username: 'gst_sharma',
      password: 'Portal#Secret#26',
    }).expect(201);
    const reference = uniqueReference();
    const response = await create({
      department: 'GST',
      noticeType: 'ASMT-10',
      reference: `  ${reference} `,
      description: 'Discrepancy in ITC claimed for FY 2024-25',
      priority: 'HIGH',
      status: 'IN_PROGRESS',
      dateOfIssuance: '2026-03-02',
      dueDate: '2026-03-31',
      targetDate: '2026-03-25',
      taxPeriod: 'Apr 2024 - Mar 2025',
      amountDemanded: '125000.50',
      assignedToExternalId: employee.user.externalId,
    }).expect(201);
    const notice = response.body.data as NoticeView;
    expect(notice).to.deep.include({
      type: 'GST',
      department: 'GST',
      noticeType: 'ASMT-10',
      reference,
      priority: 'HIGH',
      status: 'IN_PROGRESS',
      dateOfIssuance: '2026-03-02',
      dueDate: '2026-03-31',
      targetDate: '2026-03-25',
      taxPeriod: 'Apr 2024 - Mar 2025',
      amountDemanded: '125000.50',
      source: 'MANUAL',
      clientId: client.externalId,
      clientName: 'Sharma Traders',
      createdBy: { name: 'Asha Mehta' },
      hearings: [],
      summary: null,
      draftReply: null,
    });
    expect(notice.client).to.deep.equal({
      externalId: client.externalId,
      name: 'Sharma Traders',
      clientType: 'BUSINESS',
      credentials: [{ platformName: 'GST' }],
    });
    expect(notice.assignedTo).to.include({ externalId: employee.user.externalId, isMember: true });
    expect(notice.id).to.equal(notice.externalId);
    expect(await noticeOf(owner, workspaceId, notice.externalId)).to.deep.equal(notice);
    expect(await activities(notice)).to.deep.equal(['Notice added']);
  });

  it('defaults priority to MEDIUM and status to NEW, with no dates, amount or assignee', async () => {
    const notice = (await create({}).expect(201)).body.data as NoticeView;
    expect(notice).to.include({ priority: 'MEDIUM', status: 'NEW', description: '', dueDate: null, amountDemanded: null, assignedTo: null });
  });

  it('keeps amounts exact to the paisa and refuses anything else', async () => {
    for (const [given, shown] of [
      ['0.1', '0.10'],
      ['7', '7.00'],
      ['10000000000000.00', '10000000000000.00'],
      ['9999999999999.99', '9999999999999.99'],
    ]) {
      expect(((await create({ amountDemanded: given }).expect(201)).body.data as NoticeView).amountDemanded, given).to.equal(shown);
    }
    for (const amount of ['12.345', '-5', '1e3', '1,25,000', 'lakh', '10000000000000.01', 12.5]) {
      expect(await refusedCreate({ amountDemanded: amount }), String(amount)).to.equal(NOTICE_MESSAGES.invalidAmount);
    }
  });

  it('refuses a notice with a missing or wrong field, each in its own words', async () => {
    expect(await refusedCreate({ clientId: undefined })).to.equal(NOTICE_MESSAGES.clientRequired);
    expect(await refusedCreate({ clientId: ' ' })).to.equal(NOTICE_MESSAGES.clientRequired);
    expect(await refusedCreate({ department: undefined })).to.equal(NOTICE_MESSAGES.departmentRequired);
    expect(await refusedCreate({ department: 'VAT' })).to.equal(NOTICE_MESSAGES.invalidDepartment);
    expect(await refusedCreate({ noticeType: '  ' })).to.equal(NOTICE_MESSAGES.noticeTypeRequired);
    expect(await refusedCreate({ noticeType: undefined })).to.equal(NOTICE_MESSAGES.noticeTypeRequired);
    expect(await refusedCreate({ reference: '' })).to.equal(NOTICE_MESSAGES.referenceRequired);
    expect(await refusedCreate({ reference: 'R'.repeat(101) })).to.match(/at most 100/);
    expect(await refusedCreate({ priority: 'URGENT' })).to.equal(NOTICE_MESSAGES.invalidPriority);
    expect(await refusedCreate({ status: 'CLOSED' })).to.equal(NOTICE_MESSAGES.invalidStatus);
    expect(await refusedCreate({ status: 'new' })).to.equal(NOTICE_MESSAGES.invalidStatus);
    expect(await refusedCreate({ dueDate: '2026-02-30' })).to.equal(NOTICE_MESSAGES.invalidDate('Due date'));
    expect(await refusedCreate({ dateOfIssuance: '31/03/2026' })).to.equal(NOTICE_MESSAGES.invalidDate('Date of issuance'));
    expect(await refusedCreate({ targetDate: 20260331 })).to.equal(NOTICE_MESSAGES.invalidDate('Target date'));
    expect(await refusedCreate({ assignedToExternalId: '00000000-0000-4000-8000-000000000000' }, 422)).to.equal(NOTICE_MESSAGES.assigneeNotMember);
    expect(await refusedCreate({ clientId: '00000000-0000-4000-8000-000000000000' }, 404)).to.equal(NOTICE_MESSAGES.clientNotFound);
    const elsewhere = (await notices.createWorkspace(owner)).externalId;
    const stranger = await createClient(owner, elsewhere);
    expect(await refusedCreate({ clientId: stranger.externalId }, 404)).to.equal(NOTICE_MESSAGES.clientNotFound);
  });

  it('refuses the same reference for the same client in any case and spacing, but not for another client', async () => {
    const reference = uniqueReference();
    await create({ reference }).expect(201);
    expect(await refusedCreate({ reference: ` ${reference.toLowerCase()}  ` }, 409)).to.equal(NOTICE_MESSAGES.duplicateReference);
    const other = await createClient(owner, workspaceId);
    await create({ reference, clientId: other.externalId }).expect(201);
  });

  it('answers 409, not 500, when two requests race for one reference', async () => {
    const reference = uniqueReference();
    const statuses = (await Promise.all([create({ reference }), create({ reference }), create({ reference })])).map((response) => response.status);
    expect(statuses.sort((left, right) => left - right)).to.deep.equal([201, 409, 409]);
  });

  it('changes each field with one activity entry in words; the same value again changes nothing', async () => {
    const notice = await createNotice(owner, workspaceId, client.externalId, { dueDate: '2026-03-31', amountDemanded: '100', priority: 'MEDIUM' });
    await change(notice, { status: 'IN_PROGRESS' }).expect(200);
    await change(notice, { status: 'IN_PROGRESS' }).expect(200);
    await change(notice, { dueDate: '2026-04-15' }).expect(200);
    await change(notice, { priority: 'HIGH', targetDate: '2026-04-10' }).expect(200);
    await change(notice, { assignedToExternalId: employee.user.externalId }).expect(200);
    await change(notice, { amountDemanded: '2500.75', taxPeriod: 'FY 2024-25', description: 'Revised demand' }).expect(200);
    await change(notice, { department: 'COMPLIANCE', noticeType: 'ROC adjudication', dateOfIssuance: '2026-03-01' }).expect(200);
    const changed = (await change(notice, { assignedToExternalId: null, dueDate: null }).expect(200)).body.data as NoticeView;
    expect(changed).to.include({
      status: 'IN_PROGRESS',
      priority: 'HIGH',
      dueDate: null,
      targetDate: '2026-04-10',
      amountDemanded: '2500.75',
      taxPeriod: 'FY 2024-25',
      description: 'Revised demand',
      department: 'COMPLIANCE',
      type: 'Compliance',
      noticeType: 'ROC adjudication',
      dateOfIssuance: '2026-03-01',
      assignedTo: null,
    });
    const employeeName = employee.user.name;
    expect((await activities(notice)).reverse()).to.deep.equal([
      'Notice added',
      'Status changed from New to In Progress',
      'Due date changed from 31 Mar 2026 to 15 Apr 2026',
      'Priority changed from Medium to High',
      'Target date changed from none to 10 Apr 2026',
      `Assigned to ${employeeName}`,
      'Description changed',
      'Tax period changed from none to FY 2024-25',
      'Amount demanded changed from ₹100.00 to ₹2500.75',
      'Department changed from GST to Compliance',
      'Notice type changed from ASMT-10 to ROC adjudication',
      'Date of issuance changed from none to 1 Mar 2026',
      'Unassigned',
      'Due date changed from 15 Apr 2026 to none',
    ]);
  });

  it('tells a new assignee with NOTICE_ASSIGNED, but not someone who assigns it to themselves', async () => {
    const notice = await createNotice(owner, workspaceId, client.externalId, { noticeType: 'REG-17' });
    await change(notice, { assignedToExternalId: employee.user.externalId }).expect(200);
    const inbox = (await get(employee, 'notifications', { workspaceId }).expect(200)).body.notifications as {
      eventType: string;
      actionUrl: string;
    }[];
    const assigned = inbox.filter((item) => item.eventType === 'NOTICE_ASSIGNED' && item.actionUrl.endsWith(`/notices/${notice.externalId}`));
    expect(assigned).to.have.length(1);
    await patch(owner, NOTICES_ROUTES.notice(notice.externalId), { workspaceId, assignedToExternalId: owner.user.externalId }).expect(200);
    const own = (await get(owner, 'notifications', { workspaceId }).expect(200)).body.notifications as { eventType: string }[];
    expect(own.filter((item) => item.eventType === 'NOTICE_ASSIGNED')).to.deep.equal([]);
  });

  it("gives a CLIENT member only their own clients' notices, and tells them only of those", async () => {
    const other = await createClient(owner, workspaceId, { name: 'Verma Steel' });
    const contact = await notices.memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [client.externalId] });
    const toContact = { assignedToExternalId: contact.user.externalId };
    const theirs = await createNotice(owner, workspaceId, client.externalId, toContact);
    const refused = { error: NOTICE_MESSAGES.assigneeCannotSeeNotice, details: { assignedToExternalId: [NOTICE_MESSAGES.assigneeCannotSeeNotice] } };
    await post(owner, NOTICES_ROUTES.create, {
      workspaceId,
      clientId: other.externalId,
      department: 'GST',
      noticeType: 'ASMT-10',
      reference: uniqueReference(),
      description: 'Scrutiny of returns',
      ...toContact,
    }).expect(422, refused);
    const otherNotice = await createNotice(owner, workspaceId, other.externalId);
    await change(otherNotice, toContact).expect(422, refused);
    const inbox = (await get(contact, 'notifications', { workspaceId }).expect(200)).body.notifications as { eventType: string; actionUrl: string }[];
    expect(inbox.filter((item) => item.eventType === 'NOTICE_ASSIGNED').map((item) => item.actionUrl.split('/').at(-1))).to.deep.equal([
      theirs.externalId,
    ]);
  });

  it('refuses a bad change in the same words as a bad notice, and a reference another notice of the client has', async () => {
    const notice = await createNotice(owner, workspaceId, client.externalId);
    const taken = await createNotice(owner, workspaceId, client.externalId);
    expect((await change(notice, { status: 'DONE' }).expect(400)).body.error).to.equal(NOTICE_MESSAGES.invalidStatus);
    expect((await change(notice, { dueDate: 'tomorrow' }).expect(400)).body.error).to.equal(NOTICE_MESSAGES.invalidDate('Due date'));
    expect((await change(notice, { reference: ' ' }).expect(400)).body.error).to.equal(NOTICE_MESSAGES.referenceRequired);
    expect((await change(notice, { assignedToExternalId: 'someone' }).expect(422)).body.error).to.equal(NOTICE_MESSAGES.assigneeNotMember);
    expect((await change(notice, { reference: taken.reference.toLowerCase() }).expect(409)).body.error).to.equal(NOTICE_MESSAGES.duplicateReference);
    const respelled = (await change(notice, { reference: notice.reference.toLowerCase() }).expect(200)).body.data as NoticeView;
    expect(respelled.reference).to.equal(notice.reference.toLowerCase());
    expect(await activities(notice)).to.deep.equal(['Notice added']);
  });

  it('deletes a notice only when its reference is typed, with its hearings, leaving 404 behind', async () => {
    const notice = await createNotice(owner, workspaceId, client.externalId);
    const route = NOTICES_ROUTES.notice(notice.externalId);
    const noticeRowId = (await notices.host.knex('notices').where({ external_id: notice.externalId }).first('id', 'workspace_id')) as {
      id: number;
      workspace_id: number;
    };
    await notices.host.knex('notices_hearings').insert({
      external_id: '6a1f0c1e-7d3b-4c55-9a51-2f1f9a7d0c11',
      workspace_id: noticeRowId.workspace_id,
      notice_id: noticeRowId.id,
      hearing_date: '2026-04-02',
      mode: 'VIRTUAL',
    });
    expect((await get(owner, route, { workspaceId }).expect(200)).body.data.hearings).to.have.length(1);
    expect((await del(owner, route, { workspaceId }).expect(422)).body.error).to.equal(NOTICE_MESSAGES.deleteConfirmation);
    expect((await del(owner, route, { workspaceId, confirmation: 'something else' }).expect(422)).body.error).to.equal(
      NOTICE_MESSAGES.deleteConfirmation,
    );
    await get(owner, route, { workspaceId }).expect(200);
    await del(owner, route, { workspaceId, confirmation: `  ${notice.reference.toLowerCase()} ` }).expect(204);
    expect((await get(owner, route, { workspaceId }).expect(404)).body.error).to.equal(NOTICE_MESSAGES.noticeNotFound);
    expect(await notices.host.knex('notices_hearings').where({ notice_id: noticeRowId.id }).count({ count: '*' })).to.deep.equal([{ count: 0 }]);
    expect((await del(owner, route, { workspaceId, confirmation: notice.reference }).expect(404)).body.error).to.equal(
      NOTICE_MESSAGES.noticeNotFound,
    );
  });

  it("removes the notice's attachment links with it, keeping the documents and other notices' links", async () => {
    const [notice, other] = await Promise.all([
      createNotice(owner, workspaceId, client.externalId),
      createNotice(owner, workspaceId, client.externalId),
    ]);
    const workspaceSerial = await notices.internalIdOf(workspaceId);
    const ownerId = (await notices.host.container
      .get<WorkspaceDirectory>(TOKENS.Workspaces)
      .memberByExternalId(workspaceSerial, owner.user.externalId))!.userId;
    const target: AttachmentTarget = { workspaceId: workspaceSerial, entityType: 'NOTICE', entityId: notice.externalId };
    const links = notices.host.container.get<AttachmentService>(ATTACHMENT_SERVICE);
    // Stored as the demo seed and portal sync store a file they have: the HTTP upload is the attachments test's part.
    const { document } = await links.attachFile(
      target,
      { filename: 'ASMT-10 reply.csv', body: Buffer.from('Month,Difference\nApr 2025,7300\n'), directory: `notices/${notice.externalId}` },
      { membership: { workspace: { id: workspaceSerial, externalId: workspaceId, name: 'Practice' }, role: 'OWNER' }, user: { id: ownerId } },
    );
    await post(owner, NOTICES_ROUTES.attachments(other.externalId), { workspaceId, documentId: document.id }).expect(201);

    await del(owner, NOTICES_ROUTES.notice(notice.externalId), { workspaceId, confirmation: notice.reference }).expect(204);

    expect(await links.list(target)).to.deep.equal([]);
    const kept = (await get(owner, NOTICES_ROUTES.attachments(other.externalId), { workspaceId }).expect(200)).body.data as AttachmentView[];
    expect(kept.map((attachment) => attachment.document.id)).to.deep.equal([document.id]);
    await get(owner, 'documents/info', { workspaceId, documentId: document.id }).expect(200);
  });

  it('takes the confirmation from the query as well', async () => {
    const notice = await createNotice(owner, workspaceId, client.externalId);
    await call(owner, 'delete', `/${NOTICES_ROUTES.notice(notice.externalId)}`)
      .query({ workspaceId, confirmation: notice.reference })
      .expect(204);
  });

  it("answers 404 for a malformed, unknown or another workspace's notice on every route", async () => {
    const elsewhere = (await notices.createWorkspace(owner)).externalId;
    const stranger = await createNotice(owner, elsewhere, (await createClient(owner, elsewhere)).externalId);
    for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000', stranger.externalId]) {
      expect((await get(owner, NOTICES_ROUTES.notice(id), { workspaceId }).expect(404)).body.error).to.equal(NOTICE_MESSAGES.noticeNotFound);
      expect((await get(owner, NOTICES_ROUTES.activities(id), { workspaceId }).expect(404)).body.error).to.equal(NOTICE_MESSAGES.noticeNotFound);
      await patch(owner, NOTICES_ROUTES.notice(id), { workspaceId, status: 'RESOLVED' }).expect(404);
      await del(owner, NOTICES_ROUTES.notice(id), { workspaceId, confirmation: stranger.reference }).expect(404);
    }
    expect((await noticeOf(owner, elsewhere, stranger.externalId)).status).to.equal('NEW');
  });
});
