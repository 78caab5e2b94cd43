import { expect } from 'chai';
import { eventually } from '../../plugin-api/testing/eventually';
import { APP, createWorkspace, memberWithRole, signedInUser, type TestSession } from '../../plugin-api/testing/http';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { stepUp } from '../../plugin-api/testing/step-up';
import type { EventBus } from '../../platform/events';
import { TOKENS } from '../../platform/tokens';
import type { ClientDirectory } from '../client-directory';
import { CLIENT_EVENTS, type ClientEvent } from '../client-events';
import { businessClient, call, createClient, db, individualClient, internalIdOf, uniquePanOfHolder, uploadCsv } from './support';

const directory = () => sharedHost().host.container.get<ClientDirectory>(TOKENS.Clients);
const clientRowId = async (externalId: string): Promise<number> => (await db()('clients').where({ external_id: externalId }).first('id')).id;

describe('client directory (TOKENS.Clients)', () => {
  let owner: TestSession;
  let workspaceId: string;
  let workspaceRowId: number;
  let kaveri: { externalId: string; name: string };
  let meera: { externalId: string; name: string };
  let otherWorkspaceClient: { externalId: string; name: string };

  before(async () => {
    owner = await signedInUser('directory-owner');
    workspaceId = (await createWorkspace(owner)).externalId;
    workspaceRowId = await internalIdOf(workspaceId);
    kaveri = await createClient(owner, workspaceId, businessClient({ name: 'Kaveri Textiles Pvt Ltd', email: 'Accounts@Kaveri.example' }));
    meera = await createClient(owner, workspaceId, individualClient({ name: 'Meera Krishnan' }));
    const elsewhere = (await createWorkspace(owner)).externalId;
    otherWorkspaceClient = await createClient(owner, elsewhere, businessClient({ name: 'Elsewhere Traders' }));
  });

  it('finds a client by external id with the fields plugins need, and nothing secret', async () => {
    const found = await directory().byExternalId(workspaceRowId, kaveri.externalId.toUpperCase());
    expect(found).to.deep.equal({
      id: await clientRowId(kaveri.externalId),
      externalId: kaveri.externalId,
      name: 'Kaveri Textiles Pvt Ltd',
      email: 'Accounts@Kaveri.example',
      clientType: 'BUSINESS',
      panNumber: found.panNumber,
    });
    expect(found.panNumber).to.match(/^[A-Z]{5}\d{4}[A-Z]$/);
  });

  it('answers 404 in the caller’s words for an unknown, malformed or other workspace’s client', async () => {
    for (const externalId of [otherWorkspaceClient.externalId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const fallback = await directory()
        .byExternalId(workspaceRowId, externalId)
        .catch((error: unknown) => error);
      expect(fallback).to.include({ status: 404, message: 'Client not found' });
      const worded = await directory()
        .byExternalId(workspaceRowId, externalId, { notFoundMessage: 'No such client here' })
        .catch((error: unknown) => error);
      expect(worded).to.include({ status: 404, message: 'No such client here' });
    }
  });

  it('reads inside the caller’s transaction what no one else sees yet', async () => {
    const rollBack = new Error('roll back');
    const outcome = await db()
      .transaction(async (trx) => {
        const [row] = await trx('clients')
          .insert({
            workspace_id: workspaceRowId,
            client_type: 'INDIVIDUAL',
            name: 'Inside Person',
            email: 'inside@clients.example',
            phone: '9845012345',
            pan_number: 'ABCPI1234Z',
          })
          .returning(['id', 'external_id']);
        expect((await directory().byExternalId(workspaceRowId, row.external_id, { trx })).name).to.equal('Inside Person');
        expect([...(await directory().byIds(workspaceRowId, [row.id], trx)).keys()]).to.deep.equal([row.id]);
        expect((await directory().byIds(workspaceRowId, [row.id])).size).to.equal(0);
        throw rollBack;
      })
      .catch((error: unknown) => error);
    if (outcome !== rollBack) throw outcome;
  });

  it('maps serial ids to clients, leaving out other workspaces’ and unknown ids', async () => {
    const ids = await Promise.all([kaveri, meera, otherWorkspaceClient].map((client) => clientRowId(client.externalId)));
    const found = await directory().byIds(workspaceRowId, [...ids, ids[0], 987_654_321]);
    const ascending = (left: number, right: number) => left - right;
    expect([...found.keys()].sort(ascending)).to.deep.equal([ids[0], ids[1]].sort(ascending));
    expect(found.get(ids[1])).to.include({ externalId: meera.externalId, name: 'Meera Krishnan', clientType: 'INDIVIDUAL' });
    expect((await directory().byIds(workspaceRowId, [])).size).to.equal(0);
  });

  it('searches like the clients list, ordered by name and limited', async () => {
    expect((await directory().search(workspaceRowId, 'kaveri', 10)).map((client) => client.name)).to.deep.equal(['Kaveri Textiles Pvt Ltd']);
    const pan = (await directory().byExternalId(workspaceRowId, meera.externalId)).panNumber;
    expect((await directory().search(workspaceRowId, pan.toLowerCase(), 10)).map((client) => client.externalId)).to.deep.equal([meera.externalId]);
    expect((await directory().search(workspaceRowId, '', 10)).map((client) => client.name)).to.deep.equal([
      'Kaveri Textiles Pvt Ltd',
      'Meera Krishnan',
    ]);
    expect(await directory().search(workspaceRowId, '', 0)).to.have.length(1);
    expect(await directory().search(workspaceRowId, 'Elsewhere', 10)).to.deep.equal([]);
  });

  it('tells which clients a member stands for: all for staff, those linked to them for a CLIENT member', async () => {
    const member = await memberWithRole(owner, workspaceId, 'CLIENT');
    const userId: number = (await db()('users').where({ external_id: member.user.externalId }).first('id')).id;
    const [kaveriId, meeraId] = await Promise.all([kaveri, meera].map((client) => clientRowId(client.externalId)));
    const link = (clientIds: number[]) => db().transaction((trx) => directory().linkMemberToClients(workspaceRowId, userId, clientIds, trx));
    const asClient = { role: 'CLIENT' as const, userId };

    expect(await directory().clientsOfMember(workspaceRowId, asClient)).to.deep.equal([]);
    await link([meeraId, kaveriId, meeraId]);
    expect(await directory().clientsOfMember(workspaceRowId, asClient)).to.deep.equal([kaveriId, meeraId].sort((left, right) => left - right));
    expect(await directory().clientsOfMember(workspaceRowId, { role: 'EMPLOYEE', userId })).to.equal(null);
    const byName = [
      { externalId: kaveri.externalId, name: 'Kaveri Textiles Pvt Ltd' },
      { externalId: meera.externalId, name: 'Meera Krishnan' },
    ];
    expect(await directory().linkedClientsOf(workspaceRowId, userId)).to.deep.equal(byName);
    expect((await directory().clientsByMember(workspaceRowId)).get(userId)).to.deep.equal(byName);

    await link([meeraId]);
    expect(await directory().clientsOfMember(workspaceRowId, asClient)).to.deep.equal([meeraId]);
    expect(await directory().memberSeesClient(workspaceRowId, asClient, meeraId)).to.equal(true);
    expect(await directory().memberSeesClient(workspaceRowId, asClient, kaveriId)).to.equal(false);
    expect(await directory().memberSeesClient(workspaceRowId, asClient, null), "the firm's own record").to.equal(false);
    expect(await directory().memberSeesClient(workspaceRowId, { role: 'EMPLOYEE', userId }, null)).to.equal(true);
    expect(await directory().memberSeesClient(workspaceRowId, { role: null, userId }, meeraId), 'someone who has left').to.equal(false);
    expect(await directory().memberSeesClient(workspaceRowId, undefined, meeraId), 'someone not known').to.equal(false);
    // Another workspace's question about the same member finds none of these clients.
    expect(await directory().clientsOfMember(await internalIdOf((await createWorkspace(owner)).externalId), asClient)).to.deep.equal([]);
  });

  it('resolves external ids of the workspace’s clients in the order given, 404 when any is not one', async () => {
    const resolved = await directory().resolveExternalIds(workspaceRowId, [meera.externalId.toUpperCase(), kaveri.externalId, meera.externalId]);
    expect(resolved.map((client) => client.name)).to.deep.equal(['Meera Krishnan', 'Kaveri Textiles Pvt Ltd']);
    expect(await directory().resolveExternalIds(workspaceRowId, [])).to.deep.equal([]);
    for (const externalIds of [[otherWorkspaceClient.externalId], [kaveri.externalId, '00000000-0000-4000-8000-000000000000'], ['not-an-id']]) {
      const refused = await directory()
        .resolveExternalIds(workspaceRowId, externalIds)
        .catch((error: unknown) => error);
      expect(refused, JSON.stringify(externalIds)).to.include({ status: 404, message: 'Client not found' });
    }
  });
});

describe('client events', () => {
  let owner: TestSession;
  let workspaceId: string;
  let workspaceRowId: number;
  const received: { topic: string; event: ClientEvent }[] = [];
  const unsubscribers: (() => Promise<void>)[] = [];
  const eventsOf = (topic: string) =>
    received.filter((entry) => entry.topic === topic && entry.event.workspaceId === workspaceRowId).map((entry) => entry.event);

  before(async () => {
    owner = await signedInUser('events-owner');
    workspaceId = (await createWorkspace(owner)).externalId;
    workspaceRowId = await internalIdOf(workspaceId);
    const bus = sharedHost().host.container.get<EventBus>(TOKENS.Events);
    for (const topic of Object.values(CLIENT_EVENTS)) {
      unsubscribers.push(await bus.subscribe<ClientEvent>(topic, (event) => received.push({ topic, event })));
    }
  });

  after(async () => {
    for (const unsubscribe of unsubscribers) await unsubscribe();
  });

  it('announces a created, updated and deleted client once each, with its ids', async () => {
    const client = await createClient(owner, workspaceId, businessClient({ name: 'Event Traders' }));
    const expected = { workspaceId: workspaceRowId, clientId: await clientRowId(client.externalId), externalId: client.externalId };
    await eventually(() => eventsOf(CLIENT_EVENTS.created).length === 1, 'client.created');
    expect(eventsOf(CLIENT_EVENTS.created)).to.deep.equal([expected]);

    await call(owner, 'patch', `/clients/${client.externalId}`, { workspaceExternalId: workspaceId, industry: 'Logistics' }).expect(200);
    await eventually(() => eventsOf(CLIENT_EVENTS.updated).length === 1, 'client.updated');
    expect(eventsOf(CLIENT_EVENTS.updated)).to.deep.equal([expected]);

    await call(owner, 'delete', `/clients/${client.externalId}`, { workspaceExternalId: workspaceId, confirmation: 'Event Traders' }).expect(200);
    await eventually(() => eventsOf(CLIENT_EVENTS.deleted).length === 1, 'client.deleted');
    expect(eventsOf(CLIENT_EVENTS.deleted)).to.deep.equal([expected]);
  });

  it('announces every client of a bulk import, and nothing for a refused change', async () => {
    const template = await owner.agent.get(`${APP}/templates/bulk-client-import.csv`).expect(200);
    const before = eventsOf(CLIENT_EVENTS.created).length;
    await uploadCsv(owner, workspaceId, template.text).expect(201);
    const imported: string[] = await db()('clients').where({ workspace_id: workspaceRowId }).pluck('external_id');
    await eventually(() => eventsOf(CLIENT_EVENTS.created).length === before + 2, 'two client.created');
    expect(
      eventsOf(CLIENT_EVENTS.created)
        .slice(before)
        .map((event) => event.externalId)
        .sort(),
    ).to.deep.equal(imported.sort());

    const duplicate = await call(owner, 'post', '/clients', {
      ...businessClient(),
      workspaceExternalId: workspaceId,
      panNumber: (await db()('clients').where({ external_id: imported[0] }).first('pan_number')).pan_number,
    });
    expect(duplicate.status).to.equal(409);
    // A refused change publishes nothing: the import's events were the last, and a marker event after them arrives alone.
    const marker = await createClient(owner, workspaceId, businessClient({ name: 'Marker Client' }));
    await eventually(() => eventsOf(CLIENT_EVENTS.created).some((event) => event.externalId === marker.externalId), 'the marker client.created');
    expect(eventsOf(CLIENT_EVENTS.created)).to.have.length(before + 3);
  });
});

describe('client events of a credential import', () => {
  it('announces the clients an import creates once their rows commit, and none for a row undone', async () => {
    const owner = await signedInUser('import-events-owner');
    const workspaceId = (await createWorkspace(owner)).externalId;
    await stepUp(owner);
    const workspaceRowId = await internalIdOf(workspaceId);
    const created: ClientEvent[] = [];
    const unsubscribe = await sharedHost()
      .host.container.get<EventBus>(TOKENS.Events)
      .subscribe<ClientEvent>(CLIENT_EVENTS.created, (event) => {
        if (event.workspaceId === workspaceRowId) created.push(event);
      });
    try {
      const row = (panNumber: string, phone: string) => ({
        email: `${panNumber.toLowerCase()}@clients.example`,
        platform: 'GST',
        username: 'portal_user',
        password: 'Portal#Pass1',
        name: 'Imported Person',
        phone,
        panNumber,
      });
      const rows = [row(uniquePanOfHolder('P'), '12345'), row(uniquePanOfHolder('P'), '9876543210')];
      const { body } = await call(owner, 'post', '/clients/credentials/import', { workspaceId, rows }).expect(202);
      await eventually(async () => {
        const { body: state } = await call(owner, 'get', `/clients/credentials/import/${body.importId}`).query({ workspaceId }).expect(200);
        return state.status === 'completed';
      }, 'the import to complete');
      const made: string[] = await db()('clients').where({ workspace_id: workspaceRowId }).pluck('external_id');
      expect(made).to.have.length(1);
      await eventually(() => created.length === 1, 'client.created of the imported client');
      expect(created.map((event) => event.externalId)).to.deep.equal(made);
    } finally {
      await unsubscribe();
    }
  });
});

describe('clientLifecycle hooks on client deletion', () => {
  // The lifecycle-fixture test plugin (tests/fixtures/plugins) records every deletion in its own table from inside the
  // deleting transaction, and refuses or fails by markers in the client's name. It is installed but enabled nowhere:
  // hooks run for every installed plugin.
  let owner: TestSession;
  let workspaceId: string;
  const releasesOf = async (clientExternalId: string) =>
    db()('lifecycle_fixture_releases').where({ client_external_id: clientExternalId }).count({ count: '*' }).first();
  const remove = (client: { externalId: string; name: string }) =>
    call(owner, 'delete', `/clients/${client.externalId}`, { workspaceExternalId: workspaceId, confirmation: client.name });
  const stillThere = async (client: { externalId: string }) =>
    (await db()('clients').where({ external_id: client.externalId }).first('id')) !== undefined;

  before(async () => {
    owner = await signedInUser('lifecycle-owner');
    workspaceId = (await createWorkspace(owner)).externalId;
  });

  it('runs every installed plugin’s hook inside the deleting transaction', async () => {
    const client = await createClient(owner, workspaceId, businessClient({ name: 'Released Traders' }));
    await remove(client).expect(200);
    expect(await releasesOf(client.externalId)).to.deep.equal({ count: 1 });
    expect(await stillThere(client)).to.equal(false);
  });

  it('answers a refusal with 409 naming the plugin’s records, and undoes what the hooks did', async () => {
    const client = await createClient(owner, workspaceId, businessClient({ name: 'Kept Traders [keep]' }));
    const refused = await remove(client).expect(409);
    expect(refused.body).to.deep.equal({ error: 'Cannot delete this client: 1 engagement letter belongs to this client' });
    expect(await stillThere(client)).to.equal(true);
    expect(await releasesOf(client.externalId)).to.deep.equal({ count: 0 });
  });

  it('passes a hook’s own HTTP error through, and answers any other failure with a 409 naming the plugin, never a 500', async () => {
    const busy = await createClient(owner, workspaceId, businessClient({ name: 'Busy Traders [busy]' }));
    expect((await remove(busy).expect(409)).body).to.deep.equal({ error: 'The fixture is busy with this client' });

    const failing = await createClient(owner, workspaceId, businessClient({ name: 'Failing Traders [explode]' }));
    const answer = await remove(failing).expect(409);
    expect(answer.body).to.deep.equal({ error: 'Cannot delete this client right now: the Lifecycle Fixture plugin could not release its records' });
    for (const client of [busy, failing]) {
      expect(await stillThere(client)).to.equal(true);
      expect(await releasesOf(client.externalId)).to.deep.equal({ count: 0 });
    }
  });

  it('leaves a CLIENT member unable to delete, as before', async () => {
    const member = await memberWithRole(owner, workspaceId, 'CLIENT');
    const client = await createClient(owner, workspaceId, individualClient({ name: 'Guarded Person' }));
    await call(member, 'delete', `/clients/${client.externalId}`, { workspaceExternalId: workspaceId, confirmation: 'Guarded Person' }).expect(403);
    expect(await releasesOf(client.externalId)).to.deep.equal({ count: 0 });
  });
});
