import { addDays, kolkataToday } from '../../../core/plugin-api';
import { expect } from 'chai';
import { TASK_MESSAGES, TASKS_ROUTES, type TaskListResponse, type TaskSortField, type TaskView } from '../shared/wire';
import {
  createClient,
  createTask,
  get,
  HOST_START_TIMEOUT_MS,
  patch,
  startTasksHost,
  type ClientView,
  type TestHost,
  type TestSession,
} from './support';

type Query = Record<string, unknown>;

describe('tasks: the list, its filters, sorts and pages', () => {
  let tasks: TestHost;
  let owner: TestSession;
  let employee: TestSession;
  let workspaceId: string;
  let gupta: ClientView;
  let iyer: ClientView;
  let all: TaskView[];
  const today = kolkataToday();

  const list = async (query: Query): Promise<TaskListResponse> =>
    (await get(owner, TASKS_ROUTES.list, { workspaceId, limit: 100, ...query }).expect(200)).body;
  const titles = async (query: Query) => (await list(query)).tasks.map((task) => task.title).sort();

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    tasks = await startTasksHost();
    owner = await tasks.signedInUser('list-owner');
    workspaceId = (await tasks.createWorkspace(owner)).externalId;
    employee = await tasks.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    gupta = await createClient(owner, workspaceId, { name: 'Gupta Exports' });
    iyer = await createClient(owner, workspaceId, { name: 'Iyer Textiles' });
    const specs: Record<string, unknown>[] = [
      { title: 'Alpha GSTR-1', status: 'PENDING', priority: 'LOW', dueDate: today, clientExternalId: gupta.externalId },
      { title: 'Bravo GSTR-3B', status: 'IN_PROGRESS', priority: 'MEDIUM', dueDate: addDays(today, 3), clientExternalId: gupta.externalId },
      { title: 'Charlie TDS', status: 'COMPLETED', priority: 'HIGH', dueDate: addDays(today, 2), clientExternalId: iyer.externalId },
      { title: 'Delta ITR', status: 'BLOCKED', priority: 'URGENT', dueDate: addDays(today, 7), description: 'Needs the Form 16 from the employer' },
      { title: 'Echo audit', status: 'PENDING', priority: 'HIGH', dueDate: addDays(today, 8) },
      { title: 'Foxtrot notice', status: 'PENDING', priority: 'URGENT', dueDate: addDays(today, -1), entityType: 'NOTICE', entityId: 'notice-17' },
      { title: 'Golf 100% match', status: 'PENDING', priority: 'LOW', dueDate: null },
      { title: 'Hotel ROC', status: 'IN_PROGRESS', priority: 'LOW', dueDate: null, assignedToExternalId: employee.user.externalId },
      { title: 'Alpha GSTR-1', status: 'PENDING', priority: 'MEDIUM', dueDate: addDays(today, 3), clientExternalId: iyer.externalId },
      { title: 'India advance tax', status: 'PENDING', priority: 'MEDIUM', dueDate: addDays(today, 3) },
      { title: 'Juliet payroll', status: 'COMPLETED', priority: 'LOW', dueDate: null },
    ];
    for (const spec of specs) await createTask(owner, workspaceId, { description: 'Monthly compliance work', ...spec });
    // Three tasks made in the same microsecond: the keyset must break the tie by id.
    const tied = (await list({})).tasks.slice(0, 3).map((task) => task.externalId);
    await tasks.host
      .knex('tasks')
      .whereIn('external_id', tied)
      .update({ created_at: tasks.host.knex.raw(`'2026-01-15 10:00:00.123456+00'::timestamptz`) });
    all = (await list({})).tasks;
  });

  after(() => tasks?.stop());

  it('names the workspace by either spelling, newest first by default', async () => {
    const both = await get(owner, TASKS_ROUTES.list, { workspaceExternalId: workspaceId }).expect(200);
    expect(both.body.tasks).to.have.length(11);
    expect(both.body.nextCursor).to.equal(null);
    const created = all.map((task) => task.createdAt);
    expect(created).to.deep.equal([...created].sort().reverse());
  });

  it('filters by status and priority, one value or a comma list, ALL meaning none', async () => {
    expect(await titles({ status: 'COMPLETED' })).to.deep.equal(['Charlie TDS', 'Juliet payroll']);
    expect(await titles({ status: 'BLOCKED,IN_PROGRESS' })).to.deep.equal(['Bravo GSTR-3B', 'Delta ITR', 'Hotel ROC']);
    expect(await titles({ status: 'ALL' })).to.have.length(11);
    expect(await titles({ priority: 'URGENT' })).to.deep.equal(['Delta ITR', 'Foxtrot notice']);
    expect(await titles({ priority: 'HIGH,URGENT', status: 'PENDING' })).to.deep.equal(['Echo audit', 'Foxtrot notice']);
    expect(await titles({ priority: 'ALL' })).to.have.length(11);
  });

  it('refuses values outside the enums with the wire messages', async () => {
    const refused = async (query: Query) => (await get(owner, TASKS_ROUTES.list, { workspaceId, ...query }).expect(400)).body.error;
    expect(await refused({ status: 'DONE' })).to.equal(TASK_MESSAGES.invalidStatus);
    expect(await refused({ status: 'PENDING,DONE' })).to.equal(TASK_MESSAGES.invalidStatus);
    expect(await refused({ priority: 'low' })).to.equal(TASK_MESSAGES.invalidPriority);
    expect(await refused({ sortField: 'status' })).to.equal(TASK_MESSAGES.invalidSortField);
    expect(await refused({ sortOrder: 'up' })).to.equal(TASK_MESSAGES.invalidSortOrder);
    expect(await refused({ filter: 'overdue' })).to.equal(TASK_MESSAGES.invalidListFilter);
    expect(await refused({ assignedTo: 'you' })).to.equal(TASK_MESSAGES.invalidAssignedToFilter);
    expect(await refused({ entityType: 'NOTICE' })).to.equal(TASK_MESSAGES.entityIncomplete);
    expect(await refused({ limit: '0' })).to.equal('limit must be a whole number from 1 to 100');
    expect(await refused({ limit: '101' })).to.equal('limit must be a whole number from 1 to 100');
  });

  it("filters by client (ALL meaning none; another workspace's client is not found)", async () => {
    expect(await titles({ clientId: gupta.externalId })).to.deep.equal(['Alpha GSTR-1', 'Bravo GSTR-3B']);
    expect(await titles({ clientId: iyer.externalId })).to.deep.equal(['Alpha GSTR-1', 'Charlie TDS']);
    expect(await titles({ clientId: 'ALL' })).to.have.length(11);
    const outsider = await tasks.signedInUser('list-outsider');
    const foreign = await createClient(outsider, (await tasks.createWorkspace(outsider)).externalId);
    await get(owner, TASKS_ROUTES.list, { workspaceId, clientId: foreign.externalId }).expect(404, { error: TASK_MESSAGES.clientNotFound });
  });

  it('searches title and description, case-insensitively and literally', async () => {
    expect(await titles({ search: 'gstr' })).to.deep.equal(['Alpha GSTR-1', 'Alpha GSTR-1', 'Bravo GSTR-3B']);
    expect(await titles({ search: '  FORM 16 ' })).to.deep.equal(['Delta ITR']);
    expect(await titles({ search: '100%' })).to.deep.equal(['Golf 100% match']);
    expect(await titles({ search: '%' })).to.deep.equal(['Golf 100% match']);
    expect(await titles({ search: 'monthly compliance' })).to.have.length(10);
    const tooLong = await get(owner, TASKS_ROUTES.list, { workspaceId, search: 'x'.repeat(201) }).expect(400);
    expect(tooLong.body.error).to.equal('Search must be at most 200 characters');
  });

  it('searches the current words of a task after an edit, backslashes and underscores literally', async () => {
    const other = (await tasks.createWorkspace(owner)).externalId;
    const task = await createTask(owner, other, { title: 'Kilo draft', description: 'Scan of C:\\Clients\\kilo_2026' });
    await patch(owner, TASKS_ROUTES.task(task.externalId), { workspaceId: other, title: 'Kilo FINAL' }).expect(200);
    const found = async (search: string) =>
      (await get(owner, TASKS_ROUTES.list, { workspaceId: other, search }).expect(200)).body.tasks.map((hit: TaskView) => hit.title);
    expect(await found('final')).to.deep.equal(['Kilo FINAL']);
    expect(await found('draft')).to.deep.equal([]);
    expect(await found('c:\\clients\\KILO_2026')).to.deep.equal(['Kilo FINAL']);
    expect(await found('kilo_2_26')).to.deep.equal([]);
    // A term found in neither field alone is not found across the two.
    expect(await found('final scan')).to.deep.equal([]);
  });

  it("lists one record's tasks by entityType and entityId, and the caller's own with assignedTo=me", async () => {
    expect(await titles({ entityType: 'NOTICE', entityId: 'notice-17' })).to.deep.equal(['Foxtrot notice']);
    expect(await titles({ entityType: 'NOTICE', entityId: 'notice-18' })).to.deep.equal([]);
    const mine = await get(employee, TASKS_ROUTES.list, { workspaceId, assignedTo: 'me' }).expect(200);
    expect(mine.body.tasks.map((task: TaskView) => task.title)).to.deep.equal(['Hotel ROC']);
  });

  it('lists upcoming work: open tasks due from today to a week ahead, soonest first', async () => {
    const upcoming = (await list({ filter: 'upcoming' })).tasks;
    expect(upcoming.map((task) => task.title)).to.deep.equal(['Alpha GSTR-1', 'Bravo GSTR-3B', 'Alpha GSTR-1', 'India advance tax', 'Delta ITR']);
    const dates = upcoming.map((task) => task.dueDate!);
    expect(dates).to.deep.equal([...dates].sort());
    const byTitle = (await list({ filter: 'upcoming', sortField: 'title', sortOrder: 'desc' })).tasks.map((task) => task.title);
    expect(byTitle[0]).to.equal('India advance tax');
  });

  const expectedOrder = (field: TaskSortField, order: 'asc' | 'desc') => {
    const valueOf = (task: TaskView) => (field === 'title' ? task.title : field === 'dueDate' ? task.dueDate : task.createdAt);
    return (tasksInOrder: TaskView[]) => {
      for (let index = 1; index < tasksInOrder.length; index += 1) {
        const [previous, current] = [valueOf(tasksInOrder[index - 1]!), valueOf(tasksInOrder[index]!)];
        if (previous === null || current === null) {
          // Nulls last ascending, first descending.
          if (order === 'asc') expect(previous === null && current !== null, 'a due date after no due date').to.equal(false);
          else expect(previous !== null && current === null, 'no due date after a due date').to.equal(false);
          continue;
        }
        if (order === 'asc') expect(previous <= current, `${previous} before ${current}`).to.equal(true);
        else expect(previous >= current, `${previous} before ${current}`).to.equal(true);
      }
    };
  };

  for (const field of ['title', 'dueDate', 'createdAt'] as const) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sorts by ${field} ${order} and walks the pages to the end without duplicates or gaps`, async () => {
        const whole = (await list({ sortField: field, sortOrder: order })).tasks;
        expectedOrder(field, order)(whole);
        const walked: TaskView[] = [];
        let cursor: string | null = null;
        do {
          const page: TaskListResponse = await list({ sortField: field, sortOrder: order, limit: 2, ...(cursor ? { cursor } : {}) });
          expect(page.tasks.length).to.be.at.most(2);
          walked.push(...page.tasks);
          cursor = page.nextCursor;
        } while (cursor);
        expect(walked.map((task) => task.externalId)).to.deep.equal(whole.map((task) => task.externalId));
        expect(new Set(walked.map((task) => task.externalId)).size).to.equal(11);
      });
    }
  }

  it('ends on an exact last page with a null cursor', async () => {
    const first = await list({ limit: 10 });
    expect(first.nextCursor).to.be.a('string');
    const last = await list({ limit: 1, cursor: first.nextCursor });
    expect(last.tasks).to.have.length(1);
    expect(last.nextCursor).to.equal(null);
  });

  it('refuses a cursor it did not make, or one made for another sort', async () => {
    const byTitle = await list({ sortField: 'title', limit: 2 });
    const invalid = { error: TASK_MESSAGES.invalidCursor, details: { cursor: [TASK_MESSAGES.invalidCursor] } };
    await get(owner, TASKS_ROUTES.list, { workspaceId, sortField: 'dueDate', cursor: byTitle.nextCursor }).expect(400, invalid);
    await get(owner, TASKS_ROUTES.list, { workspaceId, sortField: 'title', sortOrder: 'asc', cursor: byTitle.nextCursor }).expect(400, invalid);
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const cases: [Query, string][] = [
      [{}, 'not a cursor'],
      [{}, forged([1, 2])],
      [{}, forged({ sort: 'createdAt:desc', value: '2026-13-45T99:00:00.000000Z', id: 1 })],
      [{}, forged({ sort: 'createdAt:desc', value: '2026-01-01T00:00:00.000000Z', id: -4 })],
      [{ sortField: 'dueDate' }, forged({ sort: 'dueDate:desc', value: '2026-02-30', id: 1 })],
      [{}, forged({ sort: 'createdAt:desc', value: '0000-01-01T00:00:00.000000Z', id: 1 })],
      [{ sortField: 'dueDate' }, forged({ sort: 'dueDate:desc', value: '0000-01-01', id: 1 })],
      [{ sortField: 'title' }, forged({ sort: 'title:desc', value: 'a\u0000b', id: 1 })],
      [{ sortField: 'title' }, forged({ sort: 'title:desc', value: 7, id: 1 })],
    ];
    for (const [query, cursor] of cases) {
      await get(owner, TASKS_ROUTES.list, { workspaceId, ...query, cursor }).expect(400, invalid);
    }
  });
});
