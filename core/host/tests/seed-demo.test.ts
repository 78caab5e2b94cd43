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
    expect(Number(count)).to.equal(1);
    expect(await seedDemoWorkspace(host.host.container), 'a later start').to.equal(null);
  });
});
