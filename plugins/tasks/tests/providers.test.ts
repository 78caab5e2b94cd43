import { expect } from 'chai';
import { TOKENS, type ActivityService, type ClientDirectory, type WorkspaceDirectory } from '../../../core/plugin-api';
import { call, startTestHost, type ClientView, type TestHost, type TestSession } from '../../../core/plugin-api/testing';
import { Task, TaskSeries } from '../server/models';
import {
  TASK_DUE_CALENDAR_TYPE,
  TASK_SEARCH_HIT_TYPE,
  TASK_STATUSES,
  TASKS_ROUTES,
  type Recurrence,
  type RecentTask,
  type TaskStatus,
} from '../shared/wire';

interface Hit {
  type: string;
  id: string;
  title: string;
  subtitle?: string;
  url: string;
}

interface CalendarEntry {
  type: string;
  id: string;
  title: string;
  date: string;
  url?: string;
}

interface NewTask {
  title: string;
  description?: string;
  status?: TaskStatus;
  dueDate?: string | null;
  client?: ClientView | null;
  assignee?: TestSession | null;
  entity?: { type: string; id: string };
  recurrence?: Recurrence;
}

describe('tasks: dashboard, search, calendar and client deletion', () => {
  let tasks: TestHost;
  let owner: TestSession;
  let employee: TestSession;
  let clientMember: TestSession;
  let workspaceId: string;
  let workspaceSerial: number;
  let ownClient: ClientView;
  let otherClient: ClientView;

  const userIdOf = async (session: TestSession) => {
    const member = await tasks.host.container.get<WorkspaceDirectory>(TOKENS.Workspaces).memberByExternalId(workspaceSerial, session.user.externalId);
    return member!.userId;
  };

  let clientCount = 0;
  async function createClient(name: string): Promise<ClientView> {
    clientCount += 1;
    const { body } = await call(owner, 'post', '/clients', {
      workspaceExternalId: workspaceId,
      clientType: 'BUSINESS',
      name,
      email: `client${clientCount}.${Date.now()}@clients.example`,
      phone: '9820012345',
      panNumber: `ABCP${String.fromCharCode(64 + clientCount)}1234K`,
      businessAddress: '22, Residency Road, Bengaluru - 560025',
    }).expect(201);
    return body.client;
  }

  /** Created as the web app creates it; `assignee: null` stands for an assignee whose account has since been deleted. */
  async function addTask(fields: NewTask): Promise<Task> {
    const { body } = await call(owner, 'post', '/tasks', {
      workspaceId,
      title: fields.title,
      description: fields.description ?? `Work on ${fields.title}`,
      status: fields.status ?? 'PENDING',
      priority: 'MEDIUM',
      dueDate: fields.dueDate ?? null,
      assignedToExternalId: (fields.assignee ?? employee).user.externalId,
      ...(fields.client ? { clientExternalId: fields.client.externalId } : {}),
      ...(fields.entity ? { entityType: fields.entity.type, entityId: fields.entity.id } : {}),
      ...(fields.recurrence ? { recurrence: fields.recurrence } : {}),
    }).expect(201);
    const task = await Task.query().findOne({ external_id: body.task.externalId });
    if (fields.assignee === null) await task!.$query().patch({ assignedTo: null });
    return task!;
  }

  const dashboard = async (session: TestSession, part: 'stats' | 'recent' | 'graphs') =>
    (await call(session, 'get', `/dashboard/${part}`).query({ workspaceId }).expect(200)).body;

  const taskHits = async (session: TestSession, q: string): Promise<Hit[]> => {
    const { body } = await call(session, 'get', '/search').query({ workspaceId, q }).expect(200);
    expect(body.incomplete).to.deep.equal([]);
    return (body.results as Hit[]).filter((hit) => hit.type === TASK_SEARCH_HIT_TYPE);
  };

  const calendarItems = async (session: TestSession, from: string, to: string): Promise<CalendarEntry[]> => {
    const { body } = await call(session, 'get', '/calendar').query({ workspaceId, from, to }).expect(200);
    expect(body.incomplete).to.deep.equal([]);
    return (body.items as CalendarEntry[]).filter((item) => item.type === TASK_DUE_CALENDAR_TYPE);
  };

  const taskUrl = (task: Task) => `/w/${workspaceId}/tasks/${task.externalId}`;

  before(async function () {
    this.timeout(60_000);
    tasks = await startTestHost({ plugins: ['tasks'] });
    owner = await tasks.signedInUser('tasks-providers');
    workspaceId = (await tasks.createWorkspace(owner)).externalId;
    workspaceSerial = await tasks.internalIdOf(workspaceId);
    employee = await tasks.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    ownClient = await createClient('Sharma Traders');
    otherClient = await createClient('Mehta Exports');
    clientMember = await tasks.memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [ownClient.externalId] });
  });

  after(() => tasks?.stop());

  describe('on the dashboard', () => {
    let created: Task[];

    before(async () => {
      created = [];
      for (const fields of [
        { title: 'GSTR-1 for March', client: ownClient, status: 'PENDING', dueDate: '2026-04-11' },
        { title: 'TDS return Q4', client: otherClient, status: 'IN_PROGRESS', dueDate: '2026-05-31' },
        { title: 'Audit file', client: ownClient, status: 'COMPLETED', dueDate: null },
        { title: 'Office rent', client: null, status: 'BLOCKED', dueDate: '2026-04-05', assignee: null },
        { title: 'ITR for director', client: ownClient, status: 'IN_PROGRESS', dueDate: '2026-07-31' },
        { title: 'Payroll', client: null, status: 'COMPLETED', dueDate: '2026-04-01' },
      ] as NewTask[]) {
        created.push(await addTask(fields));
      }
    });

    after(() => Task.query().where('workspace_id', workspaceSerial).delete());

    it('counts the tasks not completed as pendingTasks, for a CLIENT member only those of their clients', async () => {
      expect((await dashboard(owner, 'stats')).stats).to.include({ pendingTasks: 4 });
      expect((await dashboard(employee, 'stats')).stats).to.include({ pendingTasks: 4 });
      expect((await dashboard(clientMember, 'stats')).stats).to.include({ pendingTasks: 2 });
    });

    it('lists the latest tasks as recentTasks, newest first, with the assignee by name', async () => {
      const { recentTasks } = (await dashboard(owner, 'recent')) as { recentTasks: RecentTask[] };
      const newestFirst = [...created].reverse();
      expect(recentTasks.map((task) => task.title)).to.deep.equal(newestFirst.slice(0, 5).map((task) => task.title));
      const employeeName = employee.user.name;
      expect(recentTasks[1]).to.deep.equal({
        externalId: created[4].externalId,
        title: 'ITR for director',
        status: 'IN_PROGRESS',
        priority: 'MEDIUM',
        dueDate: '2026-07-31',
        assignee: employeeName,
        url: taskUrl(created[4]),
      });
      expect(recentTasks.find((task) => task.title === 'Office rent')).to.include({ assignee: null, status: 'BLOCKED' });
    });

    it('shows a CLIENT member only the recent tasks of their clients', async () => {
      const { recentTasks } = (await dashboard(clientMember, 'recent')) as { recentTasks: RecentTask[] };
      expect(recentTasks.map((task) => task.title)).to.deep.equal(['ITR for director', 'Audit file', 'GSTR-1 for March']);
    });

    it('gives taskStats for every status in a fixed order, zeros included', async () => {
      expect((await dashboard(owner, 'graphs')).taskStats).to.deep.equal([
        { name: 'PENDING', value: 1 },
        { name: 'IN_PROGRESS', value: 2 },
        { name: 'COMPLETED', value: 2 },
        { name: 'BLOCKED', value: 1 },
      ]);
      expect((await dashboard(clientMember, 'graphs')).taskStats).to.deep.equal([
        { name: 'PENDING', value: 1 },
        { name: 'IN_PROGRESS', value: 1 },
        { name: 'COMPLETED', value: 1 },
        { name: 'BLOCKED', value: 0 },
      ]);
    });

    it('answers zeros and an empty list for a workspace without tasks', async () => {
      const emptyOwner = await tasks.signedInUser('tasks-empty');
      const emptyWorkspace = (await tasks.createWorkspace(emptyOwner)).externalId;
      const read = async (part: string) =>
        (await call(emptyOwner, 'get', `/dashboard/${part}`).query({ workspaceId: emptyWorkspace }).expect(200)).body;
      expect((await read('stats')).stats).to.include({ pendingTasks: 0 });
      expect((await read('recent')).recentTasks).to.deep.equal([]);
      expect((await read('graphs')).taskStats).to.deep.equal(TASK_STATUSES.map((name) => ({ name, value: 0 })));
    });
  });

  describe('in the search and the calendar', () => {
    let gstr: Task;
    let tds: Task;
    let rent: Task;

    before(async () => {
      gstr = await addTask({ title: 'GSTR-3B filing', description: 'Monthly return, 100% of the sales', client: ownClient, dueDate: '2026-03-05' });
      tds = await addTask({ title: 'TDS payment', description: 'Challan 281 for the GSTR period', client: otherClient, dueDate: '2026-03-07' });
      rent = await addTask({ title: 'Rent agreement', description: 'Renew the office lease', dueDate: null });
    });

    after(() => Task.query().where('workspace_id', workspaceSerial).delete());

    it('finds tasks by title or description, each with its client and due date and a link to the task', async () => {
      const hits = await taskHits(owner, 'gstr');
      expect(hits).to.deep.equal([
        { type: 'task', id: tds.externalId, title: 'TDS payment', subtitle: 'Mehta Exports · Due Mar 7, 2026', url: taskUrl(tds) },
        { type: 'task', id: gstr.externalId, title: 'GSTR-3B filing', subtitle: 'Sharma Traders · Due Mar 5, 2026', url: taskUrl(gstr) },
      ]);
      expect(await taskHits(owner, 'lease')).to.deep.equal([
        { type: 'task', id: rent.externalId, title: 'Rent agreement', subtitle: 'Workspace Task', url: taskUrl(rent) },
      ]);
    });

    it('takes the wildcards of a term literally', async () => {
      expect((await taskHits(owner, '100%')).map((hit) => hit.id)).to.deep.equal([gstr.externalId]);
      expect(await taskHits(owner, 'gst_-3')).to.deep.equal([]);
    });

    it("shows a CLIENT member only their clients' tasks", async () => {
      expect((await taskHits(clientMember, 'gstr')).map((hit) => hit.id)).to.deep.equal([gstr.externalId]);
      expect(await taskHits(clientMember, 'lease')).to.deep.equal([]);
    });

    it('puts each task due within the range on its due date', async () => {
      expect(await calendarItems(owner, '2026-03-01', '2026-03-31')).to.deep.equal([
        { type: 'task-due', id: gstr.externalId, title: 'GSTR-3B filing', date: '2026-03-05', url: taskUrl(gstr) },
        { type: 'task-due', id: tds.externalId, title: 'TDS payment', date: '2026-03-07', url: taskUrl(tds) },
      ]);
      expect((await calendarItems(owner, '2026-03-06', '2026-03-07')).map((item) => item.id)).to.deep.equal([tds.externalId]);
      expect(await calendarItems(owner, '2026-04-01', '2026-04-30')).to.deep.equal([]);
      expect((await calendarItems(clientMember, '2026-03-01', '2026-03-31')).map((item) => item.id)).to.deep.equal([gstr.externalId]);
    });

    it('gives no task figures, hits or dates in a workspace where the plugin is off', async () => {
      await call(owner, 'put', `/workspaces/${workspaceId}/plugins/tasks`, { enabled: false }).expect(200);
      try {
        expect((await dashboard(owner, 'stats')).stats).not.to.have.property('pendingTasks');
        expect(await dashboard(owner, 'recent')).not.to.have.property('recentTasks');
        expect(await dashboard(owner, 'graphs')).not.to.have.property('taskStats');
        expect(await taskHits(owner, 'gstr')).to.deep.equal([]);
        expect(await calendarItems(owner, '2026-03-01', '2026-03-31')).to.deep.equal([]);
      } finally {
        await call(owner, 'put', `/workspaces/${workspaceId}/plugins/tasks`, { enabled: true }).expect(200);
      }
    });
  });

  describe('when a client is deleted', () => {
    it("keeps the client's tasks and series as workspace tasks, each with an activity entry naming the client", async () => {
      const leaving = await createClient('Leaving Traders');
      const ofClient = await addTask({ title: 'Closing accounts', client: leaving });
      const forClient = await addTask({ title: 'Final return', client: leaving, entity: { type: 'CLIENT', id: leaving.externalId } });
      const forNotice = await addTask({ title: 'Notice reply', client: leaving, entity: { type: 'NOTICE', id: 'notice-17' } });
      const untouched = await addTask({ title: 'Other work', client: otherClient, entity: { type: 'CLIENT', id: otherClient.externalId } });
      const recurring = await addTask({
        title: 'Monthly GSTR-3B',
        client: leaving,
        entity: { type: 'CLIENT', id: leaving.externalId },
        dueDate: '2026-12-20',
        recurrence: { frequency: 'MONTHLY', interval: 1, dayOfMonth: 20 },
      });

      await call(owner, 'delete', `/clients/${leaving.externalId}`, { workspaceExternalId: workspaceId, confirmation: 'Leaving Traders' }).expect(
        200,
      );

      const after = async (task: Task) => Task.query().findById(task.id).select('client_id', 'entity_type', 'entity_id');
      expect(await after(ofClient)).to.include({ clientId: null, entityType: null, entityId: null });
      expect(await after(forClient)).to.include({ clientId: null, entityType: null, entityId: null });
      expect(await after(forNotice)).to.include({ clientId: null, entityType: 'NOTICE', entityId: 'notice-17' });
      expect(await after(untouched)).to.include({ entityType: 'CLIENT', entityId: otherClient.externalId });
      expect(await after(recurring)).to.include({ clientId: null, entityType: null, entityId: null });
      expect(await TaskSeries.query().findById(recurring.seriesId!).select('client_id', 'entity_type', 'entity_id')).to.include({
        clientId: null,
        entityType: null,
        entityId: null,
      });

      const activity = tasks.host.container.get<ActivityService>(TOKENS.Activity);
      const ownerId = await userIdOf(owner);
      for (const task of [ofClient, forClient, forNotice, recurring]) {
        const [entry] = await activity.forEntity(workspaceSerial, 'TASK', task.externalId);
        expect(entry).to.include({ action: 'task.client_removed', actorUserId: ownerId });
        expect(entry.metadata).to.deep.equal({ clientName: 'Leaving Traders' });
      }
      expect((await activity.forEntity(workspaceSerial, 'TASK', untouched.externalId)).map((entry) => entry.action)).to.deep.equal(['task.created']);
    });

    it("hands the deleted client's open tasks and series given to its CLIENT member to the member deleting it", async () => {
      const leaving = await createClient('Handed Over Traders');
      const member = await tasks.memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [leaving.externalId] });
      const open = await addTask({ title: 'Sign the engagement letter', client: leaving, assignee: member });
      const done = await addTask({ title: 'Share the bank statements', client: leaving, assignee: member, status: 'COMPLETED' });
      const staffs = await addTask({ title: 'Close the books', client: leaving });
      const recurring = await addTask({
        title: 'Send the sales register',
        client: leaving,
        assignee: member,
        dueDate: '2030-01-05',
        recurrence: { frequency: 'MONTHLY', interval: 1, dayOfMonth: 5 },
      });

      await call(owner, 'delete', `/clients/${leaving.externalId}`, { workspaceExternalId: workspaceId, confirmation: 'Handed Over Traders' }).expect(
        200,
      );

      const [ownerId, memberId, employeeId] = await Promise.all([userIdOf(owner), userIdOf(member), userIdOf(employee)]);
      const assigneeOf = async (task: Task) => (await Task.query().findById(task.id).select('assigned_to'))!.assignedTo;
      expect(await assigneeOf(open)).to.equal(ownerId);
      expect(await assigneeOf(recurring)).to.equal(ownerId);
      expect((await TaskSeries.query().findById(recurring.seriesId!).select('assigned_to'))!.assignedTo, 'later occurrences too').to.equal(ownerId);
      expect(await assigneeOf(done), 'who did finished work stays').to.equal(memberId);
      expect(await assigneeOf(staffs)).to.equal(employeeId);
      const activity = tasks.host.container.get<ActivityService>(TOKENS.Activity);
      const [handOver, removal] = await activity.forEntity(workspaceSerial, 'TASK', open.externalId);
      expect(handOver).to.include({ action: 'task.reassigned', actorUserId: ownerId });
      expect(handOver!.metadata).to.deep.equal({ from: member.user.name, to: owner.user.name });
      expect(removal).to.include({ action: 'task.client_removed' });
      expect((await activity.forEntity(workspaceSerial, 'TASK', done.externalId)).map((entry) => entry.action)).to.not.include('task.reassigned');
    });

    it("moves a CLIENT link with the task's client, so deleting the old client leaves a moved task with its new one", async () => {
      const first = await createClient('First Movers');
      const second = await createClient('Second Movers');
      const link = (client: ClientView) => ({ type: 'CLIENT', id: client.externalId });
      const moved = await addTask({ title: 'Moved return', client: first, entity: link(first) });
      const noticeWork = await addTask({ title: 'Notice work', client: first, entity: { type: 'NOTICE', id: 'notice-21' } });
      const series = await addTask({
        title: 'Moved monthly return',
        client: first,
        entity: link(first),
        dueDate: '2020-01-20',
        recurrence: { frequency: 'MONTHLY', interval: 1, dayOfMonth: 20 },
      });
      const later = await Task.query().where('series_id', series.seriesId!).whereNot('id', series.id).orderBy('due_date').first();
      const url = (task: Task) => `/${TASKS_ROUTES.task(task.externalId)}`;
      await call(owner, 'patch', url(moved), { workspaceId, clientExternalId: second.externalId }).expect(200);
      await call(owner, 'patch', url(noticeWork), { workspaceId, clientExternalId: second.externalId }).expect(200);
      await call(owner, 'patch', url(series), { workspaceId, applyTo: 'SERIES', clientExternalId: second.externalId }).expect(200);

      const after = async (task: Task) => Task.query().findById(task.id).select('client_id', 'entity_type', 'entity_id');
      const secondId = (await tasks.host.container.get<ClientDirectory>(TOKENS.Clients).byExternalId(workspaceSerial, second.externalId)).id;
      const onSecond = { clientId: secondId, entityType: 'CLIENT', entityId: second.externalId };
      expect(await after(moved)).to.include(onSecond);
      expect(await after(noticeWork)).to.include({ clientId: secondId, entityType: 'NOTICE', entityId: 'notice-21' });
      expect(await after(series)).to.include(onSecond);
      expect(await after(later!)).to.include(onSecond);
      expect(await TaskSeries.query().findById(series.seriesId!).select('client_id', 'entity_type', 'entity_id')).to.include(onSecond);

      await call(owner, 'delete', `/clients/${first.externalId}`, { workspaceExternalId: workspaceId, confirmation: 'First Movers' }).expect(200);
      expect(await after(moved)).to.include(onSecond);
      expect(await after(later!)).to.include(onSecond);
      const activity = tasks.host.container.get<ActivityService>(TOKENS.Activity);
      const actions = (await activity.forEntity(workspaceSerial, 'TASK', moved.externalId)).map((entry) => entry.action);
      expect(actions).to.not.include('task.client_removed');
    });
  });
});
