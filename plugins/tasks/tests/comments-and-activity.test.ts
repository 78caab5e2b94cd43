import { expect } from 'chai';
import { MAX_COMMENT_LENGTH, TASK_MESSAGES, TASKS_ROUTES, type TaskActivity, type TaskComment } from '../shared/wire';
import { call, createTask, get, HOST_START_TIMEOUT_MS, patch, post, startTasksHost, type TestHost, type TestSession } from './support';

describe('tasks: comments and the activity log', () => {
  let tasks: TestHost;
  let owner: TestSession;
  let employee: TestSession;
  let workspaceId: string;

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    tasks = await startTasksHost();
    owner = await tasks.signedInUser('comments-owner');
    workspaceId = (await tasks.createWorkspace(owner)).externalId;
    employee = await tasks.memberWithRole(owner, workspaceId, 'EMPLOYEE');
  });

  after(() => tasks?.stop());

  /** The TASK_COMMENTED notifications `session` holds about one task. */
  const commented = async (session: TestSession, taskId: string) => {
    const { body } = await call(session, 'get', '/notifications').query({ workspaceId }).expect(200);
    return (body.notifications as { eventType: string; actionUrl: string }[]).filter(
      (item) => item.eventType === 'TASK_COMMENTED' && item.actionUrl === `/axal/w/${workspaceId}/tasks/${taskId}`,
    );
  };

  it('adds a trimmed comment and answers it with its activity entry', async () => {
    const task = await createTask(owner, workspaceId);
    const { body } = await post(owner, TASKS_ROUTES.comments(task.externalId), {
      workspaceId,
      content: '  Client sent the\nbank statements  ',
    }).expect(201);
    const comment: TaskComment = body.data.comment;
    const activity: TaskActivity = body.data.activity;
    expect(comment).to.include({ content: 'Client sent the\nbank statements' });
    expect(comment.author).to.deep.equal({ name: owner.user.name });
    expect(activity).to.include({ action: 'commented', type: 'task.commented' });
    expect(activity.performedBy).to.deep.equal({ name: owner.user.name });
  });

  it('lists comments newest first', async () => {
    const task = await createTask(owner, workspaceId);
    for (const content of ['first', 'second', 'third']) {
      await post(owner, TASKS_ROUTES.comments(task.externalId), { workspaceId, content }).expect(201);
    }
    await post(employee, TASKS_ROUTES.comments(task.externalId), { workspaceId, content: 'fourth' }).expect(201);
    const { body } = await get(owner, TASKS_ROUTES.comments(task.externalId), { workspaceId }).expect(200);
    expect(body.data.map((comment: TaskComment) => comment.content)).to.deep.equal(['fourth', 'third', 'second', 'first']);
    expect(body.data[0].author).to.deep.equal({ name: employee.user.name });
  });

  it('refuses an empty, blank or over-long comment', async () => {
    const task = await createTask(owner, workspaceId);
    for (const content of ['', '   \n\t ', undefined, '\u200B', ' \u2060\u200D ']) {
      const { body } = await post(owner, TASKS_ROUTES.comments(task.externalId), { workspaceId, content }).expect(400);
      expect(body.error).to.equal(TASK_MESSAGES.commentEmpty);
    }
    await post(owner, TASKS_ROUTES.comments(task.externalId), { workspaceId, content: 'x'.repeat(MAX_COMMENT_LENGTH + 1) }).expect(400);
    await post(owner, TASKS_ROUTES.comments(task.externalId), { workspaceId, content: 'x'.repeat(MAX_COMMENT_LENGTH) }).expect(201);
  });

  it('tells the assignee when someone else comments, never the commenter', async () => {
    const task = await createTask(owner, workspaceId, { assignedToExternalId: employee.user.externalId });
    await post(employee, TASKS_ROUTES.comments(task.externalId), { workspaceId, content: 'Working on it' }).expect(201);
    expect(await commented(employee, task.externalId)).to.have.length(0);
    await post(owner, TASKS_ROUTES.comments(task.externalId), { workspaceId, content: 'Thanks' }).expect(201);
    expect(await commented(employee, task.externalId)).to.have.length(1);
    expect(await commented(owner, task.externalId)).to.have.length(0);
  });

  it('tells the story of a task in sentences, newest first', async () => {
    const task = await createTask(owner, workspaceId, { title: 'GSTR-9', assignedToExternalId: owner.user.externalId });
    const url = TASKS_ROUTES.task(task.externalId);
    await patch(owner, url, { workspaceId, status: 'IN_PROGRESS' }).expect(200);
    await patch(owner, url, { workspaceId, assignedToExternalId: employee.user.externalId }).expect(200);
    await post(employee, TASKS_ROUTES.comments(task.externalId), { workspaceId, content: 'On it' }).expect(201);
    const { body } = await get(employee, TASKS_ROUTES.activityLog(task.externalId), { workspaceId }).expect(200);
    const entries: TaskActivity[] = body.data;
    expect(entries.map((entry) => entry.action)).to.deep.equal([
      'commented',
      `reassigned the task from ${owner.user.name} to ${employee.user.name}`,
      'changed Status from Pending to In progress',
      'created the task',
    ]);
    expect(entries.map((entry) => entry.performedBy?.name)).to.deep.equal([employee.user.name, owner.user.name, owner.user.name, owner.user.name]);
    expect(entries[2]!.metadata).to.deep.equal({ field: 'status', from: 'PENDING', to: 'IN_PROGRESS' });
    for (const entry of entries) expect(Number.isNaN(Date.parse(entry.performedAt))).to.equal(false);
  });

  it('answers 404 for the comments and activity of a task that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    await get(owner, TASKS_ROUTES.comments(missing), { workspaceId }).expect(404, { error: TASK_MESSAGES.taskNotFound });
    await post(owner, TASKS_ROUTES.comments(missing), { workspaceId, content: 'Hello' }).expect(404, { error: TASK_MESSAGES.taskNotFound });
    await get(owner, TASKS_ROUTES.activityLog(missing), { workspaceId }).expect(404, { error: TASK_MESSAGES.taskNotFound });
  });
});
