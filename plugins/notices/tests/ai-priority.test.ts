import { expect } from 'chai';
import { addDays, kolkataToday } from '../../../core/plugin-api';
import { NOTICE_IMPORT_COLUMNS, NOTICES_ROUTES, type NoticeView } from '../shared/wire';
import { dayInWords } from '../server/activity-text';
import { actionsOf, API, createNotice, get, patch, startNoticesOnlyHost, useNoticesWorld } from './support';

const today = kolkataToday();

/** The automatic priority where the register's own writes meet it: creating, changing and importing notices. */
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
});
