import { expect } from 'chai';
import { startTestHost, type TestHost } from '../../plugin-api/testing/test-host';
import { seedDemoWorkspace } from '../seed-demo';

describe('the demo seed', () => {
  let host: TestHost;

  before(async function () {
    this.timeout(60_000);
    // A host of its own with no plugins: a database whose users table is empty.
    host = await startTestHost({ plugins: [] });
  });
  after(() => host?.stop());

  it('seeds once when two processes start together on an empty database', async function () {
    this.timeout(60_000);
    const outcomes = await Promise.all([seedDemoWorkspace(host.host.container), seedDemoWorkspace(host.host.container)]);
    expect(
      outcomes.filter((outcome) => outcome !== null),
      'one of them seeded',
    ).to.have.length(1);
    expect(
      outcomes.filter((outcome) => outcome === null),
      'the other found the demo there',
    ).to.have.length(1);
    const [{ count }] = await host.host.knex('users').count<{ count: string }[]>('* as count');
    expect(Number(count), 'the owner and the team').to.equal(4);
    expect(await seedDemoWorkspace(host.host.container), 'a later start').to.equal(null);
  });

  it('gives the demo firm a team to share work with: an admin, an employee and a client accountant linked to their client', async () => {
    const members: { name: string; role: string; client: string | null }[] = await host.host
      .knex('workspace_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .leftJoin('member_clients as mc', function () {
        this.on('mc.user_id', 'm.user_id').andOn('mc.workspace_id', 'm.workspace_id');
      })
      .leftJoin('clients as c', 'c.id', 'mc.client_id')
      .orderBy('u.id')
      .select('u.name', 'm.role', 'c.name as client');
    expect(members).to.deep.equal([
      { name: 'Demo Owner', role: 'OWNER', client: null },
      { name: 'Meera Krishnan', role: 'ADMIN', client: null },
      { name: 'Arjun Mehta', role: 'EMPLOYEE', client: null },
      { name: 'Ramesh Iyer', role: 'CLIENT', client: 'Shree Ganesh Traders Pvt Ltd' },
    ]);
  });

  it('has taken its clients on over the past two years, so the dashboard shows how the practice grew', async () => {
    const clients: { created_at: Date }[] = await host.host.knex('clients').select('created_at');
    const activity: { at: Date }[] = await host.host.knex('activity_log').where({ action: 'client.created' }).select('created_at as at');
    const months = new Set(clients.map((client) => client.created_at.toISOString().slice(0, 7)));
    expect(months.size, 'months in which clients joined').to.be.at.least(10);
    const oldest = Math.min(...clients.map((client) => client.created_at.getTime()));
    expect(Date.now() - oldest, 'the oldest client').to.be.above(600 * 24 * 3600 * 1000);
    expect(clients.every((client) => client.created_at.getTime() < Date.now())).to.equal(true);
    // The client's history starts when the client joined.
    const ascending = (times: number[]) => [...times].sort((left, right) => left - right);
    expect(ascending(activity.map((entry) => entry.at.getTime()))).to.deep.equal(ascending(clients.map((client) => client.created_at.getTime())));
  });
});
