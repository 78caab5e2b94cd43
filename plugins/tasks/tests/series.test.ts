import { expect } from 'chai';
import { eventually, jobOutcome } from '../../../core/plugin-api/testing';
import {
  TOKENS,
  type DemoTeamMember,
  type Membership,
  type QueueService,
  type Role,
  type SessionUser,
  addDays,
  kolkataDayOf,
  kolkataToday,
} from '../../../core/plugin-api';
import { TASK_MESSAGES, TASKS_ROUTES, type TaskActivity, type TaskView } from '../shared/wire';
import { MAX_OCCURRENCES_PER_RUN, SeriesService } from '../server/series/series-service';
import { CREATE_OCCURRENCES_JOB } from '../server/jobs';
import { assessmentYearBefore, financialYearBefore, lastDeadline } from '../server/demo-deadlines';
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

interface OccurrenceRow {
  external_id: string;
  title: string;
  status: string;
  priority: string;
  due_date: string;
  occurrence_date: string;
  created_by: number | null;
  assigned_to: number | null;
}

describe('tasks: recurring work', () => {
  let tasks: TestHost;
  let owner: TestSession;
  let employee: TestSession;
  let clientMember: TestSession;
  let workspaceId: string;
  let workspaceSerial: number;
  let clients: ClientView[];

  const series = () => tasks.host.container.get(SeriesService);
  const occurrencesOf = (seriesId: string): Promise<OccurrenceRow[]> =>
    tasks.host
      .knex('tasks')
      .join('tasks_series', 'tasks_series.id', 'tasks.series_id')
      .where('tasks_series.external_id', seriesId)
      .orderBy('tasks.occurrence_date')
      .select('tasks.*');
  const datesOf = async (seriesId: string) => (await occurrencesOf(seriesId)).map((row) => row.occurrence_date);
  const taskView = async (taskId: string, inWorkspace = workspaceId): Promise<TaskView> =>
    (await get(owner, TASKS_ROUTES.task(taskId), { workspaceId: inWorkspace }).expect(200)).body.task;
  const monthly = (fields: Record<string, unknown> = {}) =>
    createTask(owner, workspaceId, {
      title: 'GSTR-3B filing',
      dueDate: '2030-01-20',
      recurrence: { frequency: 'MONTHLY', dayOfMonth: 20 },
      assignedToExternalId: employee.user.externalId,
      ...fields,
    });

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    tasks = await startTasksHost();
    owner = await tasks.signedInUser('series-owner');
    workspaceId = (await tasks.createWorkspace(owner)).externalId;
    workspaceSerial = await tasks.internalIdOf(workspaceId);
    clients = [
      await createClient(owner, workspaceId, { name: 'Kaveri Textiles LLP' }),
      await createClient(owner, workspaceId, { name: 'Priya Nair' }),
    ];
    employee = await tasks.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    clientMember = await tasks.memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [clients[0]!.externalId] });
  });

  after(() => tasks?.stop());

  describe('starting a series', () => {
    it('answers a task made with a repeat rule with its series and the next dates', async () => {
      const task = await monthly();
      expect(task.seriesId).to.be.a('string');
      expect(task.recurrence).to.deep.equal({
        frequency: 'MONTHLY',
        interval: 1,
        dayOfMonth: 20,
        rrule: null,
        createDaysBefore: 0,
        summary: 'Monthly on day 20',
        nextDueDate: '2030-02-20',
        upcomingDueDates: ['2030-02-20', '2030-03-20', '2030-04-20'],
        stopped: false,
      });
      expect(await datesOf(task.seriesId!)).to.deep.equal(['2030-01-20']);
    });

    it('takes an RRULE and reads it back in words', async () => {
      const task = await createTask(owner, workspaceId, {
        dueDate: '2030-01-11',
        recurrence: { rrule: 'FREQ=MONTHLY;BYMONTHDAY=11', createDaysBefore: 3 },
      });
      expect(task.recurrence).to.include({
        rrule: 'FREQ=MONTHLY;BYMONTHDAY=11',
        frequency: null,
        summary: 'Every month on the 11th',
        createDaysBefore: 3,
        nextDueDate: '2030-02-11',
      });
    });

    it('refuses a repeat rule without a due date, or one that is not valid', async () => {
      const base = { workspaceId, title: 'Repeat', description: 'Every month', assignedToExternalId: owner.user.externalId };
      const noDueDate = await post(owner, TASKS_ROUTES.create, { ...base, recurrence: { frequency: 'WEEKLY' } }).expect(400);
      expect(noDueDate.body.error).to.equal(TASK_MESSAGES.recurrenceNeedsDueDate);
      const invalid = await post(owner, TASKS_ROUTES.create, {
        ...base,
        dueDate: '2030-01-20',
        recurrence: { frequency: 'MONTHLY', interval: 99 },
      }).expect(400);
      expect(invalid.body).to.deep.include({ error: TASK_MESSAGES.invalidRecurrence });
      expect(invalid.body.details['recurrence.interval']).to.deep.equal(['interval must be a whole number from 1 to 12']);
      const never = await post(owner, TASKS_ROUTES.create, {
        ...base,
        dueDate: '2030-01-20',
        recurrence: { rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' },
      }).expect(400);
      expect(never.body.error).to.equal(TASK_MESSAGES.invalidRecurrence);
      const { body } = await get(owner, TASKS_ROUTES.list, { workspaceId, search: 'Repeat' }).expect(200);
      expect(body.tasks).to.deep.equal([]);
    });

    it("takes a first due date before the rule's date in its month as that month's task", async () => {
      const task = await monthly({ dueDate: '2030-01-15' });
      expect(task.recurrence).to.include({ nextDueDate: '2030-02-20' });
      await series().createDueOccurrences(workspaceSerial, '2030-02-21');
      expect((await occurrencesOf(task.seriesId!)).map((row) => row.due_date)).to.deep.equal(['2030-01-15', '2030-02-20']);
    });

    it('makes the occurrences already due at once when the first due date is in the past, telling nobody who made them for themselves', async () => {
      const today = kolkataToday();
      const task = await createTask(owner, workspaceId, { dueDate: addDays(today, -14), recurrence: { frequency: 'WEEKLY' } });
      const occurrences = await occurrencesOf(task.seriesId!);
      expect(occurrences.map((row) => row.occurrence_date)).to.deep.equal([addDays(today, -14), addDays(today, -7), today]);
      expect((await taskView(task.externalId)).recurrence?.nextDueDate).to.equal(addDays(today, 7));
      const { body: inbox } = await call(owner, 'get', '/notifications').query({ workspaceId }).expect(200);
      const aboutSeries = inbox.notifications.filter((notification: { actionUrl: string }) =>
        occurrences.some((row) => notification.actionUrl.endsWith(row.external_id)),
      );
      expect(aboutSeries).to.deep.equal([]);
    });
  });

  describe('new recurring work', () => {
    const body = (fields: Record<string, unknown> = {}) => ({
      workspaceId,
      clientIds: clients.map((client) => client.externalId),
      titleTemplate: 'GSTR-1 for {client}',
      description: 'Outward supplies return',
      priority: 'HIGH',
      assignedToExternalId: employee.user.externalId,
      firstDueDate: '2030-03-05',
      recurrence: { frequency: 'MONTHLY', dayOfMonth: 11 },
      ...fields,
    });

    it('makes one series per client, titled from the template, its first task on the rule', async () => {
      const { body: answer } = await post(owner, TASKS_ROUTES.recurringWork, body()).expect(201);
      expect(answer.series).to.have.length(2);
      for (const [index, started] of answer.series.entries()) {
        const client = clients[index]!;
        expect(started.client).to.deep.equal({ externalId: client.externalId, name: client.name, clientType: 'BUSINESS' });
        expect(started.task).to.include({
          title: `GSTR-1 for ${client.name}`,
          priority: 'HIGH',
          status: 'PENDING',
          dueDate: '2030-03-11',
          entityType: 'CLIENT',
          entityId: client.externalId,
          seriesId: started.seriesId,
        });
        expect(started.task.client.externalId).to.equal(client.externalId);
        expect(started.task.assignedTo.externalId).to.equal(employee.user.externalId);
        expect(started.task.recurrence).to.include({ summary: 'Monthly on day 11', nextDueDate: '2030-04-11' });
        expect(await datesOf(started.seriesId)).to.deep.equal(['2030-03-11']);
      }
      expect(new Set(answer.series.map((started: { seriesId: string }) => started.seriesId)).size).to.equal(2);
    });

    it("makes one series for a client named twice in any case, and puts a '$' in a client's name into the title as written", async () => {
      const dollar = await createClient(owner, workspaceId, { name: 'Alpha $& Traders' });
      const { body: answer } = await post(
        owner,
        TASKS_ROUTES.recurringWork,
        body({ clientIds: [dollar.externalId, dollar.externalId.toUpperCase()], titleTemplate: 'GSTR-1 for {client}' }),
      ).expect(201);
      expect(answer.series.map((started: { task: TaskView }) => started.task.title)).to.deep.equal(['GSTR-1 for Alpha $& Traders']);
    });

    it('makes nothing when one client is not of the workspace or the assignee is not a member', async () => {
      const before = await tasks.host.knex('tasks_series').count<{ count: string }[]>('* as count');
      const unknownClient = await post(
        owner,
        TASKS_ROUTES.recurringWork,
        body({ clientIds: [clients[0]!.externalId, '6f1c1d2e-0000-4000-8000-000000000000'] }),
      ).expect(404);
      expect(unknownClient.body.error).to.equal(TASK_MESSAGES.clientNotFound);
      const stranger = await post(owner, TASKS_ROUTES.recurringWork, body({ assignedToExternalId: '6f1c1d2e-0000-4000-8000-000000000000' })).expect(
        400,
      );
      expect(stranger.body.error).to.equal(TASK_MESSAGES.assigneeNotMember);
      await post(owner, TASKS_ROUTES.recurringWork, body({ clientIds: [] })).expect(400);
      const invalid = await post(owner, TASKS_ROUTES.recurringWork, body({ recurrence: { frequency: 'FORTNIGHTLY' } })).expect(400);
      expect(invalid.body.error).to.equal(TASK_MESSAGES.invalidRecurrence);
      // Every seventh day from a Wednesday is a Wednesday: a Saturdays-only rule never falls from this first due date.
      const never = await post(
        owner,
        TASKS_ROUTES.recurringWork,
        body({ firstDueDate: '2030-03-06', recurrence: { rrule: 'FREQ=DAILY;INTERVAL=7;BYDAY=SA' } }),
      );
      expect(never.status).to.equal(400);
      expect(never.body.error).to.equal(TASK_MESSAGES.invalidRecurrence);
      const after = await tasks.host.knex('tasks_series').count<{ count: string }[]>('* as count');
      expect(after).to.deep.equal(before);
    });
  });

  describe('the occurrence job', () => {
    // Each test has a workspace of its own: the job makes the occurrences of every series of the workspace.
    let ownWorkspace: string;
    let ownSerial: number;
    const ownMonthly = (fields: Record<string, unknown> = {}) =>
      createTask(owner, ownWorkspace, {
        title: 'GSTR-3B filing',
        dueDate: '2030-01-20',
        recurrence: { frequency: 'MONTHLY', dayOfMonth: 20 },
        ...fields,
      });

    beforeEach(async () => {
      ownWorkspace = (await tasks.createWorkspace(owner)).externalId;
      ownSerial = await tasks.internalIdOf(ownWorkspace);
    });

    it('makes each occurrence once, with two workers at once', async () => {
      const task = await ownMonthly();
      const [first, second] = await Promise.all([
        series().createDueOccurrences(ownSerial, '2030-03-25'),
        series().createDueOccurrences(ownSerial, '2030-03-25'),
      ]);
      const dates = await datesOf(task.seriesId!);
      expect(dates).to.deep.equal(['2030-01-20', '2030-02-20', '2030-03-20']);
      expect(first + second).to.be.at.least(2);
      expect(await series().createDueOccurrences(ownSerial, '2030-03-25'), 'a later run finds nothing new').to.equal(0);
    });

    it('makes each occurrence once when the queued job runs twice at once', async () => {
      const today = kolkataToday();
      const task = await createTask(owner, ownWorkspace, { dueDate: addDays(today, -14), recurrence: { frequency: 'WEEKLY' } });
      // As if the hour's run had not come yet: the occurrences made at the start are undone.
      await tasks.host
        .knex('tasks')
        .where({ series_id: await seriesSerial(task.seriesId!) })
        .whereNot({ external_id: task.externalId })
        .delete();
      await tasks.host
        .knex('tasks_series')
        .where({ external_id: task.seriesId })
        .update({ last_occurrence_date: addDays(today, -14) });
      const queue = tasks.host.container.get<QueueService>(TOKENS.Queue);
      const jobs = await Promise.all([1, 2].map(() => queue.enqueue(`tasks.${CREATE_OCCURRENCES_JOB}`, { workspaceId: ownSerial })));
      const results = await Promise.all(jobs.map((job) => jobOutcome(job)));
      expect(results.every((result) => result.error === undefined)).to.equal(true);
      expect(await datesOf(task.seriesId!)).to.deep.equal([addDays(today, -14), addDays(today, -7), today]);
    });

    it('copies the template into each occurrence, as made by the series creator, and tells the assignee', async () => {
      const task = await ownMonthly({ title: 'TDS 26Q return', priority: 'URGENT' });
      await series().createDueOccurrences(ownSerial, '2030-02-20');
      const [, occurrence] = await occurrencesOf(task.seriesId!);
      expect(occurrence).to.include({
        title: 'TDS 26Q return',
        status: 'PENDING',
        priority: 'URGENT',
        due_date: '2030-02-20',
        occurrence_date: '2030-02-20',
      });
      expect(occurrence!.created_by).to.equal(await userIdOf(owner));
      const view = await taskView(occurrence!.external_id, ownWorkspace);
      expect(view).to.include({ seriesId: task.seriesId });
      expect(view.assignedTo?.externalId).to.equal(owner.user.externalId);
      const { body: log } = await get(owner, TASKS_ROUTES.activityLog(occurrence!.external_id), { workspaceId: ownWorkspace }).expect(200);
      expect(log.data.map((entry: TaskActivity) => [entry.type, entry.metadata])).to.deep.equal([['task.created', { seriesId: task.seriesId }]]);
      // The series made it, not the owner: the owner hears of it though it is theirs.
      const { body: inbox } = await call(owner, 'get', '/notifications').query({ workspaceId: ownWorkspace }).expect(200);
      const assigned = inbox.notifications.filter((notification: { eventType: string; actionUrl: string }) =>
        notification.actionUrl.endsWith(occurrence!.external_id),
      );
      expect(assigned.map((notification: { eventType: string }) => notification.eventType)).to.deep.equal(['TASK_ASSIGNED']);
    });

    it('catches up missed periods, at most 24 occurrences of a series per run', async () => {
      const task = await createTask(owner, ownWorkspace, { dueDate: '2030-01-07', recurrence: { frequency: 'WEEKLY' } });
      await series().createDueOccurrences(ownSerial, '2030-05-01');
      expect(await datesOf(task.seriesId!)).to.have.length(1 + 16);
      await series().createDueOccurrences(ownSerial, '2031-01-06');
      expect(await datesOf(task.seriesId!)).to.have.length(1 + 16 + MAX_OCCURRENCES_PER_RUN);
      await series().createDueOccurrences(ownSerial, '2031-01-06');
      const dates = await datesOf(task.seriesId!);
      expect(dates).to.have.length(53);
      expect(dates.at(-1)).to.equal('2031-01-06');
    });

    it('makes an occurrence createDaysBefore days ahead of its due date', async () => {
      const task = await ownMonthly({ recurrence: { frequency: 'MONTHLY', dayOfMonth: 20, createDaysBefore: 5 } });
      await series().createDueOccurrences(ownSerial, '2030-02-14');
      expect(await datesOf(task.seriesId!)).to.deep.equal(['2030-01-20']);
      await series().createDueOccurrences(ownSerial, '2030-02-15');
      expect(await datesOf(task.seriesId!)).to.deep.equal(['2030-01-20', '2030-02-20']);
    });

    it('does not make again an occurrence that was deleted', async () => {
      const task = await ownMonthly();
      await series().createDueOccurrences(ownSerial, '2030-02-20');
      const [, february] = await occurrencesOf(task.seriesId!);
      await call(owner, 'delete', `/${TASKS_ROUTES.task(february!.external_id)}`)
        .query({ workspaceId: ownWorkspace })
        .expect(204);
      await series().createDueOccurrences(ownSerial, '2030-03-01');
      expect(await datesOf(task.seriesId!)).to.deep.equal(['2030-01-20']);
      expect((await taskView(task.externalId, ownWorkspace)).recurrence?.nextDueDate).to.equal('2030-03-20');
    });
  });

  describe('editing the series', () => {
    it('changes this and the later open occurrences, not the earlier or completed ones', async () => {
      const task = await monthly({ title: 'GSTR-3B', priority: 'LOW' });
      await series().createDueOccurrences(workspaceSerial, '2030-04-20');
      const [january, february, march, april] = await occurrencesOf(task.seriesId!);
      const ownerId = await userIdOf(owner);
      await patch(owner, TASKS_ROUTES.task(march!.external_id), { workspaceId, status: 'COMPLETED' }).expect(200);
      await patch(owner, TASKS_ROUTES.task(february!.external_id), {
        workspaceId,
        applyTo: 'SERIES',
        title: 'GSTR-3B (monthly)',
        priority: 'HIGH',
        assignedToExternalId: owner.user.externalId,
      }).expect(200);
      const byId = new Map((await occurrencesOf(task.seriesId!)).map((row) => [row.external_id, row]));
      expect(byId.get(january!.external_id)).to.include({ title: 'GSTR-3B', priority: 'LOW' });
      expect(byId.get(february!.external_id)).to.include({ title: 'GSTR-3B (monthly)', priority: 'HIGH', assigned_to: ownerId });
      expect(byId.get(march!.external_id)).to.include({ title: 'GSTR-3B', priority: 'LOW', status: 'COMPLETED' });
      expect(byId.get(april!.external_id)).to.include({ title: 'GSTR-3B (monthly)', priority: 'HIGH', assigned_to: ownerId });
      const { body: log } = await get(owner, TASKS_ROUTES.activityLog(april!.external_id), { workspaceId }).expect(200);
      expect(log.data.map((entry: TaskActivity) => entry.action)).to.include.members([
        'changed Title from GSTR-3B to GSTR-3B (monthly)',
        'changed Priority from Low to High',
        `changed Assignee from ${employee.user.name} to ${owner.user.name}`,
      ]);

      await series().createDueOccurrences(workspaceSerial, '2030-05-20');
      const may = (await occurrencesOf(task.seriesId!)).at(-1)!;
      expect(may).to.include({ occurrence_date: '2030-05-20', title: 'GSTR-3B (monthly)', priority: 'HIGH', assigned_to: ownerId });
    });

    it('tells the new assignee of each open task a whole-series reassignment gives them', async () => {
      const task = await monthly({ title: 'GSTR-1 for the series' });
      await series().createDueOccurrences(workspaceSerial, '2030-03-20');
      const [, february, march] = await occurrencesOf(task.seriesId!);
      await patch(owner, TASKS_ROUTES.task(march!.external_id), { workspaceId, status: 'COMPLETED' }).expect(200);
      const colleague = await tasks.memberWithRole(owner, workspaceId, 'EMPLOYEE');
      await patch(owner, TASKS_ROUTES.task(task.externalId), {
        workspaceId,
        applyTo: 'SERIES',
        assignedToExternalId: colleague.user.externalId,
      }).expect(200);
      // The later tasks' notices go out once the change has committed, beside the answer.
      const told = async () => {
        const { body: inbox } = await call(colleague, 'get', '/notifications').query({ workspaceId }).expect(200);
        return inbox.notifications
          .filter((notification: { eventType: string }) => notification.eventType === 'TASK_ASSIGNED')
          .map((notification: { actionUrl: string }) => notification.actionUrl.split('/').at(-1));
      };
      await eventually(async () => (await told()).length >= 2, 'both notices');
      expect(await told()).to.have.members([task.externalId, february!.external_id]);
    });

    it('changes the rule for the occurrences not made yet', async () => {
      const task = await monthly();
      await series().createDueOccurrences(workspaceSerial, '2030-02-20');
      const [, february] = await occurrencesOf(task.seriesId!);
      const { body } = await patch(owner, TASKS_ROUTES.task(february!.external_id), {
        workspaceId,
        applyTo: 'SERIES',
        recurrence: { frequency: 'QUARTERLY', dayOfMonth: 31 },
      }).expect(200);
      // The new rule counts its quarters from this occurrence's month, which this task already stands for.
      expect(body.task.recurrence).to.include({ summary: 'Quarterly on day 31', nextDueDate: '2030-05-31' });
      expect(body.task.recurrence.upcomingDueDates).to.deep.equal(['2030-05-31', '2030-08-31', '2030-11-30']);
    });

    it('makes no second task for the period of the edited task when its date and the rule change together', async () => {
      const task = await monthly();
      await patch(owner, TASKS_ROUTES.task(task.externalId), {
        workspaceId,
        applyTo: 'SERIES',
        dueDate: '2030-03-20',
        recurrence: { frequency: 'MONTHLY', dayOfMonth: 20 },
      }).expect(200);
      await series().createDueOccurrences(workspaceSerial, '2030-04-01');
      expect((await occurrencesOf(task.seriesId!)).map((row) => row.due_date)).to.deep.equal(['2030-03-20']);
    });
  });

  describe('stop repeating', () => {
    it('ends the series: no more occurrences, the tasks made stay', async () => {
      const ownWorkspace = (await tasks.createWorkspace(owner)).externalId;
      const task = await createTask(owner, ownWorkspace, { dueDate: '2030-01-20', recurrence: { frequency: 'MONTHLY' } });
      const { body } = await post(owner, TASKS_ROUTES.stopRepeating(task.externalId), { workspaceId: ownWorkspace }).expect(200);
      expect(body.task.recurrence).to.include({ stopped: true, nextDueDate: null });
      expect(body.task.recurrence.upcomingDueDates).to.deep.equal([]);
      expect(await series().createDueOccurrences(await tasks.internalIdOf(ownWorkspace), '2030-12-31')).to.equal(0);
      expect(await datesOf(task.seriesId!)).to.deep.equal(['2030-01-20']);
      const { body: log } = await get(owner, TASKS_ROUTES.activityLog(task.externalId), { workspaceId: ownWorkspace }).expect(200);
      expect(log.data[0]).to.include({ action: 'stopped the series', type: 'task.series_stopped' });
      await post(owner, TASKS_ROUTES.stopRepeating(task.externalId), { workspaceId: ownWorkspace }).expect(200);
      const { body: again } = await get(owner, TASKS_ROUTES.activityLog(task.externalId), { workspaceId: ownWorkspace }).expect(200);
      expect(
        again.data.filter((entry: TaskActivity) => entry.type === 'task.series_stopped'),
        'stopping twice is recorded once',
      ).to.have.length(1);
    });

    it('answers 404 for a task that does not repeat, or that is not there', async () => {
      const plain = await createTask(owner, workspaceId);
      const { body } = await post(owner, TASKS_ROUTES.stopRepeating(plain.externalId), { workspaceId }).expect(404);
      expect(body.error).to.equal(TASK_MESSAGES.seriesNotFound);
      const missing = await post(owner, TASKS_ROUTES.stopRepeating('6f1c1d2e-0000-4000-8000-000000000000'), { workspaceId }).expect(404);
      expect(missing.body.error).to.equal(TASK_MESSAGES.taskNotFound);
      const other = await tasks.createWorkspace(owner);
      const elsewhere = await monthly();
      await post(owner, TASKS_ROUTES.stopRepeating(elsewhere.externalId), { workspaceId: other.externalId }).expect(404);
    });
  });

  describe('permissions', () => {
    it('lets staff start recurring work and stop a series, not a CLIENT member', async () => {
      const task = await monthly({ clientExternalId: clients[0]!.externalId });
      const refusedStop = await post(clientMember, TASKS_ROUTES.stopRepeating(task.externalId), { workspaceId }).expect(403);
      expect(refusedStop.body.error).to.equal(TASK_MESSAGES.forbiddenEdit);
      const work = {
        workspaceId,
        clientIds: [clients[0]!.externalId],
        titleTemplate: 'ITR for {client}',
        description: 'Income tax return',
        priority: 'MEDIUM',
        assignedToExternalId: employee.user.externalId,
        firstDueDate: '2030-07-31',
        recurrence: { frequency: 'YEARLY' },
      };
      const refusedWork = await post(clientMember, TASKS_ROUTES.recurringWork, work).expect(403);
      expect(refusedWork.body.error).to.equal(TASK_MESSAGES.forbiddenCreate);

      await post(employee, TASKS_ROUTES.stopRepeating(task.externalId), { workspaceId }).expect(200);
      const { body } = await post(employee, TASKS_ROUTES.recurringWork, work).expect(201);
      expect(body.series[0].task).to.include({ title: `ITR for ${clients[0]!.name}`, dueDate: '2030-07-31' });
      expect(body.series[0].task.recurrence.summary).to.equal('Yearly on day 31');
    });
  });

  describe('demo seed', () => {
    it('fills a demo workspace with the work of a CA practice: every status and priority, overdue tasks, series, comments', async function () {
      this.timeout(60_000);
      const demoWorkspace = await tasks.createWorkspace(owner);
      const demoClients = [];
      for (let index = 0; index < 12; index += 1)
        demoClients.push(await createClient(owner, demoWorkspace.externalId, { name: `Demo Client ${index}` }));
      const membership: Membership = {
        workspace: { id: await tasks.internalIdOf(demoWorkspace.externalId), externalId: demoWorkspace.externalId, name: demoWorkspace.name },
        role: 'OWNER',
      };
      const actor = { id: await userIdOf(owner), ...owner.user } as SessionUser;
      const teamMember = async (role: Role, clientIds: string[] = []) => {
        const session = await tasks.memberWithRole(owner, demoWorkspace.externalId, role, { clientIds });
        return { id: await userIdOf(session), ...session.user, role } as DemoTeamMember;
      };
      const team = [await teamMember('ADMIN'), await teamMember('CLIENT', [demoClients[0]!.externalId]), await teamMember('EMPLOYEE')];
      const definition = tasks.host.registry.get('tasks')!.definition!;
      await definition.seedDemo!({ container: tasks.host.container, membership, owner: actor, team, clients: demoClients });

      const rows: {
        status: string;
        priority: string;
        due_date: string | null;
        series_id: number | null;
        title: string;
        assigned_to: string;
        created_at: Date;
        start_date: Date | null;
        completed_at: Date | null;
      }[] = await tasks.host.knex('tasks').where({ workspace_id: membership.workspace.id });
      expect(rows.length).to.be.within(38, 60);
      // Shared out among the owner and the staff; the client's accountant is given none.
      const assignees = new Set(rows.map((row) => Number(row.assigned_to)));
      expect([...assignees]).to.have.members([actor.id, team[0]!.id, team[2]!.id]);
      expect(new Set(rows.map((row) => row.status))).to.have.all.keys('PENDING', 'IN_PROGRESS', 'COMPLETED', 'BLOCKED');
      expect(new Set(rows.map((row) => row.priority))).to.have.all.keys('LOW', 'MEDIUM', 'HIGH', 'URGENT');
      const today = kolkataToday();
      expect(rows.filter((row) => row.status !== 'COMPLETED' && row.due_date !== null && row.due_date < today).length).to.be.at.least(4);
      const seriesRows = await tasks.host.knex('tasks_series').where({ workspace_id: membership.workspace.id });
      const seriesTitles = seriesRows.map((row: { title: string }) => row.title);
      expect(seriesRows).to.have.length(10);
      // A client files both monthly GST returns or neither.
      for (const index of [0, 1, 2, 5])
        expect(seriesTitles).to.include.members([`GSTR-1 for Demo Client ${index}`, `GSTR-3B for Demo Client ${index}`]);
      // The returns of a period that has passed are filed, but for one client's GSTR-3B, still waiting on its papers.
      const pastReturns = rows.filter((row) => row.series_id !== null && row.due_date! < today);
      expect(pastReturns.length).to.be.at.least(8);
      expect(pastReturns.filter((row) => row.status !== 'COMPLETED').map((row) => row.title)).to.deep.equal(['GSTR-3B for Demo Client 5']);
      // Each return was made ahead of its due date, by the series job as its day came, and filed the day before it.
      for (const row of rows.filter((task) => task.series_id !== null)) {
        expect(kolkataDayOf(row.created_at) <= addDays(row.due_date!, -10), `${row.title} made ahead`).to.equal(true);
        expect(row.created_at.getTime()).to.be.below(Date.now());
      }
      for (const row of pastReturns.filter((task) => task.status === 'COMPLETED')) {
        expect(row.created_at.getTime()).to.be.below(row.start_date!.getTime());
        expect(row.start_date!.getTime()).to.be.below(row.completed_at!.getTime());
        expect(kolkataDayOf(row.completed_at!)).to.equal(addDays(row.due_date!, -1));
      }
      // Returns name the year of the deadline they sit on, whenever the demo is made.
      // Work already done sits on the deadline that has passed; open work on the nearest one.
      const returnsJuly = lastDeadline(today, [7, 31]);
      expect(rows.find((row) => row.title.startsWith('ITR-1 for'))).to.include({
        title: `ITR-1 for ${assessmentYearBefore(returnsJuly)} - Priya Nair`,
        due_date: returnsJuly,
      });
      const auditDue = lastDeadline(today, [9, 30]);
      expect(rows.map((row) => row.title)).to.include(`Tax audit report Form 3CD for ${financialYearBefore(auditDue)} - Kaveri Textiles`);
      // Each task's history spreads over the weeks before: taken up, begun, discussed, then done the day before it was due.
      const audit = await tasks.host
        .knex('tasks')
        .where({ workspace_id: membership.workspace.id })
        .whereLike('title', 'Tax audit report Form 3CD%')
        .first();
      expect(audit.created_at.getTime()).to.be.below(audit.start_date.getTime());
      expect(audit.start_date.getTime()).to.be.below(audit.completed_at.getTime());
      expect(audit.completed_at.getTime()).to.be.below(Date.now());
      expect(kolkataDayOf(audit.completed_at)).to.equal(addDays(auditDue, -1));
      const { body: history } = await get(owner, TASKS_ROUTES.activityLog(audit.external_id), { workspaceId: demoWorkspace.externalId }).expect(200);
      const performed = (history.data as TaskActivity[]).map((entry) => [entry.type, entry.metadata.to ?? null, entry.performedAt]);
      expect(performed.map(([type, to]) => [type, to])).to.deep.equal([
        ['task.updated', 'COMPLETED'],
        ['task.commented', null],
        ['task.updated', 'IN_PROGRESS'],
        ['task.created', null],
      ]);
      expect(new Set(performed.map(([, , at]) => at)).size, 'each at its own time').to.equal(4);
      const comments = await tasks.host
        .knex('tasks_comments')
        .where({ workspace_id: membership.workspace.id })
        .count<{ count: string }[]>('* as count');
      expect(Number(comments[0]!.count)).to.be.at.least(8);
      // Today's reminders are raised at once, not at tomorrow's 08:00 run.
      const reminded = await tasks.host.knex('tasks_reminders_sent').where({ workspace_id: membership.workspace.id, kind: 'TASK_OVERDUE' });
      expect(reminded.length).to.be.at.least(4);
    });
  });

  async function userIdOf(session: TestSession): Promise<number> {
    const row = await tasks.host.knex('users').where({ external_id: session.user.externalId }).first('id');
    return Number(row.id);
  }

  async function seriesSerial(externalId: string): Promise<number> {
    const row = await tasks.host.knex('tasks_series').where({ external_id: externalId }).first('id');
    return Number(row.id);
  }
});
