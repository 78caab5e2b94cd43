import { expect } from 'chai';
import { createClient, individualClient } from '../../clients/tests/support';
import {
  aboutExampleProvider,
  addReminder,
  capturingLogs,
  saveExampleSettings,
  switchExamplePlugin,
  switchOffProductProviders,
  workspaceWithExamplePlugin,
} from '../../extensions/tests/support';
import { call, createWorkspace, db, memberWithRole, newAgent, type TestSession } from '../../plugin-api/testing';

const dashboard = (session: TestSession, part: 'stats' | 'recent' | 'graphs', workspaceId: string) =>
  call(session, 'get', `/dashboard/${part}`).query({ workspaceId });

const KOLKATA_MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' });
const thisMonth = () => KOLKATA_MONTH.format(new Date());
const monthsAgo = (count: number) => {
  const [year, month] = thisMonth().split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1 - count, 15));
  return { month: date.toISOString().slice(0, 7), timestamp: date.toISOString() };
};

describe('dashboard', () => {
  let owner: TestSession;
  let workspaceId: string;

  beforeEach(async () => {
    ({ owner, workspaceId } = await workspaceWithExamplePlugin('dashboard-owner'));
  });

  describe("the core's clients", () => {
    it('count the clients as totalClients and run their total per month as clientGrowth', async () => {
      const empty = await dashboard(owner, 'graphs', workspaceId).expect(200);
      expect(empty.body.clientGrowth).to.deep.equal([]);
      const first = await createClient(owner, workspaceId, individualClient());
      await createClient(owner, workspaceId, individualClient());
      await createClient(owner, workspaceId, individualClient());
      const twoMonthsAgo = monthsAgo(2);
      await db()('clients').where({ external_id: first.externalId }).update({ created_at: twoMonthsAgo.timestamp });

      const stats = await dashboard(owner, 'stats', workspaceId).expect(200);
      expect(stats.body.stats.totalClients).to.equal(3);
      const graphs = await dashboard(owner, 'graphs', workspaceId).expect(200);
      expect(graphs.body.clientGrowth).to.deep.equal([
        { month: twoMonthsAgo.month, clients: 1 },
        { month: monthsAgo(1).month, clients: 1 },
        { month: thisMonth(), clients: 3 },
      ]);
    });

    it('count for a CLIENT member only the clients they stand for', async () => {
      const theirs = await createClient(owner, workspaceId, individualClient());
      await createClient(owner, workspaceId, individualClient());
      const clientMember = await memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [theirs.externalId] });

      expect((await dashboard(owner, 'stats', workspaceId).expect(200)).body.stats.totalClients).to.equal(2);
      expect((await dashboard(clientMember, 'stats', workspaceId).expect(200)).body.stats.totalClients).to.equal(1);
      const growth = (await dashboard(clientMember, 'graphs', workspaceId).expect(200)).body.clientGrowth;
      expect(growth).to.deep.equal([{ month: thisMonth(), clients: 1 }]);
    });
  });

  describe("the example plugin's stat, recent list and graph", () => {
    it('appear while the plugin is enabled and go when it is disabled', async () => {
      await addReminder(owner, workspaceId, { title: 'File GSTR-1', dueOn: '2026-03-11' });
      await addReminder(owner, workspaceId, { title: 'File GSTR-3B', dueOn: '2026-03-20' });
      await addReminder(owner, workspaceId, { title: 'Advance tax', dueOn: '2026-06-15' });

      expect((await dashboard(owner, 'stats', workspaceId).expect(200)).body).to.deep.equal({ stats: { totalClients: 0, openReminders: 3 } });
      const recent = (await dashboard(owner, 'recent', workspaceId).expect(200)).body;
      expect(Object.keys(recent)).to.deep.equal(['recentReminders']);
      expect(recent.recentReminders.map((reminder: { title: string }) => reminder.title)).to.deep.equal([
        'Advance tax',
        'File GSTR-3B',
        'File GSTR-1',
      ]);
      expect((await dashboard(owner, 'graphs', workspaceId).expect(200)).body).to.deep.equal({
        clientGrowth: [],
        remindersByMonth: [
          { month: '2026-03', count: 2 },
          { month: '2026-06', count: 1 },
        ],
      });

      await switchExamplePlugin(owner, workspaceId, false);
      expect((await dashboard(owner, 'stats', workspaceId).expect(200)).body).to.deep.equal({ stats: { totalClients: 0 } });
      expect((await dashboard(owner, 'recent', workspaceId).expect(200)).body).to.deep.equal({});
      expect((await dashboard(owner, 'graphs', workspaceId).expect(200)).body).to.deep.equal({ clientGrowth: [] });
    });

    it('give null, [] and null when they throw, logged with the plugin, while the core figures still show', async () => {
      await createClient(owner, workspaceId, individualClient());
      await saveExampleSettings(owner, workspaceId, { simulateFailure: 'throw' });

      const { result, logs } = await capturingLogs(async () => ({
        stats: (await dashboard(owner, 'stats', workspaceId).expect(200)).body,
        recent: (await dashboard(owner, 'recent', workspaceId).expect(200)).body,
        graphs: (await dashboard(owner, 'graphs', workspaceId).expect(200)).body,
      }));
      expect(result.stats).to.deep.equal({ stats: { totalClients: 1, openReminders: null } });
      expect(result.recent).to.deep.equal({ recentReminders: [] });
      expect(result.graphs.remindersByMonth).to.equal(null);
      expect(result.graphs.clientGrowth).to.have.length(1);
      for (const provider of ['openReminders', 'recentReminders', 'remindersByMonth']) {
        const lines = aboutExampleProvider(logs, provider);
        expect(lines, provider).to.have.length(1);
        expect(lines[0]).to.deep.include({ level: 'error', message: 'extension provider failed and was left out' });
        expect(lines[0].fields).to.include({ point: 'dashboard' });
      }
    });

    it('answer a CLIENT member for their own client only', async () => {
      const theirs = await createClient(owner, workspaceId, individualClient());
      const other = await createClient(owner, workspaceId, individualClient());
      const clientMember = await memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [theirs.externalId] });
      await addReminder(owner, workspaceId, { title: 'Theirs', dueOn: '2026-04-01', clientId: theirs.externalId });
      await addReminder(owner, workspaceId, { title: 'Another client’s', dueOn: '2026-04-02', clientId: other.externalId });
      await addReminder(owner, workspaceId, { title: 'The firm’s own', dueOn: '2026-04-03' });

      expect((await dashboard(owner, 'stats', workspaceId).expect(200)).body.stats.openReminders).to.equal(3);
      expect((await dashboard(clientMember, 'stats', workspaceId).expect(200)).body.stats.openReminders).to.equal(1);
      const recent = (await dashboard(clientMember, 'recent', workspaceId).expect(200)).body.recentReminders;
      expect(recent.map((reminder: { title: string }) => reminder.title)).to.deep.equal(['Theirs']);
    });
  });

  describe('access', () => {
    it('every member may read, whatever their role', async () => {
      for (const role of ['ADMIN', 'EMPLOYEE', 'CLIENT'] as const) {
        const member = await memberWithRole(owner, workspaceId, role);
        for (const part of ['stats', 'recent', 'graphs'] as const) await dashboard(member, part, workspaceId).expect(200);
      }
    });

    it('needs a signed-in member and a workspace', async () => {
      const { agent, csrf } = await newAgent();
      const visitor: TestSession = { agent, csrf, user: { externalId: '', name: '', email: '' }, password: '' };
      const signedOut = await dashboard(visitor, 'stats', workspaceId).expect(401);
      expect(signedOut.body).to.deep.equal({ error: 'Not signed in' });
      const noWorkspace = await call(owner, 'get', '/dashboard/stats').expect(400);
      expect(noWorkspace.body).to.deep.equal({ error: 'Workspace ID is required' });
    });
  });

  it("gives a workspace that never enabled the example plugin the core's figures alone", async () => {
    const { externalId: other } = await createWorkspace(owner);
    await switchOffProductProviders(owner, other);
    expect((await dashboard(owner, 'stats', other).expect(200)).body).to.deep.equal({ stats: { totalClients: 0 } });
    expect((await dashboard(owner, 'recent', other).expect(200)).body).to.deep.equal({});
  });
});
