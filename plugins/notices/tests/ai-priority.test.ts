import { expect } from 'chai';
import { TOKENS, type QueueService, addDays, kolkataToday } from '../../../core/plugin-api';
import { NOTICE_IMPORT_COLUMNS, NOTICES_ROUTES, type NoticeCreateRequest, type NoticeView } from '../shared/wire';
import { dayInWords } from '../server/activity-text';
import { AUTOMATIC_PRIORITY_PERFORMER, AutomaticPriorityRefresh } from '../server/ai/priority-refresh';
import { REFRESH_PRIORITIES_JOB, REMIND_DUE_JOB } from '../server/jobs';
import {
  actionsOf,
  activityOf,
  API,
  createClient,
  createNotice,
  get,
  jobOutcome,
  noticeOf,
  patch,
  schedulesOf,
  startNoticesOnlyHost,
  useNoticesWorld,
} from './support';

const today = kolkataToday();

/**
 * The automatic priority where the register's own writes meet it (creating, changing and importing notices) and as
 * the days pass (the daily refresh).
 */
describe('notices AI: automatic priority in the register', function () {
  const world = useNoticesWorld('ai-priority-owner', { startHost: startNoticesOnlyHost });

  const create = (fields: Record<string, unknown>) => createNotice(world.owner, world.workspaceId, world.client.externalId, fields);
  const change = async (notice: NoticeView, fields: Record<string, unknown>): Promise<NoticeView> =>
    (await patch(world.owner, NOTICES_ROUTES.notice(notice.externalId), { workspaceId: world.workspaceId, ...fields }).expect(200)).body.data;

  it('gives a notice created without a priority the one its due date and amount call for', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ dueDate: addDays(today, 3) }, 'HIGH'],
      [{ dueDate: addDays(today, -2), amountDemanded: '500.00' }, 'HIGH'],
      [{ dueDate: addDays(today, 15), amountDemanded: '250000.00' }, 'MEDIUM'],
      [{ dueDate: addDays(today, 45) }, 'LOW'],
      [{ dueDate: addDays(today, 45), amountDemanded: '1500000.00' }, 'HIGH'],
      [{ amountDemanded: '1200000.00' }, 'HIGH'],
      [{}, 'MEDIUM'],
    ];
    for (const [fields, priority] of cases) {
      expect(await create(fields), JSON.stringify(fields)).to.include({ priority, prioritySetByMember: false });
    }
    expect(await create({ dueDate: addDays(today, 3), priority: 'LOW' })).to.include({ priority: 'LOW', prioritySetByMember: true });
  });

  it('moves an automatic priority with a new due date or amount, and never one a member set', async () => {
    const notice = await create({ dueDate: addDays(today, 60) });
    expect(notice.priority).to.equal('LOW');
    expect(await change(notice, { dueDate: addDays(today, 2) })).to.include({ priority: 'HIGH', prioritySetByMember: false });
    expect((await actionsOf(world.owner, world.workspaceId, notice.externalId)).slice(0, 2)).to.have.members([
      'Priority changed from Low to High',
      `Due date changed from ${dayInWords(addDays(today, 60))} to ${dayInWords(addDays(today, 2))}`,
    ]);

    // Sending the priority it already has is a choice too: from then on the dates leave it alone.
    expect(await change(notice, { priority: 'HIGH' })).to.include({ priority: 'HIGH', prioritySetByMember: true });
    expect(await change(notice, { dueDate: addDays(today, 90), amountDemanded: null })).to.include({ priority: 'HIGH', prioritySetByMember: true });
  });

  it('gives an imported row without a priority the automatic one, and keeps the one a row names', async () => {
    const { owner, workspaceId, client } = world;
    const rows = [
      `${client.panNumber},GST,ASMT-10,ZD27AUTO${Date.now()},,${addDays(today, 2)},Scrutiny of returns,,`,
      `${client.panNumber},GST,DRC-01,ZD27CHOSEN${Date.now()},,${addDays(today, 2)},Show cause notice,Low,`,
    ];
    await owner.agent
      .post(`${API}/${NOTICES_ROUTES.upload}`)
      .query({ workspaceId })
      .set('X-CSRF-Token', owner.csrf)
      .field('workspaceExternalId', workspaceId)
      .attach('file', Buffer.from([NOTICE_IMPORT_COLUMNS.join(','), ...rows].join('\n')), 'register.csv')
      .expect(201);
    const stored: NoticeView[] = (await get(owner, NOTICES_ROUTES.all, { workspaceId }).expect(200)).body.data;
    const byType = new Map(stored.filter((notice) => notice.source === 'IMPORT').map((notice) => [notice.noticeType, notice]));
    expect(byType.get('ASMT-10')).to.include({ priority: 'HIGH', prioritySetByMember: false });
    expect(byType.get('DRC-01')).to.include({ priority: 'LOW', prioritySetByMember: true });
  });

  describe('as the days pass', () => {
    const refreshOn = async (workspaceId: string, day: string) =>
      world.host.host.container.get(AutomaticPriorityRefresh).refresh(await world.host.internalIdOf(workspaceId), day);
    const priorityOf = async (workspaceId: string, notice: NoticeView) => (await noticeOf(world.owner, workspaceId, notice.externalId)).priority;
    const automaticEntriesOf = async (workspaceId: string, notice: NoticeView) =>
      (await activityOf(world.owner, workspaceId, notice.externalId)).filter((entry) => entry.performedBy?.name === AUTOMATIC_PRIORITY_PERFORMER);

    /** A workspace with a client of its own, so that what a run counts is the test's notices alone. */
    async function freshWorkspace() {
      const workspaceId = (await world.host.createWorkspace(world.owner)).externalId;
      const client = await createClient(world.owner, workspaceId);
      const add = (fields: Partial<Omit<NoticeCreateRequest, 'workspaceId' | 'clientId'>>) =>
        createNotice(world.owner, workspaceId, client.externalId, fields);
      return { workspaceId, add };
    }

    it('turns Low into Medium with 30 days left and Medium into High with 7, and keeps an overdue notice High', async () => {
      const { workspaceId, add } = await freshWorkspace();
      const due = addDays(today, 60);
      const notice = await add({ dueDate: due });
      expect(notice.priority).to.equal('LOW');

      const days: { left: number; changed: number; priority: string }[] = [
        { left: 31, changed: 0, priority: 'LOW' },
        { left: 30, changed: 1, priority: 'MEDIUM' },
        { left: 8, changed: 0, priority: 'MEDIUM' },
        { left: 7, changed: 1, priority: 'HIGH' },
        { left: 0, changed: 0, priority: 'HIGH' },
        { left: -5, changed: 0, priority: 'HIGH' },
      ];
      for (const { left, changed, priority } of days) {
        expect(await refreshOn(workspaceId, addDays(due, -left)), `${left} days left`).to.equal(changed);
        expect(await priorityOf(workspaceId, notice), `${left} days left`).to.equal(priority);
      }
      expect((await noticeOf(world.owner, workspaceId, notice.externalId)).prioritySetByMember).to.equal(false);
      const entries = (await activityOf(world.owner, workspaceId, notice.externalId)).slice(0, 2);
      expect(entries.map(({ action, performedBy }) => ({ action, performedBy }))).to.deep.equal([
        { action: 'Priority Medium to High (automatic)', performedBy: { name: 'Automatic priority' } },
        { action: 'Priority Low to Medium (automatic)', performedBy: { name: 'Automatic priority' } },
      ]);
    });

    it('makes a notice found overdue High at once, and keeps one of ₹1 lakh or more Medium with a month to spare', async () => {
      const { workspaceId, add } = await freshWorkspace();
      const lapsed = await add({ dueDate: addDays(today, 40) });
      const sizeable = await add({ dueDate: addDays(today, 80), amountDemanded: '250000.00' });
      expect([lapsed.priority, sizeable.priority]).to.deep.equal(['LOW', 'MEDIUM']);

      expect(await refreshOn(workspaceId, addDays(today, 41))).to.equal(1);
      expect(await priorityOf(workspaceId, lapsed)).to.equal('HIGH');
      expect(await priorityOf(workspaceId, sizeable)).to.equal('MEDIUM');
      expect((await automaticEntriesOf(workspaceId, lapsed)).map((entry) => entry.action)).to.deep.equal(['Priority Low to High (automatic)']);
    });

    it("never touches a priority a member chose, a resolved or expired notice, nor another workspace's notices", async () => {
      const { workspaceId, add } = await freshWorkspace();
      const other = await freshWorkspace();
      const due = addDays(today, 60);
      const chosen = await add({ dueDate: due, priority: 'LOW' });
      const resolved = await add({ dueDate: due, status: 'RESOLVED' });
      const expired = await add({ dueDate: due, status: 'EXPIRED' });
      const pending = await add({ dueDate: due, status: 'PENDING' });
      const elsewhere = await other.add({ dueDate: due });

      expect(await refreshOn(workspaceId, addDays(due, -1))).to.equal(1);
      expect(await priorityOf(workspaceId, pending)).to.equal('HIGH');
      for (const notice of [chosen, resolved, expired]) {
        expect(await priorityOf(workspaceId, notice), notice.status).to.equal('LOW');
        expect(await actionsOf(world.owner, workspaceId, notice.externalId), notice.status).to.deep.equal(['Notice added']);
      }
      expect(await priorityOf(other.workspaceId, elsewhere)).to.equal('LOW');
      expect(await actionsOf(world.owner, other.workspaceId, elsewhere.externalId)).to.deep.equal(['Notice added']);
    });

    it('changes each notice once a day, however many runs go, together or one after another', async () => {
      const { workspaceId, add } = await freshWorkspace();
      const day = addDays(today, 30);
      const monthLeft = await add({ dueDate: addDays(day, 30) });
      const weekLeft = await add({ dueDate: addDays(day, 7), amountDemanded: '250000.00' });
      expect([monthLeft.priority, weekLeft.priority]).to.deep.equal(['LOW', 'MEDIUM']);

      const together = await Promise.all([refreshOn(workspaceId, day), refreshOn(workspaceId, day)]);
      expect([...together].sort((left, right) => left - right)).to.deep.equal([0, 2]);
      expect(await refreshOn(workspaceId, day)).to.equal(0);
      expect((await automaticEntriesOf(workspaceId, monthLeft)).map((entry) => entry.action)).to.deep.equal(['Priority Low to Medium (automatic)']);
      expect((await automaticEntriesOf(workspaceId, weekLeft)).map((entry) => entry.action)).to.deep.equal(['Priority Medium to High (automatic)']);
    });

    it('is scheduled every day at 00:10 India time, per workspace, before the reminders', () => {
      const schedules = schedulesOf(world.host, 'notices');
      const refresh = schedules.find((schedule) => schedule.name === REFRESH_PRIORITIES_JOB);
      const reminders = schedules.find((schedule) => schedule.name === REMIND_DUE_JOB);
      expect(refresh).to.include({ every: 'day at 00:10', timezone: 'Asia/Kolkata', perWorkspace: true });

      const midnightInIndia = new Date('2026-03-31T00:00:00+05:30');
      expect(refresh!.times.next(midnightInIndia)!.toISOString()).to.equal('2026-03-30T18:40:00.000Z');
      expect(refresh!.times.next(midnightInIndia)!.getTime()).to.be.below(reminders!.times.next(midnightInIndia)!.getTime());
    });

    it("runs as the job notices.refreshAutomaticPriorities on India's date", async () => {
      const { workspaceId, add } = await freshWorkspace();
      const notice = await add({ dueDate: addDays(today, 3) });
      // The priority it would still have had from an earlier day, before any refresh.
      await world.host.host.knex('notices').where({ external_id: notice.externalId }).update({ priority: 'LOW' });

      const queue = world.host.host.container.get<QueueService>(TOKENS.Queue);
      const job = await queue.enqueue(`notices.${REFRESH_PRIORITIES_JOB}`, { workspaceId: await world.host.internalIdOf(workspaceId) });
      expect(await jobOutcome(job, { firstFailure: true })).to.deep.equal({ result: { changed: 1 } });
      expect(await priorityOf(workspaceId, notice)).to.equal('HIGH');
    });
  });
});
