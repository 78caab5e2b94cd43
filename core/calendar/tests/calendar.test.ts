import { expect } from 'chai';
import { createClient, individualClient } from '../../clients/tests/support';
import {
  aboutExampleProvider,
  addReminder,
  capturingLogs,
  saveExampleSettings,
  switchExamplePlugin,
  workspaceWithExamplePlugin,
} from '../../extensions/tests/support';
import { call, memberWithRole, type TestSession } from '../../plugin-api/testing';

const calendar = (session: TestSession, workspaceId: string, query: Record<string, string>) =>
  call(session, 'get', '/calendar').query({ workspaceId, ...query });

describe('calendar', () => {
  let owner: TestSession;
  let workspaceId: string;

  beforeEach(async () => {
    ({ owner, workspaceId } = await workspaceWithExamplePlugin('calendar-owner'));
  });

  describe('the range', () => {
    for (const [label, query, error] of [
      ['no from', { to: '2026-01-31' }, 'from must be a date in the form YYYY-MM-DD'],
      ['a to that is not a date', { from: '2026-01-01', to: '31/01/2026' }, 'to must be a date in the form YYYY-MM-DD'],
      ['a day that does not exist', { from: '2026-02-30', to: '2026-03-31' }, 'from must be a date in the form YYYY-MM-DD'],
      ['a to before from', { from: '2026-02-01', to: '2026-01-31' }, 'to must be on or after from'],
      ['367 days', { from: '2026-01-01', to: '2027-01-02' }, 'The range may cover at most 366 days'],
    ] as const) {
      it(`answers 400 for ${label}`, async () => {
        const { body } = await calendar(owner, workspaceId, query).expect(400);
        expect(body.error).to.equal(error);
      });
    }

    it('takes one day, and 366 days across a leap year', async () => {
      await calendar(owner, workspaceId, { from: '2026-01-01', to: '2026-01-01' }).expect(200);
      await calendar(owner, workspaceId, { from: '2028-01-01', to: '2028-12-31' }).expect(200);
    });
  });

  describe("the example plugin's source", () => {
    it('gives the items within the range, by date then title, while the plugin is enabled', async () => {
      const gstr3b = await addReminder(owner, workspaceId, { title: 'GSTR-3B', dueOn: '2026-03-20' });
      const advanceTax = await addReminder(owner, workspaceId, { title: 'Advance tax', dueOn: '2026-03-15' });
      const gstr1 = await addReminder(owner, workspaceId, { title: 'GSTR-1', dueOn: '2026-03-20' });
      await addReminder(owner, workspaceId, { title: 'Before the range', dueOn: '2026-02-28' });
      await addReminder(owner, workspaceId, { title: 'After the range', dueOn: '2026-04-01' });

      const { body } = await calendar(owner, workspaceId, { from: '2026-03-01', to: '2026-03-31' }).expect(200);
      expect(body).to.deep.equal({
        items: [
          { type: 'reminder-due', id: advanceTax.id, title: 'Advance tax', date: '2026-03-15' },
          { type: 'reminder-due', id: gstr1.id, title: 'GSTR-1', date: '2026-03-20' },
          { type: 'reminder-due', id: gstr3b.id, title: 'GSTR-3B', date: '2026-03-20' },
        ],
        incomplete: [],
      });

      await switchExamplePlugin(owner, workspaceId, false);
      expect((await calendar(owner, workspaceId, { from: '2026-03-01', to: '2026-03-31' }).expect(200)).body).to.deep.equal({
        items: [],
        incomplete: [],
      });
    });

    it('is left out and named in `incomplete` when it throws, and logged with its plugin', async () => {
      await addReminder(owner, workspaceId, { title: 'GSTR-3B', dueOn: '2026-03-20' });
      await saveExampleSettings(owner, workspaceId, { simulateFailure: 'throw' });
      const { result, logs } = await capturingLogs(() => calendar(owner, workspaceId, { from: '2026-03-01', to: '2026-03-31' }).expect(200));
      expect(result.body).to.deep.equal({ items: [], incomplete: ['reminderDueDates'] });
      expect(aboutExampleProvider(logs, 'reminderDueDates')[0].fields).to.include({ point: 'calendar' });
    });

    it("gives a CLIENT member their own client's items only", async () => {
      const theirs = await createClient(owner, workspaceId, individualClient());
      const clientMember = await memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [theirs.externalId] });
      await addReminder(owner, workspaceId, { title: 'Theirs', dueOn: '2026-03-10', clientId: theirs.externalId });
      await addReminder(owner, workspaceId, { title: 'The firm’s own', dueOn: '2026-03-11' });
      const { body } = await calendar(clientMember, workspaceId, { from: '2026-03-01', to: '2026-03-31' }).expect(200);
      expect(body.items.map((item: { title: string }) => item.title)).to.deep.equal(['Theirs']);
    });
  });
});
