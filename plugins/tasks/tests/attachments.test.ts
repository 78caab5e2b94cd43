import { expect } from 'chai';
import type { Membership, SessionUser } from '../../../core/plugin-api';
import { ATTACHMENT_SERVICE, type AttachmentService } from '../../documents/server/tokens';
import { TASK_MESSAGES, TASKS_ROUTES, type TaskActivity } from '../shared/wire';
import {
  call,
  createClient,
  createTask,
  del,
  get,
  HOST_START_TIMEOUT_MS,
  post,
  startTasksWithDocumentsHost,
  uploadDocument,
  type TestHost,
  type TestSession,
} from './support';

interface AttachmentView {
  id: string;
  entityType: string;
  entityId: string;
  document: { id: string; filename: string; size: number; downloadUrl: string };
}

describe('tasks: attachments through the documents plugin', () => {
  let tasks: TestHost;
  let owner: TestSession;
  let employee: TestSession;
  let workspaceId: string;

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    tasks = await startTasksWithDocumentsHost();
    owner = await tasks.signedInUser('attachments-owner');
    workspaceId = (await tasks.createWorkspace(owner)).externalId;
    employee = await tasks.memberWithRole(owner, workspaceId, 'EMPLOYEE');
  });

  after(() => tasks?.stop());

  const attachmentsOf = async (session: TestSession, taskId: string): Promise<AttachmentView[]> =>
    (await get(session, TASKS_ROUTES.attachments(taskId), { workspaceId }).expect(200)).body.data;
  const activityOf = async (taskId: string): Promise<TaskActivity[]> =>
    (await get(owner, TASKS_ROUTES.activityLog(taskId), { workspaceId }).expect(200)).body.data;

  it('attaches an uploaded document, lists it with a working download link, and removes it', async () => {
    const task = await createTask(owner, workspaceId);
    const documentId = await uploadDocument(employee, workspaceId, 'report.pdf', `tasks/${task.externalId}`);
    const { body } = await post(employee, TASKS_ROUTES.attachments(task.externalId), { workspaceId, documentId }).expect(201);
    const attachment: AttachmentView = body.data;
    expect(attachment).to.include({ entityType: 'TASK', entityId: task.externalId });
    expect(attachment.document).to.include({ id: documentId, filename: 'report.pdf' });
    // The same document again: the same link, and no second history entry.
    const { body: again } = await post(employee, TASKS_ROUTES.attachments(task.externalId), { workspaceId, documentId }).expect(201);
    expect(again.data.id).to.equal(attachment.id);

    const listed = await attachmentsOf(owner, task.externalId);
    expect(listed.map((item) => item.id)).to.deep.equal([attachment.id]);
    const download = await owner.agent.get(listed[0]!.document.downloadUrl).redirects(0);
    expect(download.status).to.equal(302);
    const file = await fetch(download.headers.location!);
    expect(file.status).to.equal(200);
    expect((await file.text()).startsWith('%PDF-1.4')).to.equal(true);

    await del(employee, TASKS_ROUTES.attachment(task.externalId, attachment.id), { workspaceId }).expect(204);
    expect(await attachmentsOf(owner, task.externalId)).to.deep.equal([]);
    const actions = (await activityOf(task.externalId)).map((entry) => entry.action);
    expect(actions.slice(0, 3)).to.deep.equal(['removed the attachment report.pdf', 'attached report.pdf', 'created the task']);
  });

  it('refuses a document of another workspace and an attachment of another task', async () => {
    const [task, other] = await Promise.all([createTask(owner, workspaceId), createTask(owner, workspaceId)]);
    const outsider = await tasks.signedInUser('attachments-outsider');
    const foreignWorkspace = (await tasks.createWorkspace(outsider)).externalId;
    const foreignDocument = await uploadDocument(outsider, foreignWorkspace, 'theirs.pdf', '');
    await post(owner, TASKS_ROUTES.attachments(task.externalId), { workspaceId, documentId: foreignDocument }).expect(404, {
      error: 'Document not found',
    });
    const documentId = await uploadDocument(owner, workspaceId, 'ours.pdf', '');
    const attached: AttachmentView = (await post(owner, TASKS_ROUTES.attachments(task.externalId), { workspaceId, documentId }).expect(201)).body
      .data;
    await del(owner, TASKS_ROUTES.attachment(other.externalId, attached.id), { workspaceId }).expect(404, { error: 'Attachment not found' });
    await del(owner, TASKS_ROUTES.attachment(task.externalId, 'nope'), { workspaceId }).expect(404, { error: 'Attachment not found' });
    const missing = await post(owner, TASKS_ROUTES.attachments(task.externalId), { workspaceId }).expect(400);
    expect(missing.body.error).to.equal(TASK_MESSAGES.documentRequired);
    expect(await attachmentsOf(owner, task.externalId)).to.have.length(1);
  });

  it("removes a deleted task's attachment links but keeps the documents", async () => {
    const task = await createTask(owner, workspaceId);
    const documentId = await uploadDocument(owner, workspaceId, 'kept.pdf', '');
    await post(owner, TASKS_ROUTES.attachments(task.externalId), { workspaceId, documentId }).expect(201);
    await del(owner, TASKS_ROUTES.task(task.externalId), { workspaceId }).expect(204);
    const links = tasks.host.container.get<AttachmentService>(ATTACHMENT_SERVICE);
    expect(await links.list({ workspaceId: await tasks.internalIdOf(workspaceId), entityType: 'TASK', entityId: task.externalId })).to.deep.equal([]);
    await get(owner, 'documents/info', { workspaceId, documentId }).expect(200);
  });

  it("shows a CLIENT member the attachments of their clients' tasks alone, only the files they may open, and lets them change none", async () => {
    const [ownClient, otherClient] = await Promise.all([createClient(owner, workspaceId), createClient(owner, workspaceId)]);
    const clientMember = await tasks.memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [ownClient.externalId] });
    const theirs = await createTask(owner, workspaceId, { clientExternalId: ownClient.externalId });
    const firms = await createTask(owner, workspaceId);
    const engagement = await uploadDocument(owner, workspaceId, 'engagement.pdf', '', ownClient.externalId);
    // Attached before the task moved to the member's client, or the firm's own working paper: files they cannot open.
    const othersStatement = await uploadDocument(owner, workspaceId, 'others-statement.pdf', '', otherClient.externalId);
    const workingPaper = await uploadDocument(owner, workspaceId, 'working-paper.pdf', '');
    for (const documentId of [engagement, othersStatement, workingPaper]) {
      await post(owner, TASKS_ROUTES.attachments(theirs.externalId), { workspaceId, documentId }).expect(201);
    }
    await post(owner, TASKS_ROUTES.attachments(firms.externalId), { workspaceId, documentId: engagement }).expect(201);

    const seen = await attachmentsOf(clientMember, theirs.externalId);
    expect(seen.map((item) => item.document.filename)).to.deep.equal(['engagement.pdf']);
    expect((await clientMember.agent.get(seen[0]!.document.downloadUrl).redirects(0)).status).to.equal(302);
    expect((await attachmentsOf(owner, theirs.externalId)).map((item) => item.document.filename)).to.deep.equal([
      'engagement.pdf',
      'others-statement.pdf',
      'working-paper.pdf',
    ]);
    await get(clientMember, TASKS_ROUTES.attachments(firms.externalId), { workspaceId }).expect(404, { error: TASK_MESSAGES.taskNotFound });
    await post(clientMember, TASKS_ROUTES.attachments(theirs.externalId), { workspaceId, documentId: engagement }).expect(403, {
      error: TASK_MESSAGES.forbiddenEdit,
    });
  });

  it('answers 404 once the documents plugin is switched off in the workspace', async () => {
    const task = await createTask(owner, workspaceId);
    const documentId = await uploadDocument(owner, workspaceId, 'before.pdf', '');
    const attached: AttachmentView = (await post(owner, TASKS_ROUTES.attachments(task.externalId), { workspaceId, documentId }).expect(201)).body
      .data;
    await call(owner, 'put', `/workspaces/${workspaceId}/plugins/documents`, { enabled: false }).expect(200);
    try {
      const off = { error: 'The Documents plugin is not enabled for this workspace' };
      await get(owner, TASKS_ROUTES.attachments(task.externalId), { workspaceId }).expect(404, off);
      await post(owner, TASKS_ROUTES.attachments(task.externalId), { workspaceId, documentId }).expect(404, off);
      await del(owner, TASKS_ROUTES.attachment(task.externalId, attached.id), { workspaceId }).expect(404, off);
      await get(owner, TASKS_ROUTES.task(task.externalId), { workspaceId }).expect(200);
    } finally {
      await call(owner, 'put', `/workspaces/${workspaceId}/plugins/documents`, { enabled: true }).expect(200);
    }
    expect(await attachmentsOf(owner, task.externalId)).to.have.length(1);
  });

  it('the demo seed attaches its reconciliation statement to the ASMT-10 reply when documents is on', async function () {
    this.timeout(60_000);
    const demo = await tasks.createWorkspace(owner);
    const clients = [];
    for (let index = 0; index < 12; index += 1) clients.push(await createClient(owner, demo.externalId, { name: `Seeded Client ${index}` }));
    const user = await tasks.host.knex('users').where({ external_id: owner.user.externalId }).first('id');
    const membership: Membership = {
      workspace: { id: await tasks.internalIdOf(demo.externalId), externalId: demo.externalId, name: demo.name },
      role: 'OWNER',
    };
    await tasks.host.registry.get('tasks')!.definition!.seedDemo!({
      container: tasks.host.container,
      membership,
      owner: { id: Number(user.id), ...owner.user } as SessionUser,
      team: [],
      clients,
    });
    const { body } = await get(owner, TASKS_ROUTES.list, { workspaceId: demo.externalId, search: 'ASMT-10' }).expect(200);
    const [reply] = body.tasks as { externalId: string }[];
    const attached = (await get(owner, TASKS_ROUTES.attachments(reply!.externalId), { workspaceId: demo.externalId }).expect(200)).body
      .data as AttachmentView[];
    expect(attached.map((item) => item.document.filename)).to.deep.equal(['ITC Reconciliation FY 2024-25.csv']);
    const history = (await get(owner, TASKS_ROUTES.activityLog(reply!.externalId), { workspaceId: demo.externalId }).expect(200)).body
      .data as TaskActivity[];
    expect(history.map((entry) => entry.action)).to.include('attached ITC Reconciliation FY 2024-25.csv');
  });
});
