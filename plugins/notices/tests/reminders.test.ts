import { expect } from 'chai';
import { jobOutcome, schedulesOf } from '../../../core/plugin-api/testing';
import { TOKENS, type QueueService, addDays, kolkataToday } from '../../../core/plugin-api';
import { dayInWords } from '../server/activity-text';
import { REMIND_DUE_JOB } from '../server/jobs';
import { NoticeReminders } from '../server/reminders';
import type { NoticeView } from '../shared/wire';
import {
  call,
  createClient,
  createNotice,
  HOST_START_TIMEOUT_MS,
  startNoticesOnlyHost,
  type ClientView,
  type TestHost,
  type TestSession,
} from './support';

interface Received {
  eventType: string;
  title: string;
  message: string;
  priority: string;
  actionUrl: string;
}

describe('notices: due soon and overdue reminders', () => {
  let notices: TestHost;
  let owner: TestSession;
  let admin: TestSession;
  let employee: TestSession;
  let workspaceId: string;
  let workspaceSerial: number;
  let client: ClientView;
  const today = kolkataToday();

  const remindOn = (day: string) => notices.host.container.get(NoticeReminders).remindDue(workspaceSerial, day);
  const remindersOf = async (session: TestSession, notice: NoticeView): Promise<Received[]> => {
    const { body } = await call(session, 'get', '/notifications').query({ workspaceId, limit: 100 }).expect(200);
    return (body.notifications as Received[])
      .filter((notification) => notification.actionUrl.endsWith(`/notices/${notice.externalId}`) && notification.eventType !== 'NOTICE_ASSIGNED')
      .reverse();
  };
  const messagesOf = async (session: TestSession, notice: NoticeView) => (await remindersOf(session, notice)).map((reminder) => reminder.message);
  const forEmployee = (fields: Record<string, unknown>) =>
    createNotice(owner, workspaceId, client.externalId, { assignedToExternalId: employee.user.externalId, ...fields });

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    notices = await startNoticesOnlyHost();
    owner = await notices.signedInUser('notice-reminders-owner');
    workspaceId = (await notices.createWorkspace(owner)).externalId;
    workspaceSerial = await notices.internalIdOf(workspaceId);
    admin = await notices.memberWithRole(owner, workspaceId, 'ADMIN');
    employee = await notices.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    client = await createClient(owner, workspaceId, { name: 'Sharma Traders' });
  });

  after(() => notices?.stop());

  it('reminds 7, 3 and 1 days before the due date and once when it has passed, each once', async () => {
    const due = addDays(today, 10);
    const notice = await forEmployee({ noticeType: 'ASMT-10', dueDate: due });
    for (const daysBefore of [8, 7, 6, 5, 4, 3, 2, 1, 0, -1, -2, -30]) await remindOn(addDays(due, -daysBefore));

    const reminders = await remindersOf(employee, notice);
    expect(reminders.map(({ eventType, title, message, priority }) => ({ eventType, title, message, priority }))).to.deep.equal([
      {
        eventType: 'NOTICE_DUE_SOON',
        title: 'Notice reply due in 7 days',
        message: `Reply to ASMT-10 for Sharma Traders is due in 7 days (${dayInWords(due)})`,
        priority: 'medium',
      },
      {
        eventType: 'NOTICE_DUE_SOON',
        title: 'Notice reply due in 3 days',
        message: `Reply to ASMT-10 for Sharma Traders is due in 3 days (${dayInWords(due)})`,
        priority: 'medium',
      },
      {
        eventType: 'NOTICE_DUE_SOON',
        title: 'Notice reply due tomorrow',
        message: `Reply to ASMT-10 for Sharma Traders is due tomorrow (${dayInWords(due)})`,
        priority: 'medium',
      },
      {
        eventType: 'NOTICE_OVERDUE',
        title: 'Notice reply overdue',
        message: `Reply to ASMT-10 for Sharma Traders was due on ${dayInWords(due)}`,
        priority: 'high',
      },
    ]);
    expect(reminders[0]!.actionUrl).to.match(new RegExp(`/w/${workspaceId}/notices/${notice.externalId}$`));
  });

  it('after missed days raises only the nearest threshold not yet raised', async () => {
    const due = addDays(today, 12);
    const lateStart = await forEmployee({ noticeType: 'DRC-01', dueDate: due });
    await remindOn(addDays(due, -5));
    await remindOn(addDays(due, -2));
    await remindOn(due);
    expect(await messagesOf(employee, lateStart)).to.deep.equal([
      `Reply to DRC-01 for Sharma Traders is due in 5 days (${dayInWords(due)})`,
      `Reply to DRC-01 for Sharma Traders is due in 2 days (${dayInWords(due)})`,
      `Reply to DRC-01 for Sharma Traders is due today (${dayInWords(due)})`,
    ]);

    const lastDay = addDays(today, 13);
    const lastMinute = await forEmployee({ noticeType: 'REG-17', dueDate: lastDay });
    await remindOn(addDays(lastDay, -1));
    expect(await messagesOf(employee, lastMinute)).to.deep.equal([`Reply to REG-17 for Sharma Traders is due tomorrow (${dayInWords(lastDay)})`]);
  });

  it('reminds of the internal target date separately, and never calls it overdue', async () => {
    const target = addDays(today, 3);
    const due = addDays(today, 20);
    const notice = await forEmployee({ noticeType: 'Section 143(2)', dueDate: due, targetDate: target });
    await remindOn(today);
    await remindOn(addDays(target, 2));
    const reminders = await remindersOf(employee, notice);
    expect(reminders.map(({ eventType, title, message }) => ({ eventType, title, message }))).to.deep.equal([
      {
        eventType: 'NOTICE_DUE_SOON',
        title: 'Internal target in 3 days',
        message: `Internal target for Section 143(2) for Sharma Traders is in 3 days (${dayInWords(target)})`,
      },
    ]);
  });

  it('raises again for a new due date', async () => {
    const notice = await forEmployee({ dueDate: addDays(today, -3) });
    await remindOn(today);
    await call(owner, 'patch', `/notices/${notice.externalId}`, { workspaceId, dueDate: addDays(today, -1) }).expect(200);
    await remindOn(today);
    expect((await remindersOf(employee, notice)).map((reminder) => reminder.eventType)).to.deep.equal(['NOTICE_OVERDUE', 'NOTICE_OVERDUE']);
  });

  it('never reminds of a resolved or expired notice, nor of one due later or without dates; a pending one counts as open', async () => {
    const resolved = await forEmployee({ dueDate: addDays(today, 1), status: 'RESOLVED' });
    const expired = await forEmployee({ dueDate: addDays(today, -5), status: 'EXPIRED' });
    const later = await forEmployee({ dueDate: addDays(today, 8), targetDate: addDays(today, 8) });
    const undated = await forEmployee({});
    const pending = await forEmployee({ dueDate: addDays(today, 1), status: 'PENDING' });
    await remindOn(today);
    for (const notice of [resolved, expired, later, undated]) expect(await remindersOf(employee, notice), notice.status).to.deep.equal([]);
    expect(await remindersOf(employee, pending)).to.have.length(1);
  });

  it('raises each reminder once when two runs and two queued jobs go at the same time', async () => {
    const notice = await forEmployee({ dueDate: addDays(today, 7) });
    const overdue = await forEmployee({ dueDate: addDays(today, -1) });
    await Promise.all([remindOn(today), remindOn(today)]);
    const queue = notices.host.container.get<QueueService>(TOKENS.Queue);
    const jobs = await Promise.all([1, 2].map(() => queue.enqueue(`notices.${REMIND_DUE_JOB}`, { workspaceId: workspaceSerial })));
    expect((await Promise.all(jobs.map((job) => jobOutcome(job)))).every((result) => result.error === undefined)).to.equal(true);
    expect(await remindersOf(employee, notice)).to.have.length(1);
    expect(await remindersOf(employee, overdue)).to.have.length(1);
  });

  it('tells only the assignee; with nobody assigned, or an assignee who has left, the owners and admins', async () => {
    const assigned = await forEmployee({ dueDate: addDays(today, 3) });
    const unassigned = await createNotice(owner, workspaceId, client.externalId, { dueDate: addDays(today, 3) });
    await remindOn(today);
    expect(await remindersOf(employee, assigned)).to.have.length(1);
    expect(await remindersOf(owner, assigned)).to.deep.equal([]);
    expect(await remindersOf(admin, assigned)).to.deep.equal([]);
    expect(await remindersOf(owner, unassigned)).to.have.length(1);
    expect(await remindersOf(admin, unassigned)).to.have.length(1);
    expect(await remindersOf(employee, unassigned)).to.deep.equal([]);

    const leaver = await notices.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    const orphaned = await createNotice(owner, workspaceId, client.externalId, {
      dueDate: addDays(today, 7),
      assignedToExternalId: leaver.user.externalId,
    });
    await call(owner, 'delete', `/workspaces/${workspaceId}/members/${leaver.user.externalId}`).expect(204);
    await remindOn(today);
    expect(await remindersOf(owner, orphaned)).to.have.length(1);
    expect(await remindersOf(admin, orphaned)).to.have.length(1);
  });

  it('is scheduled every day at 08:00, per workspace', () => {
    const scheduled = schedulesOf(notices, 'notices')
      .filter((schedule) => schedule.name === 'remindDue')
      .map(({ name, every, perWorkspace }) => ({ name, every, perWorkspace }));
    expect(scheduled).to.deep.equal([{ name: 'remindDue', every: 'day at 08:00', perWorkspace: true }]);
  });
});
