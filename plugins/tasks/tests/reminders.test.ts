import { expect } from 'chai';
import { jobOutcome, schedulesOf } from '../../../core/plugin-api/testing';
import { TOKENS, type QueueService, addDays, kolkataToday } from '../../../core/plugin-api';
import { TASKS_ROUTES } from '../shared/wire';
import { REMIND_DUE_JOB } from '../server/jobs';
import { TaskReminders } from '../server/reminders';
import { call, createTask, HOST_START_TIMEOUT_MS, patch, startTasksHost, type TestHost, type TestSession } from './support';

interface Received {
  eventType: string;
  title: string;
  message: string;
  priority: string;
  actionUrl: string;
}

describe('tasks: due soon and overdue reminders', () => {
  let tasks: TestHost;
  let owner: TestSession;
  let employee: TestSession;
  let workspaceId: string;
  let workspaceSerial: number;
  const today = kolkataToday();

  const remindDue = () => tasks.host.container.get(TaskReminders).remindDue(workspaceSerial);
  const remindersOf = async (session: TestSession, taskId: string): Promise<Received[]> => {
    const { body } = await call(session, 'get', '/notifications').query({ workspaceId, limit: 100 }).expect(200);
    return body.notifications.filter(
      (notification: Received) => notification.actionUrl.endsWith(`/tasks/${taskId}`) && notification.eventType !== 'TASK_ASSIGNED',
    );
  };
  const forEmployee = (fields: Record<string, unknown>) =>
    createTask(owner, workspaceId, { assignedToExternalId: employee.user.externalId, ...fields });

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    tasks = await startTasksHost();
    owner = await tasks.signedInUser('reminders-owner');
    workspaceId = (await tasks.createWorkspace(owner)).externalId;
    workspaceSerial = await tasks.internalIdOf(workspaceId);
    employee = await tasks.memberWithRole(owner, workspaceId, 'EMPLOYEE');
  });

  after(() => tasks?.stop());

  it('tells the assignee once that a task is due tomorrow, however often the job runs', async () => {
    const task = await forEmployee({ title: 'GSTR-1 for Kaveri Textiles', dueDate: addDays(today, 1) });
    await remindDue();
    const queue = tasks.host.container.get<QueueService>(TOKENS.Queue);
    const jobs = await Promise.all([1, 2].map(() => queue.enqueue(`tasks.${REMIND_DUE_JOB}`, { workspaceId: workspaceSerial })));
    expect((await Promise.all(jobs.map((job) => jobOutcome(job)))).every((result) => result.error === undefined)).to.equal(true);
    await remindDue();
    const reminders = await remindersOf(employee, task.externalId);
    expect(reminders).to.have.length(1);
    expect(reminders[0]).to.include({
      eventType: 'TASK_DUE_SOON',
      title: 'Task due tomorrow',
      message: `GSTR-1 for Kaveri Textiles (due ${addDays(today, 1)})`,
      priority: 'medium',
    });
    expect(reminders[0]!.actionUrl).to.match(new RegExp(`/w/${workspaceId}/tasks/${task.externalId}$`));
    expect(await remindersOf(owner, task.externalId), 'only the assignee').to.deep.equal([]);
  });

  it('tells the assignee once that a task is overdue, and again for a new due date', async () => {
    const task = await forEmployee({ title: 'TDS 24Q return', dueDate: addDays(today, -3) });
    await remindDue();
    await remindDue();
    const reminders = await remindersOf(employee, task.externalId);
    expect(reminders.map(({ eventType, priority }) => ({ eventType, priority }))).to.deep.equal([{ eventType: 'TASK_OVERDUE', priority: 'high' }]);

    await patch(owner, TASKS_ROUTES.task(task.externalId), { workspaceId, dueDate: addDays(today, -1) }).expect(200);
    await remindDue();
    expect(await remindersOf(employee, task.externalId)).to.have.length(2);
  });

  it('never reminds of a completed task, nor of one due later or without a due date', async () => {
    const completedTomorrow = await forEmployee({ dueDate: addDays(today, 1), status: 'COMPLETED' });
    const completedLate = await forEmployee({ dueDate: addDays(today, -5), status: 'COMPLETED' });
    const later = await forEmployee({ dueDate: addDays(today, 2) });
    const dueToday = await forEmployee({ dueDate: today });
    const undated = await forEmployee({});
    await remindDue();
    for (const task of [completedTomorrow, completedLate, later, dueToday, undated]) {
      expect(await remindersOf(employee, task.externalId), task.dueDate ?? 'no due date').to.deep.equal([]);
    }
  });

  it('keeps the reminder of a task whose assignee has left for the member it is given to next', async () => {
    const leaver = await tasks.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    const task = await createTask(owner, workspaceId, { assignedToExternalId: leaver.user.externalId, dueDate: addDays(today, -1) });
    await call(owner, 'delete', `/workspaces/${workspaceId}/members/${leaver.user.externalId}`).expect(204);
    await remindDue();
    await patch(owner, TASKS_ROUTES.task(task.externalId), { workspaceId, assignedToExternalId: employee.user.externalId }).expect(200);
    await remindDue();
    expect((await remindersOf(employee, task.externalId)).map((reminder) => reminder.eventType)).to.deep.equal(['TASK_OVERDUE']);
  });

  it('reminds of a task completed and reopened while still late', async () => {
    const task = await forEmployee({ dueDate: addDays(today, -2), status: 'COMPLETED' });
    await remindDue();
    await patch(owner, TASKS_ROUTES.task(task.externalId), { workspaceId, status: 'IN_PROGRESS' }).expect(200);
    await remindDue();
    expect((await remindersOf(employee, task.externalId)).map((reminder) => reminder.eventType)).to.deep.equal(['TASK_OVERDUE']);
  });

  it('is scheduled every day at 08:00 and every hour at :05 for occurrences, per workspace', () => {
    const scheduled = schedulesOf(tasks, 'tasks').map(({ name, every, perWorkspace }) => ({ name, every, perWorkspace }));
    expect(scheduled).to.deep.equal([
      { name: 'createOccurrences', every: 'hour at :05', perWorkspace: true },
      { name: 'remindDue', every: 'day at 08:00', perWorkspace: true },
    ]);
  });
});
