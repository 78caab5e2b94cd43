import { expect } from 'chai';
import { TOKENS, type ActivityService } from '../../../core/plugin-api';
import { TASK_MESSAGES, TASKS_ROUTES } from '../shared/wire';
import { createTask, del, get, HOST_START_TIMEOUT_MS, post, startTasksHost, type TestHost, type TestSession } from './support';

describe('tasks: deleting one and many', () => {
  let tasks: TestHost;
  let owner: TestSession;
  let workspace: { externalId: string; name: string };
  let workspaceId: string;

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    tasks = await startTasksHost();
    owner = await tasks.signedInUser('delete-owner');
    workspace = await tasks.createWorkspace(owner);
    workspaceId = workspace.externalId;
  });

  after(() => tasks?.stop());

  const exists = async (taskId: string) => (await get(owner, TASKS_ROUTES.task(taskId), { workspaceId })).status === 200;
  /** The task's page is gone with it, so its history is read where the core keeps it. */
  const deletedEntries = async (taskId: string) => {
    const history = await tasks.host.container.get<ActivityService>(TOKENS.Activity).forEntity(await tasks.internalIdOf(workspaceId), 'TASK', taskId);
    return history.filter((entry) => entry.action === 'task.deleted');
  };

  it('deletes a task with its comments and records it', async () => {
    const task = await createTask(owner, workspaceId, { title: 'Form 3CD' });
    await post(owner, TASKS_ROUTES.comments(task.externalId), { workspaceId, content: 'Draft ready' }).expect(201);
    await del(owner, TASKS_ROUTES.task(task.externalId), { workspaceId }).expect(204);
    expect(await exists(task.externalId)).to.equal(false);
    await get(owner, TASKS_ROUTES.comments(task.externalId), { workspaceId }).expect(404, { error: TASK_MESSAGES.taskNotFound });
    expect(
      await tasks.host
        .knex('tasks_comments')
        .where({ workspace_id: await tasks.internalIdOf(workspaceId) })
        .count({ count: '*' }),
    ).to.deep.equal([{ count: 0 }]);
    expect((await deletedEntries(task.externalId)).map((row) => row.metadata)).to.deep.equal([{ title: 'Form 3CD' }]);
    await del(owner, TASKS_ROUTES.task(task.externalId), { workspaceId }).expect(404, { error: TASK_MESSAGES.taskNotFound });
  });

  it('deletes many at once when the typed name matches the workspace', async () => {
    const made = await Promise.all([1, 2, 3].map((n) => createTask(owner, workspaceId, { title: `Bulk ${n}` })));
    const ids = made.map((task) => task.externalId);
    const { body } = await post(owner, TASKS_ROUTES.bulkDelete, {
      workspaceId,
      ids: [...ids, ids[0]!.toUpperCase()],
      confirmation: workspace.name,
    }).expect(200);
    expect(body).to.deep.equal({ deleted: 3 });
    for (const id of ids) expect(await exists(id)).to.equal(false);
    for (const id of ids) expect(await deletedEntries(id)).to.have.length(1);
  });

  it('deletes nothing when the confirmation differs from the workspace name', async () => {
    const task = await createTask(owner, workspaceId);
    for (const confirmation of [workspace.name.toLowerCase(), ` ${workspace.name}`, '']) {
      const { body } = await post(owner, TASKS_ROUTES.bulkDelete, { workspaceId, ids: [task.externalId], confirmation }).expect(400);
      expect(body.error).to.equal(TASK_MESSAGES.bulkConfirmation);
    }
    expect(await exists(task.externalId)).to.equal(true);
  });

  it('deletes nothing when one id is not a task of the workspace', async () => {
    const kept = await Promise.all([1, 2].map(() => createTask(owner, workspaceId)));
    const outsider = await tasks.signedInUser('delete-outsider');
    const foreign = await createTask(outsider, (await tasks.createWorkspace(outsider)).externalId);
    for (const stray of ['00000000-0000-4000-8000-000000000000', 'not-an-id', foreign.externalId, 'x'.repeat(101), 123, null]) {
      const ids = [...kept.map((task) => task.externalId), stray];
      await post(owner, TASKS_ROUTES.bulkDelete, { workspaceId, ids, confirmation: workspace.name }).expect(404, {
        error: TASK_MESSAGES.bulkSomeMissing,
      });
    }
    for (const task of kept) expect(await exists(task.externalId)).to.equal(true);
    expect(await tasks.host.knex('tasks').where({ external_id: foreign.externalId }).count({ count: '*' })).to.deep.equal([{ count: 1 }]);
  });

  it('asks for at least one task and at most 500, once the workspace name is right', async () => {
    const none = await post(owner, TASKS_ROUTES.bulkDelete, { workspaceId, ids: [], confirmation: workspace.name }).expect(400);
    expect(none.body.error).to.equal(TASK_MESSAGES.bulkNothingSelected);
    const ids = Array.from({ length: 501 }, () => '00000000-0000-4000-8000-000000000000');
    const many = await post(owner, TASKS_ROUTES.bulkDelete, { workspaceId, ids, confirmation: workspace.name }).expect(400);
    expect(many.body.error).to.equal(TASK_MESSAGES.bulkTooMany);
    const wrongName = await post(owner, TASKS_ROUTES.bulkDelete, { workspaceId, ids: [], confirmation: 'wrong' }).expect(400);
    expect(wrongName.body.error).to.equal(TASK_MESSAGES.bulkConfirmation);
  });
});
