import { expect } from 'chai';
import { TASK_MESSAGES, TASKS_ROUTES, type TaskView } from '../shared/wire';
import {
  call,
  createClient,
  createTask,
  del,
  get,
  HOST_START_TIMEOUT_MS,
  patch,
  post,
  startTasksHost,
  type ClientView,
  type TestHost,
  type TestSession,
} from './support';

const DOCUMENTS_OFF = { error: 'The Documents plugin is not enabled for this workspace' };
const ROLES = ['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT'] as const;
type Role = (typeof ROLES)[number];

describe('tasks: who may do what', () => {
  let tasks: TestHost;
  let sessions: Record<Role, TestSession>;
  let workspace: { externalId: string; name: string };
  let workspaceId: string;

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    tasks = await startTasksHost();
    ({ workspace, sessions } = await tasks.workspaceWithEveryRole());
    workspaceId = workspace.externalId;
  });

  after(() => tasks?.stop());

  const body = (session: TestSession, fields: Record<string, unknown> = {}) => ({
    workspaceId,
    title: 'Role check',
    description: 'Who may do this',
    assignedToExternalId: session.user.externalId,
    ...fields,
  });

  it('lets staff create tasks and refuses a CLIENT member', async () => {
    for (const role of ['OWNER', 'ADMIN', 'EMPLOYEE'] as const) await post(sessions[role], TASKS_ROUTES.create, body(sessions[role])).expect(201);
    await post(sessions.CLIENT, TASKS_ROUTES.create, body(sessions.OWNER)).expect(403, { error: TASK_MESSAGES.forbiddenCreate });
  });

  it('lets staff edit and reassign tasks and refuses a CLIENT member', async () => {
    const task = await createTask(sessions.OWNER, workspaceId);
    for (const role of ['OWNER', 'ADMIN', 'EMPLOYEE'] as const) {
      await patch(sessions[role], TASKS_ROUTES.task(task.externalId), { workspaceId, title: `Edited by ${role}` }).expect(200);
      await patch(sessions[role], TASKS_ROUTES.task(task.externalId), { workspaceId, assignedToExternalId: sessions[role].user.externalId }).expect(
        200,
      );
    }
    await patch(sessions.CLIENT, TASKS_ROUTES.task(task.externalId), { workspaceId, title: 'Client edit' }).expect(403, {
      error: TASK_MESSAGES.forbiddenEdit,
    });
  });

  it('lets only owners and admins delete, one at a time or in bulk', async () => {
    for (const role of ['EMPLOYEE', 'CLIENT'] as const) {
      const task = await createTask(sessions.OWNER, workspaceId);
      await del(sessions[role], TASKS_ROUTES.task(task.externalId), { workspaceId }).expect(403, { error: TASK_MESSAGES.forbiddenDelete });
      await post(sessions[role], TASKS_ROUTES.bulkDelete, { workspaceId, ids: [task.externalId], confirmation: workspace.name }).expect(403, {
        error: TASK_MESSAGES.forbiddenDelete,
      });
    }
    for (const role of ['OWNER', 'ADMIN'] as const) {
      const [one, many] = await Promise.all([createTask(sessions.OWNER, workspaceId), createTask(sessions.OWNER, workspaceId)]);
      await del(sessions[role], TASKS_ROUTES.task(one!.externalId), { workspaceId }).expect(204);
      await post(sessions[role], TASKS_ROUTES.bulkDelete, { workspaceId, ids: [many!.externalId], confirmation: workspace.name }).expect(200, {
        deleted: 1,
      });
    }
  });

  it('lets every member read and comment on the tasks they can see', async () => {
    const task = await createTask(sessions.OWNER, workspaceId);
    for (const role of ['OWNER', 'ADMIN', 'EMPLOYEE'] as const) {
      const session = sessions[role];
      expect((await get(session, TASKS_ROUTES.list, { workspaceId }).expect(200)).body.tasks.length).to.be.greaterThan(0);
      await get(session, TASKS_ROUTES.task(task.externalId), { workspaceId }).expect(200);
      await post(session, TASKS_ROUTES.comments(task.externalId), { workspaceId, content: `From ${role}` }).expect(201);
      await get(session, TASKS_ROUTES.comments(task.externalId), { workspaceId }).expect(200);
      await get(session, TASKS_ROUTES.activityLog(task.externalId), { workspaceId }).expect(200);
    }
    // A CLIENT member linked to no client sees none of the firm's own tasks.
    const client = sessions.CLIENT;
    expect((await get(client, TASKS_ROUTES.list, { workspaceId }).expect(200)).body).to.deep.equal({ tasks: [], nextCursor: null });
    await get(client, TASKS_ROUTES.task(task.externalId), { workspaceId }).expect(404, { error: TASK_MESSAGES.taskNotFound });
    await post(client, TASKS_ROUTES.comments(task.externalId), { workspaceId, content: 'Hello' }).expect(404, { error: TASK_MESSAGES.taskNotFound });
  });

  it('answers the attachment routes with 404 when the documents plugin is not installed', async () => {
    const task = await createTask(sessions.OWNER, workspaceId);
    for (const role of ROLES) {
      await get(sessions[role], TASKS_ROUTES.attachments(task.externalId), { workspaceId }).expect(404, DOCUMENTS_OFF);
    }
    const documentId = '00000000-0000-4000-8000-000000000000';
    await post(sessions.OWNER, TASKS_ROUTES.attachments(task.externalId), { workspaceId, documentId }).expect(404, DOCUMENTS_OFF);
    await del(sessions.OWNER, TASKS_ROUTES.attachment(task.externalId, documentId), { workspaceId }).expect(404, DOCUMENTS_OFF);
    await post(sessions.CLIENT, TASKS_ROUTES.attachments(task.externalId), { workspaceId, documentId }).expect(403, {
      error: TASK_MESSAGES.forbiddenEdit,
    });
  });

  describe('a CLIENT member', () => {
    let owner: TestSession;
    let clientMember: TestSession;
    let ownClient: ClientView;
    let otherClient: ClientView;
    let ownTask: TaskView;
    let otherTask: TaskView;
    let firmTask: TaskView;

    before(async () => {
      owner = sessions.OWNER;
      ownClient = await createClient(owner, workspaceId, { name: 'Kapoor Foods' });
      otherClient = await createClient(owner, workspaceId, { name: 'Mehta Steel' });
      clientMember = await tasks.memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [ownClient.externalId] });
      ownTask = await createTask(owner, workspaceId, { title: 'Kapoor GSTR-1', clientExternalId: ownClient.externalId });
      otherTask = await createTask(owner, workspaceId, { title: 'Mehta GSTR-1', clientExternalId: otherClient.externalId });
      firmTask = await createTask(owner, workspaceId, { title: 'Firm payroll' });
    });

    it("sees only their clients' tasks in the list, whatever the filter", async () => {
      const titles = async (query: Record<string, unknown>) =>
        (await get(clientMember, TASKS_ROUTES.list, { workspaceId, ...query }).expect(200)).body.tasks.map((task: TaskView) => task.title);
      expect(await titles({})).to.deep.equal(['Kapoor GSTR-1']);
      expect(await titles({ search: 'GSTR' })).to.deep.equal(['Kapoor GSTR-1']);
      expect(await titles({ clientId: otherClient.externalId })).to.deep.equal([]);
    });

    it("reads the details, comments and activity of their clients' tasks alone", async () => {
      await get(clientMember, TASKS_ROUTES.task(ownTask.externalId), { workspaceId }).expect(200);
      await post(clientMember, TASKS_ROUTES.comments(ownTask.externalId), { workspaceId, content: 'Invoices uploaded' }).expect(201);
      await get(clientMember, TASKS_ROUTES.comments(ownTask.externalId), { workspaceId }).expect(200);
      await get(clientMember, TASKS_ROUTES.activityLog(ownTask.externalId), { workspaceId }).expect(200);
      for (const hidden of [otherTask, firmTask]) {
        const notFound = { error: TASK_MESSAGES.taskNotFound };
        await get(clientMember, TASKS_ROUTES.task(hidden.externalId), { workspaceId }).expect(404, notFound);
        await get(clientMember, TASKS_ROUTES.comments(hidden.externalId), { workspaceId }).expect(404, notFound);
        await post(clientMember, TASKS_ROUTES.comments(hidden.externalId), { workspaceId, content: 'Peek' }).expect(404, notFound);
        await get(clientMember, TASKS_ROUTES.activityLog(hidden.externalId), { workspaceId }).expect(404, notFound);
      }
    });

    it('is assigned only tasks of the clients they stand for, and hears of one only while they stand for its client', async () => {
      const cannotSee = { error: TASK_MESSAGES.assigneeCannotSeeTask, details: { assignedToExternalId: [TASK_MESSAGES.assigneeCannotSeeTask] } };
      const toMember = { assignedToExternalId: clientMember.user.externalId };
      const theirs = await createTask(owner, workspaceId, { title: 'Send the bank statements', clientExternalId: ownClient.externalId, ...toMember });
      await post(owner, TASKS_ROUTES.create, body(clientMember, { clientExternalId: otherClient.externalId })).expect(400, cannotSee);
      await post(owner, TASKS_ROUTES.create, body(clientMember)).expect(400, cannotSee);
      await patch(owner, TASKS_ROUTES.task(otherTask.externalId), { workspaceId, ...toMember }).expect(400, cannotSee);
      await patch(owner, TASKS_ROUTES.task(theirs.externalId), { workspaceId, clientExternalId: otherClient.externalId }).expect(400, cannotSee);
      await patch(owner, TASKS_ROUTES.task(theirs.externalId), { workspaceId, clientExternalId: null }).expect(400, cannotSee);
      const recurring = {
        workspaceId,
        clientIds: [otherClient.externalId],
        titleTemplate: 'GSTR-1 for {client}',
        description: 'Outward supplies',
        priority: 'HIGH',
        firstDueDate: '2030-03-05',
        recurrence: { frequency: 'MONTHLY', dayOfMonth: 11 },
        ...toMember,
      };
      await post(owner, TASKS_ROUTES.recurringWork, recurring).expect(400, cannotSee);

      const heard = async (eventType: string) => {
        const { body: inbox } = await call(clientMember, 'get', '/notifications').query({ workspaceId }).expect(200);
        return inbox.notifications.filter(
          (notification: { eventType: string; actionUrl: string }) =>
            notification.eventType === eventType && notification.actionUrl.endsWith(theirs.externalId),
        );
      };
      expect(await heard('TASK_ASSIGNED')).to.have.length(1);
      await post(owner, TASKS_ROUTES.comments(theirs.externalId), { workspaceId, content: 'Still waiting for March' }).expect(201);
      expect(await heard('TASK_COMMENTED')).to.have.length(1);
      await call(owner, 'put', `/workspaces/${workspaceId}/members/${clientMember.user.externalId}/clients`, { clientIds: [] }).expect(200);
      await post(owner, TASKS_ROUTES.comments(theirs.externalId), { workspaceId, content: 'And April' }).expect(201);
      expect(await heard('TASK_COMMENTED')).to.have.length(1);
      await call(owner, 'put', `/workspaces/${workspaceId}/members/${clientMember.user.externalId}/clients`, {
        clientIds: [ownClient.externalId],
      }).expect(200);
    });

    it('reads a history that names no other client than theirs', async () => {
      const moved = await createTask(owner, workspaceId, { title: 'Moved over', clientExternalId: otherClient.externalId });
      await patch(owner, TASKS_ROUTES.task(moved.externalId), { workspaceId, clientExternalId: ownClient.externalId }).expect(200);
      const log = async (session: TestSession) =>
        (await get(session, TASKS_ROUTES.activityLog(moved.externalId), { workspaceId }).expect(200)).body.data.map(
          (entry: { action: string }) => entry.action,
        );
      expect(await log(owner)).to.include('changed Client from Mehta Steel to Kapoor Foods');
      const theirs = await log(clientMember);
      expect(theirs).to.include('changed Client from another client to Kapoor Foods');
      expect(JSON.stringify(theirs)).to.not.include('Mehta');

      // A client deleted while the task was theirs, before it came to this member's client.
      const gone = await createClient(owner, workspaceId, { name: 'Gone Exports' });
      const fromGone = await createTask(owner, workspaceId, { title: 'From a deleted client', clientExternalId: gone.externalId });
      await call(owner, 'delete', `/clients/${gone.externalId}`, { workspaceExternalId: workspaceId, confirmation: 'Gone Exports' }).expect(200);
      await patch(owner, TASKS_ROUTES.task(fromGone.externalId), { workspaceId, clientExternalId: ownClient.externalId }).expect(200);
      const { body } = await get(clientMember, TASKS_ROUTES.activityLog(fromGone.externalId), { workspaceId }).expect(200);
      expect(body.data.map((entry: { action: string }) => entry.action)).to.include('removed the deleted client');
      expect(JSON.stringify(body.data)).to.not.include('Gone Exports');
    });
  });

  it("answers 404 for another workspace's task, and for a workspace the caller is not in", async () => {
    const task = await createTask(sessions.OWNER, workspaceId);
    const outsider = await tasks.signedInUser('permissions-outsider');
    const ownWorkspace = (await tasks.createWorkspace(outsider)).externalId;
    const notFound = { error: TASK_MESSAGES.taskNotFound };
    await get(outsider, TASKS_ROUTES.task(task.externalId), { workspaceId: ownWorkspace }).expect(404, notFound);
    await patch(outsider, TASKS_ROUTES.task(task.externalId), { workspaceId: ownWorkspace, title: 'Taken' }).expect(404, notFound);
    await del(outsider, TASKS_ROUTES.task(task.externalId), { workspaceId: ownWorkspace }).expect(404, notFound);
    await get(outsider, TASKS_ROUTES.comments(task.externalId), { workspaceId: ownWorkspace }).expect(404, notFound);
    await get(outsider, TASKS_ROUTES.activityLog(task.externalId), { workspaceId: ownWorkspace }).expect(404, notFound);
    await get(outsider, TASKS_ROUTES.task(task.externalId), { workspaceId }).expect(404, { error: 'Workspace not found' });
    await get(outsider, TASKS_ROUTES.list, { workspaceId }).expect(404, { error: 'Workspace not found' });
  });

  it('answers 404 for every route once the tasks plugin is switched off in the workspace', async () => {
    const owner = await tasks.signedInUser('switch-owner');
    const switched = (await tasks.createWorkspace(owner)).externalId;
    const task = await createTask(owner, switched);
    await call(owner, 'put', `/workspaces/${switched}/plugins/tasks`, { enabled: false }).expect(200);
    const off = { error: 'The Tasks plugin is not enabled for this workspace' };
    await get(owner, TASKS_ROUTES.list, { workspaceId: switched }).expect(404, off);
    await get(owner, TASKS_ROUTES.task(task.externalId), { workspaceId: switched }).expect(404, off);
    await post(owner, TASKS_ROUTES.create, { ...body(owner), workspaceId: switched }).expect(404, off);
  });
});
