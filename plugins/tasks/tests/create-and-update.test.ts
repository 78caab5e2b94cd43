import { expect } from 'chai';
import { TOKENS, type ClientDirectory, type WorkspaceDirectory } from '../../../core/plugin-api';
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH, TASK_MESSAGES, TASKS_ROUTES, type TaskActivity, type TaskView } from '../shared/wire';
import { TASKS_SERVICE, type TasksService } from '../server/tokens';
import {
  call,
  createClient,
  createTask,
  get,
  HOST_START_TIMEOUT_MS,
  patch,
  post,
  startTasksHost,
  type ClientView,
  type TestHost,
  type TestSession,
} from './support';

describe('tasks: create and update', () => {
  let tasks: TestHost;
  let owner: TestSession;
  let employee: TestSession;
  let workspaceId: string;
  let client: ClientView;

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    tasks = await startTasksHost();
    owner = await tasks.signedInUser('tasks-owner');
    workspaceId = (await tasks.createWorkspace(owner)).externalId;
    employee = await tasks.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    client = await createClient(owner, workspaceId, { name: 'Sharma Traders' });
  });

  after(() => tasks?.stop());

  const activityOf = async (taskId: string): Promise<TaskActivity[]> =>
    (await get(owner, TASKS_ROUTES.activityLog(taskId), { workspaceId }).expect(200)).body.data;

  const notificationsOf = async (session: TestSession, eventType: string) => {
    const { body } = await call(session, 'get', '/notifications').query({ workspaceId }).expect(200);
    return (body.notifications as { eventType: string; actionUrl: string; message: string }[]).filter((item) => item.eventType === eventType);
  };

  it('creates a task with the spec defaults and answers its view', async () => {
    const { body } = await post(owner, TASKS_ROUTES.create, {
      workspaceExternalId: workspaceId,
      title: '  GSTR-3B for March  ',
      description: 'Reconcile ITC with 2B first',
      assignedToExternalId: employee.user.externalId,
      clientExternalId: client.externalId,
      entityType: 'CLIENT',
      entityId: client.externalId,
      dueDate: '2026-03-20',
    }).expect(201);
    const task: TaskView = body.task;
    expect(task).to.include({
      title: 'GSTR-3B for March',
      status: 'PENDING',
      priority: 'MEDIUM',
      dueDate: '2026-03-20',
      workspaceExternalId: workspaceId,
    });
    expect(task.assignedTo).to.deep.include({ externalId: employee.user.externalId, name: employee.user.name, isMember: true });
    expect(task.client).to.deep.equal({ externalId: client.externalId, name: 'Sharma Traders', clientType: 'BUSINESS' });
    expect(task).to.include({
      entityType: 'CLIENT',
      entityId: client.externalId,
      startDate: null,
      completedAt: null,
      seriesId: null,
      recurrence: null,
    });
    expect(task.createdBy).to.deep.equal({ name: owner.user.name });
    const fetched = await get(owner, TASKS_ROUTES.task(task.externalId), { workspaceExternalId: workspaceId }).expect(200);
    expect(fetched.body.task).to.deep.equal(task);
    const [created] = await activityOf(task.externalId);
    expect(created).to.include({ type: 'task.created', action: 'created the task' });
    expect(created!.performedBy).to.deep.equal({ name: owner.user.name });
  });

  it('reads an ISO date-time as its calendar date in Asia/Kolkata', async () => {
    // 20:00 UTC on the 4th is 01:30 on the 5th in India.
    const task = await createTask(owner, workspaceId, { dueDate: '2026-03-04T20:00:00.000Z' });
    expect(task.dueDate).to.equal('2026-03-05');
    const cleared = await patch(owner, TASKS_ROUTES.task(task.externalId), { workspaceId, dueDate: null }).expect(200);
    expect(cleared.body.task.dueDate).to.equal(null);
  });

  it('refuses a task without title, description or assignee, naming each field', async () => {
    const { body } = await post(owner, TASKS_ROUTES.create, { workspaceId, title: '   ', description: '' }).expect(400);
    expect(body.error).to.equal(TASK_MESSAGES.titleRequired);
    expect(body.details.title).to.deep.equal([TASK_MESSAGES.titleRequired]);
    expect(body.details.description).to.deep.equal([TASK_MESSAGES.descriptionRequired]);
    expect(body.details.assignedToExternalId).to.deep.equal([TASK_MESSAGES.assigneeRequired]);
    const noAssignee = await post(owner, TASKS_ROUTES.create, { workspaceId, title: 'T', description: 'D' }).expect(400);
    expect(noAssignee.body.error).to.equal(TASK_MESSAGES.assigneeRequired);
  });

  it('answers the wire messages for bad values', async () => {
    const base = { workspaceId, title: 'T', description: 'D', assignedToExternalId: owner.user.externalId };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ status: 'DONE' }, 400, TASK_MESSAGES.invalidStatus],
      [{ priority: 'SOON' }, 400, TASK_MESSAGES.invalidPriority],
      [{ dueDate: '2026-02-30' }, 400, TASK_MESSAGES.invalidDueDate],
      [{ dueDate: 'next week' }, 400, TASK_MESSAGES.invalidDueDate],
      // Date-times whose day is not real, or whose Kolkata day has no four-digit year.
      [{ dueDate: '2027-02-30T10:00Z' }, 400, TASK_MESSAGES.invalidDueDate],
      [{ dueDate: '0001-01-01T00:00+14:00' }, 400, TASK_MESSAGES.invalidDueDate],
      [{ dueDate: '0099-01-01T00:00Z' }, 400, TASK_MESSAGES.invalidDueDate],
      [{ dueDate: '9999-12-31T23:00Z' }, 400, TASK_MESSAGES.invalidDueDate],
      [{ assignedToExternalId: '00000000-0000-4000-8000-000000000000' }, 400, TASK_MESSAGES.assigneeNotMember],
      [{ assignedToExternalId: 'nobody' }, 400, TASK_MESSAGES.assigneeNotMember],
      [{ clientExternalId: '00000000-0000-4000-8000-000000000000' }, 404, TASK_MESSAGES.clientNotFound],
      [{ entityType: 'NOTICE' }, 400, TASK_MESSAGES.entityIncomplete],
      [{ recurrence: { frequency: 'MONTHLY', interval: 1 } }, 400, TASK_MESSAGES.recurrenceNeedsDueDate],
    ];
    for (const [fields, status, message] of cases) {
      const { body } = await post(owner, TASKS_ROUTES.create, { ...base, ...fields }).expect(status);
      expect(body.error, JSON.stringify(fields)).to.equal(message);
    }
    const outsider = await tasks.signedInUser('outsider');
    const foreign = await createClient(outsider, (await tasks.createWorkspace(outsider)).externalId);
    const { body } = await post(owner, TASKS_ROUTES.create, { ...base, clientExternalId: foreign.externalId }).expect(404);
    expect(body.error).to.equal(TASK_MESSAGES.clientNotFound);
  });

  it('records one activity entry per changed field, with names for people and clients', async () => {
    const task = await createTask(owner, workspaceId, { title: 'TDS 26Q', priority: 'LOW', dueDate: '2026-04-30' });
    const { body } = await patch(owner, TASKS_ROUTES.task(task.externalId), {
      workspaceId,
      title: 'TDS 26Q Q4',
      priority: 'HIGH',
      status: 'IN_PROGRESS',
      dueDate: '2026-05-31',
      description: 'Collect challans',
      assignedToExternalId: employee.user.externalId,
      clientExternalId: client.externalId,
    }).expect(200);
    expect(body.task).to.include({ title: 'TDS 26Q Q4', priority: 'HIGH', status: 'IN_PROGRESS', dueDate: '2026-05-31' });
    expect(body.task.client.name).to.equal('Sharma Traders');
    const actions = (await activityOf(task.externalId)).map((entry) => entry.action);
    expect(actions).to.include.members([
      'changed Title from TDS 26Q to TDS 26Q Q4',
      'changed Description',
      'changed Status from Pending to In progress',
      'changed Priority from Low to High',
      'changed Due date from 30 Apr 2026 to 31 May 2026',
      `changed Assignee from ${owner.user.name} to ${employee.user.name}`,
      'changed Client from none to Sharma Traders',
      'created the task',
    ]);
    expect(actions).to.have.length(8);

    const cleared = await patch(owner, TASKS_ROUTES.task(task.externalId), { workspaceId, clientExternalId: null }).expect(200);
    expect(cleared.body.task.client).to.equal(null);
    expect((await activityOf(task.externalId))[0]!.action).to.equal('changed Client from Sharma Traders to none');
  });

  it('answers 200 and records nothing when nothing changed', async () => {
    const task = await createTask(owner, workspaceId, { title: 'Same', priority: 'URGENT' });
    const { body } = await patch(owner, TASKS_ROUTES.task(task.externalId), { workspaceId, title: 'Same', priority: 'URGENT' }).expect(200);
    expect(body.task.updatedAt).to.equal(task.updatedAt);
    expect(await activityOf(task.externalId)).to.have.length(1);
  });

  it('sets startDate once and completedAt on completion, clearing it on reopening', async () => {
    const task = await createTask(owner, workspaceId);
    const url = TASKS_ROUTES.task(task.externalId);
    const started = (await patch(owner, url, { workspaceId, status: 'IN_PROGRESS' }).expect(200)).body.task as TaskView;
    expect(started.startDate).to.be.a('string');
    expect(started.completedAt).to.equal(null);
    const blocked = (await patch(owner, url, { workspaceId, status: 'BLOCKED' }).expect(200)).body.task as TaskView;
    const resumed = (await patch(owner, url, { workspaceId, status: 'IN_PROGRESS' }).expect(200)).body.task as TaskView;
    expect(blocked.startDate).to.equal(started.startDate);
    expect(resumed.startDate).to.equal(started.startDate);
    const completed = (await patch(owner, url, { workspaceId, status: 'COMPLETED' }).expect(200)).body.task as TaskView;
    expect(completed.completedAt).to.be.a('string');
    expect(completed.startDate).to.equal(started.startDate);
    const reopened = (await patch(owner, url, { workspaceId, status: 'PENDING' }).expect(200)).body.task as TaskView;
    expect(reopened.completedAt).to.equal(null);
    expect(reopened.startDate).to.equal(started.startDate);
  });

  it('keeps the update minimums and refuses unknown values', async () => {
    const task = await createTask(owner, workspaceId);
    const url = TASKS_ROUTES.task(task.externalId);
    expect((await patch(owner, url, { workspaceId, title: ' ' }).expect(400)).body.error).to.equal(TASK_MESSAGES.titleRequired);
    expect((await patch(owner, url, { workspaceId, title: '\u200B' }).expect(400)).body.error).to.equal(TASK_MESSAGES.titleRequired);
    expect((await patch(owner, url, { workspaceId, description: '\u200C ' }).expect(400)).body.error).to.equal(TASK_MESSAGES.descriptionRequired);
    expect((await patch(owner, url, { workspaceId, description: '' }).expect(400)).body.error).to.equal(TASK_MESSAGES.descriptionRequired);
    expect((await patch(owner, url, { workspaceId, status: 'open' }).expect(400)).body.error).to.equal(TASK_MESSAGES.invalidStatus);
    expect((await patch(owner, url, { workspaceId, assignedToExternalId: '' }).expect(400)).body.error).to.equal(TASK_MESSAGES.assigneeRequired);
    expect((await patch(owner, url, { workspaceId, applyTo: 'SERIES', title: 'X' }).expect(404)).body.error).to.equal(TASK_MESSAGES.seriesNotFound);
    await patch(owner, TASKS_ROUTES.task('not-an-id'), { workspaceId, title: 'X' }).expect(404, { error: TASK_MESSAGES.taskNotFound });
  });

  it('reassigns with a body of only the assignee, notifying the new assignee but not someone who takes it themselves', async () => {
    const task = await createTask(owner, workspaceId, { title: 'Advance tax instalment' });
    const before = (await notificationsOf(employee, 'TASK_ASSIGNED')).length;
    const { body } = await patch(owner, TASKS_ROUTES.task(task.externalId), { workspaceId, assignedToExternalId: employee.user.externalId }).expect(
      200,
    );
    expect(body.task.assignedTo.externalId).to.equal(employee.user.externalId);
    const [latest] = await activityOf(task.externalId);
    expect(latest).to.include({ type: 'task.reassigned', action: `reassigned the task from ${owner.user.name} to ${employee.user.name}` });
    const assigned = await notificationsOf(employee, 'TASK_ASSIGNED');
    expect(assigned).to.have.length(before + 1);
    expect(assigned[0]!.actionUrl).to.equal(`/axal/w/${workspaceId}/tasks/${task.externalId}`);

    const own = await createTask(employee, workspaceId, { assignedToExternalId: employee.user.externalId });
    await patch(employee, TASKS_ROUTES.task(own.externalId), { workspaceId, assignedToExternalId: employee.user.externalId }).expect(200);
    expect(await notificationsOf(employee, 'TASK_ASSIGNED')).to.have.length(before + 1);
  });

  it('notifies the assignee of a new task made by someone else', async () => {
    const before = (await notificationsOf(employee, 'TASK_ASSIGNED')).length;
    const task = await createTask(owner, workspaceId, { title: 'ROC AOC-4', assignedToExternalId: employee.user.externalId });
    const assigned = await notificationsOf(employee, 'TASK_ASSIGNED');
    expect(assigned).to.have.length(before + 1);
    expect(assigned[0]!.actionUrl).to.equal(`/axal/w/${workspaceId}/tasks/${task.externalId}`);
    expect(await notificationsOf(owner, 'TASK_ASSIGNED')).to.have.length(0);
  });

  it("creates and lists tasks for another plugin's record through TASKS_SERVICE, under the CLIENT rule", async () => {
    const service = tasks.host.container.get<TasksService>(TASKS_SERVICE);
    const workspaceSerial = await tasks.internalIdOf(workspaceId);
    const ownerId = (await tasks.host.container
      .get<WorkspaceDirectory>(TOKENS.Workspaces)
      .memberByExternalId(workspaceSerial, owner.user.externalId))!.userId;
    const clientSerial = (await tasks.host.container.get<ClientDirectory>(TOKENS.Clients).byExternalId(workspaceSerial, client.externalId)).id;
    const notice = { entityType: 'NOTICE', entityId: 'notice-2026-0042' };
    const created = await service.createForEntity({
      workspaceId: workspaceSerial,
      actorUserId: ownerId,
      title: 'Reply to GST notice',
      description: 'Task generated from notice: ASMT-10',
      priority: 'HIGH',
      dueDate: '2026-06-30',
      clientId: clientSerial,
      ...notice,
    });
    expect(created).to.include({ title: 'Reply to GST notice', status: 'PENDING', entityType: 'NOTICE', entityId: notice.entityId });
    expect(created.assignedTo!.externalId).to.equal(owner.user.externalId);
    await createTask(owner, workspaceId, { ...notice, title: 'Firm-side follow-up' });
    const staff = await service.listForEntity(workspaceSerial, notice.entityType, notice.entityId, { userId: ownerId, role: 'OWNER' });
    expect(staff.map((task) => task.title)).to.deep.equal(['Firm-side follow-up', 'Reply to GST notice']);
    const unlinked = await service.listForEntity(workspaceSerial, notice.entityType, notice.entityId, { userId: ownerId, role: 'CLIENT' });
    expect(unlinked).to.deep.equal([]);

    // A record's text longer than a task holds is cut to fit, so the task can be edited and paged like any other.
    const longOne = () =>
      service.createForEntity({
        workspaceId: workspaceSerial,
        actorUserId: ownerId,
        title: `${'Show cause notice '.repeat(11)}😀 tail`,
        description: 'Notice text. '.repeat(1_000),
        priority: 'HIGH',
        dueDate: null,
        ...notice,
      });
    const long = await longOne();
    await longOne();
    expect(long.title).to.have.length(MAX_TITLE_LENGTH - 1);
    expect(long.title.endsWith('Show cause notice …')).to.equal(true);
    expect(long.description).to.have.length(MAX_DESCRIPTION_LENGTH).and.match(/…$/);
    await patch(owner, TASKS_ROUTES.task(long.externalId), { workspaceId, title: long.title, description: long.description }).expect(200);
    const byTitle = { workspaceId, search: 'show cause notice', sortField: 'title', limit: 1 };
    const { body: first } = await get(owner, TASKS_ROUTES.list, byTitle).expect(200);
    const { body: second } = await get(owner, TASKS_ROUTES.list, { ...byTitle, cursor: first.nextCursor }).expect(200);
    expect(second.tasks).to.have.length(1);
  });

  it('makes a task repeat on creation or later, and changes the rule only for the whole series', async () => {
    const monthly = { frequency: 'MONTHLY', interval: 1, dayOfMonth: 20 };
    const repeating = await createTask(owner, workspaceId, { dueDate: '2030-01-20', recurrence: monthly });
    expect(repeating.seriesId).to.be.a('string');
    expect(repeating.recurrence).to.include({ frequency: 'MONTHLY', stopped: false });

    const plain = await createTask(owner, workspaceId, { dueDate: null });
    const url = TASKS_ROUTES.task(plain.externalId);
    const noDate = await patch(owner, url, { workspaceId, recurrence: monthly }).expect(400);
    expect(noDate.body.error).to.equal(TASK_MESSAGES.recurrenceNeedsDueDate);
    const started = (await patch(owner, url, { workspaceId, dueDate: '2030-02-20', recurrence: monthly }).expect(200)).body.task as TaskView;
    expect(started.seriesId).to.be.a('string');
    expect((await activityOf(plain.externalId))[0]!.action).to.equal('made the task repeat');

    const weekly = { frequency: 'WEEKLY', interval: 1 };
    const onlyThis = await patch(owner, url, { workspaceId, recurrence: weekly }).expect(400);
    expect(onlyThis.body.error).to.equal(TASK_MESSAGES.recurrenceOnlyForSeries);
    const bad = await patch(owner, url, { workspaceId, applyTo: 'SERIES', recurrence: { frequency: 'DAILY' } }).expect(400);
    expect(bad.body.error).to.equal(TASK_MESSAGES.invalidRecurrence);
    const changed = (await patch(owner, url, { workspaceId, applyTo: 'SERIES', recurrence: weekly }).expect(200)).body.task as TaskView;
    expect(changed.recurrence).to.include({ frequency: 'WEEKLY' });
  });

  it('still shows a former member as the assignee, marked as no longer a member', async () => {
    const leaver = await tasks.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    const task = await createTask(owner, workspaceId, { assignedToExternalId: leaver.user.externalId });
    await call(owner, 'delete', `/workspaces/${workspaceId}/members/${leaver.user.externalId}`).expect(204);
    const { body } = await get(owner, TASKS_ROUTES.task(task.externalId), { workspaceId }).expect(200);
    expect(body.task.assignedTo).to.deep.include({ externalId: leaver.user.externalId, name: leaver.user.name, isMember: false });

    // An edit that names the assignee it already has is saved; naming someone else who is not a member is not.
    const { body: edited } = await patch(owner, TASKS_ROUTES.task(task.externalId), {
      workspaceId,
      status: 'COMPLETED',
      assignedToExternalId: leaver.user.externalId,
    }).expect(200);
    expect(edited.task).to.deep.include({ status: 'COMPLETED' });
    expect(edited.task.assignedTo).to.deep.include({ externalId: leaver.user.externalId, isMember: false });
    const otherLeaver = await tasks.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    await call(owner, 'delete', `/workspaces/${workspaceId}/members/${otherLeaver.user.externalId}`).expect(204);
    const { body: refused } = await patch(owner, TASKS_ROUTES.task(task.externalId), {
      workspaceId,
      assignedToExternalId: otherLeaver.user.externalId,
    }).expect(400);
    expect(refused.error).to.equal(TASK_MESSAGES.assigneeNotMember);
  });
});
