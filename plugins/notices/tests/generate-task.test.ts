import { expect } from 'chai';
import type { TaskView } from '../../tasks/server/tokens';
import { NOTICE_MESSAGES, NOTICES_ROUTES } from '../shared/wire';
import { actionsOf, call, createClient, createNotice, get, post, useNoticesWorld, workspaceWithClient, type TestSession } from './support';

describe('notices: Generate Task and Associated Tasks through the tasks plugin', () => {
  const world = useNoticesWorld('generate-owner');

  const generate = (session: TestSession, noticeId: string) =>
    post(session, NOTICES_ROUTES.generateTask(noticeId), { workspaceId: world.workspaceId });
  const tasksOf = async (session: TestSession, noticeId: string): Promise<TaskView[]> =>
    (await get(session, NOTICES_ROUTES.tasks(noticeId), { workspaceId: world.workspaceId }).expect(200)).body.data;

  it('makes the task of spec 2 section 4, lists it under the notice and in the tasks plugin, and records it', async () => {
    const { host, owner, workspaceId, client } = world;
    const employee = await host.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    const notice = await createNotice(owner, workspaceId, client.externalId, {
      noticeType: 'DRC-01',
      description: 'Demand of tax for FY 2022-23',
      dueDate: '2027-02-15',
      priority: 'HIGH',
      assignedToExternalId: employee.user.externalId,
    });
    const task: TaskView = (await generate(owner, notice.externalId).expect(201)).body.data;
    expect(task).to.include({
      title: `DRC-01 - ${client.name}`,
      description: 'Task generated from notice: DRC-01\n\nDemand of tax for FY 2022-23',
      dueDate: '2027-02-15',
      priority: 'HIGH',
      status: 'PENDING',
      entityType: 'NOTICE',
      entityId: notice.externalId,
    });
    expect(task.client?.externalId).to.equal(client.externalId);
    expect(task.assignedTo?.externalId).to.equal(employee.user.externalId);

    expect((await tasksOf(owner, notice.externalId)).map((item) => item.externalId)).to.deep.equal([task.externalId]);
    const listed = await get(owner, 'tasks', { workspaceId, entityType: 'NOTICE', entityId: notice.externalId }).expect(200);
    expect((listed.body.tasks as TaskView[]).map((item) => item.externalId)).to.deep.equal([task.externalId]);
    expect((await actionsOf(owner, workspaceId, notice.externalId))[0]).to.equal(`Task generated: DRC-01 - ${client.name}`);
  });

  it('leaves the description at its prefix without a notice description, maps each priority, and assigns the actor', async () => {
    const { host, owner, workspaceId, client } = world;
    const employee = await host.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    for (const priority of ['MEDIUM', 'LOW'] as const) {
      const notice = await createNotice(owner, workspaceId, client.externalId, { noticeType: 'Section 143(2)', description: '', priority });
      const task: TaskView = (await generate(employee, notice.externalId).expect(201)).body.data;
      expect(task).to.include({ description: 'Task generated from notice: Section 143(2)', dueDate: null, priority });
      expect(task.assignedTo?.externalId).to.equal(employee.user.externalId);
    }
  });

  it('assigns the actor when the notice is assigned to someone who has left the workspace', async () => {
    const { host, owner, workspaceId, client } = world;
    const leaver = await host.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    const notice = await createNotice(owner, workspaceId, client.externalId, { assignedToExternalId: leaver.user.externalId });
    await call(owner, 'delete', `/workspaces/${workspaceId}/members/${leaver.user.externalId}`).expect(204);
    const task: TaskView = (await generate(owner, notice.externalId).expect(201)).body.data;
    expect(task.assignedTo?.externalId).to.equal(owner.user.externalId);
  });

  it("assigns the actor when the notice's CLIENT assignee no longer stands for its client", async () => {
    const { host, owner, workspaceId, client } = world;
    const clientMember = await host.memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [client.externalId] });
    const notice = await createNotice(owner, workspaceId, client.externalId, { assignedToExternalId: clientMember.user.externalId });
    const whileTheirs: TaskView = (await generate(owner, notice.externalId).expect(201)).body.data;
    expect(whileTheirs.assignedTo?.externalId).to.equal(clientMember.user.externalId);

    await call(owner, 'put', `/workspaces/${workspaceId}/members/${clientMember.user.externalId}/clients`, { clientIds: [] }).expect(200);
    const task: TaskView = (await generate(owner, notice.externalId).expect(201)).body.data;
    expect(task.assignedTo?.externalId).to.equal(owner.user.externalId);
  });

  it("refuses a CLIENT member with 403 but shows them their own notice's tasks, and hides other notices with 404", async () => {
    const { host, owner, workspaceId, client } = world;
    const otherClient = await createClient(owner, workspaceId);
    const clientMember = await host.memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [client.externalId] });
    const [theirs, notTheirs] = await Promise.all([
      createNotice(owner, workspaceId, client.externalId),
      createNotice(owner, workspaceId, otherClient.externalId),
    ]);
    const task: TaskView = (await generate(owner, theirs.externalId).expect(201)).body.data;
    await generate(clientMember, theirs.externalId).expect(403, { error: NOTICE_MESSAGES.forbiddenEdit });
    expect((await tasksOf(clientMember, theirs.externalId)).map((item) => item.externalId)).to.deep.equal([task.externalId]);
    await get(clientMember, NOTICES_ROUTES.tasks(notTheirs.externalId), { workspaceId }).expect(404, { error: NOTICE_MESSAGES.noticeNotFound });
  });

  it("answers 404 for another workspace's notice and creates nothing", async () => {
    const { host, owner, workspaceId } = world;
    const foreign = await workspaceWithClient(host, 'generate-foreign');
    const theirs = await createNotice(foreign.owner, foreign.workspaceId, foreign.client.externalId);
    const notFound = { error: NOTICE_MESSAGES.noticeNotFound };
    await generate(owner, theirs.externalId).expect(404, notFound);
    await get(owner, NOTICES_ROUTES.tasks(theirs.externalId), { workspaceId }).expect(404, notFound);
    const theirTasks = await get(foreign.owner, 'tasks', { workspaceId: foreign.workspaceId, entityType: 'NOTICE', entityId: theirs.externalId });
    expect(theirTasks.body.tasks).to.deep.equal([]);
  });

  it('answers 404 with the core message while the tasks plugin is off', async () => {
    const { owner, workspaceId, client } = world;
    const notice = await createNotice(owner, workspaceId, client.externalId);
    await call(owner, 'put', `/workspaces/${workspaceId}/plugins/tasks`, { enabled: false }).expect(200);
    try {
      const off = { error: 'The Tasks plugin is not enabled for this workspace' };
      await generate(owner, notice.externalId).expect(404, off);
      await get(owner, NOTICES_ROUTES.tasks(notice.externalId), { workspaceId }).expect(404, off);
      await get(owner, NOTICES_ROUTES.notice(notice.externalId), { workspaceId }).expect(200);
    } finally {
      await call(owner, 'put', `/workspaces/${workspaceId}/plugins/tasks`, { enabled: true }).expect(200);
    }
    expect(await tasksOf(owner, notice.externalId)).to.deep.equal([]);
  });
});
