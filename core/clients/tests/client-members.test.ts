import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type Test from 'supertest/lib/test';
import { addReminder, workspaceWithExamplePlugin } from '../../extensions/tests/support';
import { memberWithRole, type TestSession } from '../../plugin-api/testing/http';
import { stepUp } from '../../plugin-api/testing/step-up';
import { bulkImportTemplate } from '../client-csv';
import {
  businessClient,
  call,
  createClient,
  db,
  individualClient,
  internalIdOf,
  NO_PERMISSION,
  uniqueClientEmail,
  uniquePanOfHolder,
  uploadCsv,
} from './support';

const CLIENT_NOT_FOUND = { error: 'Client not found' };
const MARCH = { from: '2026-03-01', to: '2026-03-31' };

/** Issue 12 item 8: a CLIENT member sees the clients an administrator linked them to, and never staff notes or credentials. */
describe('a CLIENT member and the clients they stand for', () => {
  let owner: TestSession;
  let workspaceId: string;
  let clientA: { externalId: string; name: string };
  let clientB: { externalId: string; name: string };

  const linkTo = (member: TestSession, clients: { externalId: string }[]) =>
    call(owner, 'put', `/workspaces/${workspaceId}/members/${member.user.externalId}/clients`, {
      clientIds: clients.map((client) => client.externalId),
    }).expect(200);
  const listed = async (session: TestSession) =>
    (await call(session, 'get', '/clients').query({ workspaceId }).expect(200)).body.clients.map((client: { name: string }) => client.name);
  const detail = (session: TestSession, client: { externalId: string }) =>
    call(session, 'get', `/clients/${client.externalId}`).query({ workspaceId });

  before(async () => {
    ({ owner, workspaceId } = await workspaceWithExamplePlugin('client-scope-owner'));
    await stepUp(owner);
    clientA = await createClient(owner, workspaceId, individualClient({ name: 'Kaveri Anand' }));
    clientB = await createClient(owner, workspaceId, businessClient({ name: 'Kaveri Bharat Traders' }));
    for (const client of [clientA, clientB]) {
      await call(owner, 'post', `/clients/${client.externalId}/credentials`, {
        workspaceId,
        platformName: 'GST',
        username: `gst_${client.name.split(' ')[1].toLowerCase()}`,
        password: 'Gst#Portal#2026',
      }).expect(201);
      await call(owner, 'post', `/clients/${client.externalId}/notes`, { workspaceId, content: `Fee for ${client.name} agreed` }).expect(201);
      await addReminder(owner, workspaceId, { title: `Kaveri filing for ${client.name}`, dueOn: '2026-03-10', clientId: client.externalId });
    }
  });

  describe('linked to client A of a workspace with clients A and B', () => {
    let member: TestSession;

    before(async () => {
      member = await memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [clientA.externalId] });
      // Verified, so what refuses the routes behind a step-up below is the permission alone.
      await stepUp(member);
    });

    it('lists, counts the credentials of and opens client A only; client B is not found', async () => {
      expect(await listed(owner)).to.deep.equal(['Kaveri Anand', 'Kaveri Bharat Traders']);
      expect(await listed(member)).to.deep.equal(['Kaveri Anand']);
      const searched = await call(member, 'get', '/clients').query({ workspaceId, search: 'bharat' }).expect(200);
      expect(searched.body.clients).to.deep.equal([]);
      const businesses = await call(member, 'get', '/clients').query({ workspaceId, type: 'BUSINESS' }).expect(200);
      expect(businesses.body.clients).to.deep.equal([]);

      const status = await call(member, 'get', '/clients/credentials-status').query({ workspaceId }).expect(200);
      expect(status.body.status).to.deep.equal({ [clientA.externalId]: [{ platformName: 'GST', isValid: true }] });

      const own = await detail(member, clientA).expect(200);
      expect(own.body.client).to.include({ externalId: clientA.externalId, name: 'Kaveri Anand', aadhaarNumber: own.body.client.aadhaarNumber });
      expect(own.body.client.aadhaarNumber).to.match(/^XXXX-XXXX-\d{4}$/);
      expect((await detail(member, clientB).expect(404)).body).to.deep.equal(CLIENT_NOT_FOUND);
    });

    it('never reads the staff notes or the credentials, not even of client A', async () => {
      for (const client of [clientA, clientB]) {
        for (const part of ['notes', 'credentials']) {
          const refused = await call(member, 'get', `/clients/${client.externalId}/${part}`).query({ workspaceId }).expect(403);
          expect(refused.body, `${part} of ${client.name}`).to.deep.equal(NO_PERMISSION);
        }
      }
    });

    it('is refused every other clients route, for client A and client B alike, and changes nothing', async () => {
      const before = await workspaceRecords();
      const ofClient = (client: { externalId: string; name: string }): [string, Test][] => [
        [`aadhaar of ${client.name}`, call(member, 'get', `/clients/${client.externalId}/aadhaar`).query({ workspaceId })],
        [`note on ${client.name}`, call(member, 'post', `/clients/${client.externalId}/notes`, { workspaceId, content: 'From the client' })],
        [
          `credentials of ${client.name}`,
          call(member, 'post', `/clients/${client.externalId}/credentials`, {
            workspaceId,
            platformName: 'GST',
            username: 'mine',
            password: 'Mine#Pass1',
          }),
        ],
        [`password of ${client.name}`, call(member, 'get', `/clients/${client.externalId}/credentials/GST/reveal`).query({ workspaceId })],
        [
          `patch of ${client.name}`,
          call(member, 'patch', `/clients/${client.externalId}`, { workspaceExternalId: workspaceId, phone: '9123456780' }),
        ],
        [
          `deletion of ${client.name}`,
          call(member, 'delete', `/clients/${client.externalId}`, { workspaceExternalId: workspaceId, confirmation: client.name }),
        ],
      ];
      const credentialRow = {
        email: uniqueClientEmail(),
        platform: 'GST',
        username: 'mine',
        password: 'Mine#Pass1',
        name: 'Mine',
        phone: '9876543210',
      };
      const attempts: [string, Test][] = [
        ...ofClient(clientA),
        ...ofClient(clientB),
        ['new client', call(member, 'post', '/clients', { ...individualClient(), workspaceExternalId: workspaceId })],
        ['bulk upload', uploadCsv(member, workspaceId, bulkImportTemplate())],
        [
          'credential import',
          call(member, 'post', '/clients/credentials/import', { rows: [{ ...credentialRow, panNumber: uniquePanOfHolder('P') }] }).query({
            workspaceId,
          }),
        ],
        ['credential import status', call(member, 'get', `/clients/credentials/import/${randomUUID()}`).query({ workspaceId })],
      ];
      for (const [label, response] of await Promise.all(attempts.map(async ([label, request]) => [label, await request] as const))) {
        expect(response.body, `${label}: ${response.status}`).to.deep.equal(NO_PERMISSION);
      }
      expect(await workspaceRecords()).to.deep.equal(before);
    });

    it("finds, counts and shows on the calendar client A's records only", async () => {
      const search = await call(member, 'get', '/search').query({ workspaceId, q: 'kaveri' }).expect(200);
      expect(search.body.results.map((hit: { title: string }) => hit.title)).to.deep.equal(['Kaveri Anand', 'Kaveri filing for Kaveri Anand']);

      const stats = await call(member, 'get', '/dashboard/stats').query({ workspaceId }).expect(200);
      expect(stats.body.stats).to.deep.equal({ totalClients: 1, openReminders: 1 });
      const ownerStats = await call(owner, 'get', '/dashboard/stats').query({ workspaceId }).expect(200);
      expect(ownerStats.body.stats).to.deep.equal({ totalClients: 2, openReminders: 2 });

      const calendar = await call(member, 'get', '/calendar')
        .query({ workspaceId, ...MARCH })
        .expect(200);
      expect(calendar.body.items.map((item: { title: string }) => item.title)).to.deep.equal(['Kaveri filing for Kaveri Anand']);
    });

    async function workspaceRecords() {
      const workspaceRowId = await internalIdOf(workspaceId);
      const rows = (table: string) => db()(table).where({ workspace_id: workspaceRowId }).orderBy('id');
      return {
        clients: await rows('clients'),
        notes: await rows('client_notes'),
        credentials: await rows('client_credentials'),
        imports: await rows('credential_imports'),
        activity: await rows('activity_log'),
      };
    }
  });

  describe('links changed by an administrator', () => {
    it('take effect with the next request', async () => {
      const member = await memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [clientA.externalId] });
      expect(await listed(member)).to.deep.equal(['Kaveri Anand']);

      await linkTo(member, [clientB]);
      expect(await listed(member)).to.deep.equal(['Kaveri Bharat Traders']);
      expect((await detail(member, clientA).expect(404)).body).to.deep.equal(CLIENT_NOT_FOUND);
      await detail(member, clientB).expect(200);

      await linkTo(member, [clientB, clientA]);
      expect(await listed(member)).to.deep.equal(['Kaveri Anand', 'Kaveri Bharat Traders']);
      const search = await call(member, 'get', '/search').query({ workspaceId, q: 'kaveri' }).expect(200);
      expect(search.body.results).to.have.length(4);

      await linkTo(member, []);
      expect(await listed(member)).to.deep.equal([]);
      const stats = await call(member, 'get', '/dashboard/stats').query({ workspaceId }).expect(200);
      expect(stats.body.stats).to.deep.equal({ totalClients: 0, openReminders: 0 });
      const calendar = await call(member, 'get', '/calendar')
        .query({ workspaceId, ...MARCH })
        .expect(200);
      expect(calendar.body.items).to.deep.equal([]);
    });

    it('are dropped when the member becomes staff, who see every client, and stay dropped if made a client again', async () => {
      const member = await memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [clientA.externalId] });
      const changeRole = (role: string) => call(owner, 'patch', `/workspaces/${workspaceId}/members/${member.user.externalId}`, { role }).expect(200);

      expect((await changeRole('EMPLOYEE')).body.member)
        .to.include({ role: 'EMPLOYEE' })
        .and.deep.include({ clients: [] });
      expect(await listed(member)).to.deep.equal(['Kaveri Anand', 'Kaveri Bharat Traders']);
      await call(member, 'get', `/clients/${clientB.externalId}/notes`).query({ workspaceId }).expect(200);

      expect((await changeRole('CLIENT')).body.member).to.deep.include({ role: 'CLIENT', clients: [] });
      expect(await listed(member)).to.deep.equal([]);
      expect((await detail(member, clientA).expect(404)).body).to.deep.equal(CLIENT_NOT_FOUND);
    });
  });
});
