import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createWorkspace, signedInUser, workspaceWithEveryRole, type TestSession } from '../../plugin-api/testing/http';
import { stepUp } from '../../plugin-api/testing/step-up';
import type { Role } from '../../platform/identity';
import { GSTIN_CHECK_WARNING, gstinPanMismatchWarning } from '../gstin';
import { MESSAGES } from '../schemas';
import {
  businessClient,
  call,
  createClient,
  db,
  gstinOf,
  individualClient,
  internalIdOf,
  NO_PERMISSION,
  uniquePan,
  WORKSPACE_NOT_FOUND,
} from './support';

const ROLES: Role[] = ['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT'];
const MALFORMED_IDS = ['not-a-uuid', '12', `${randomUUID()}0`];

describe('clients', () => {
  let owner: TestSession;
  let workspaceId: string;

  before(async () => {
    owner = await signedInUser('clients-owner');
    workspaceId = (await createWorkspace(owner)).externalId;
    await stepUp(owner);
  });

  const create = (fields: Record<string, unknown>) => call(owner, 'post', '/clients', { ...fields, workspaceExternalId: workspaceId });

  describe('creating', () => {
    it('creates a business client: 201 with the client and no warnings', async () => {
      const fields = businessClient({ panNumber: 'aabck 1234d', gstin: '', tan: 'blrk12345c', phone: '+91 98200-12345' });
      const { status, body } = await create(fields);
      expect(status, JSON.stringify(body)).to.equal(201);
      expect(body.warnings).to.deep.equal([]);
      expect(body.client).to.include({
        clientType: 'BUSINESS',
        name: 'Kaveri Textiles Pvt Ltd',
        panNumber: 'AABCK1234D',
        tan: 'BLRK12345C',
        phone: '+919820012345',
        gstin: null,
        contactPerson: 'Sunil Rao',
      });
      expect(body.client.externalId).to.match(/^[0-9a-f-]{36}$/);
      expect(body.client).to.not.have.property('aadhaarNumber');
    });

    it('creates an individual client with the Aadhaar number masked', async () => {
      const fields = individualClient({ aadhaarNumber: '2345 6789 0123' });
      const { status, body } = await create(fields);
      expect(status, JSON.stringify(body)).to.equal(201);
      expect(body.client).to.include({ clientType: 'INDIVIDUAL', aadhaarNumber: 'XXXX-XXXX-0123', dateOfBirth: '1984-09-12', occupation: 'Doctor' });
      expect(body.client).to.not.have.property('gstin');
    });

    const invalid: [string, Record<string, unknown>, string, string][] = [
      ['a missing client type', businessClient({ clientType: undefined }), 'clientType', MESSAGES.clientType],
      ['an unknown client type', businessClient({ clientType: 'TRUST' }), 'clientType', MESSAGES.clientType],
      ['a one-letter name', businessClient({ name: ' A ' }), 'name', 'Name must be at least 2 characters'],
      ['a bad email', businessClient({ email: 'not-an-email' }), 'email', 'Invalid email address'],
      ['a landline number', businessClient({ phone: '0222345678' }), 'phone', 'Invalid Indian phone number'],
      ['a number starting with 5', businessClient({ phone: '5876543210' }), 'phone', 'Invalid Indian phone number'],
      ['a bad PAN', businessClient({ panNumber: 'ABCD12345F' }), 'panNumber', 'Invalid PAN number format'],
      ['a bad GSTIN', businessClient({ gstin: '27ABCDE1234F1A5' }), 'gstin', 'Invalid GSTIN'],
      ['a missing business address', businessClient({ businessAddress: '  ' }), 'businessAddress', 'Business address is required'],
      ['an address with other characters', businessClient({ businessAddress: '12 <script>' }), 'businessAddress', MESSAGES.addressCharacters],
      ['a bad TAN', businessClient({ tan: 'ABC123456E' }), 'tan', 'Invalid TAN format (expected ABCD12345E)'],
      [
        'a short residential address',
        individualClient({ residentialAddress: 'Pune' }),
        'residentialAddress',
        'Address must be at least 5 characters',
      ],
      ['an 11-digit Aadhaar', individualClient({ aadhaarNumber: '12345678901' }), 'aadhaarNumber', 'Aadhaar number must be 12 digits'],
      ['a missing Aadhaar', individualClient({ aadhaarNumber: undefined }), 'aadhaarNumber', 'Aadhaar number must be 12 digits'],
      ['an impossible date of birth', individualClient({ dateOfBirth: '1990-02-30' }), 'dateOfBirth', MESSAGES.dateOfBirth],
      ['a date of birth before 1900', individualClient({ dateOfBirth: '1899-12-31' }), 'dateOfBirth', MESSAGES.dateOfBirth],
      ['a wrongly typed name', businessClient({ name: 42 }), 'name', 'Name must be at least 2 characters'],
    ];
    for (const [what, fields, field, message] of invalid) {
      it(`refuses ${what}: 400 "${message}"`, async () => {
        const { status, body } = await create(fields);
        expect(status).to.equal(400);
        expect(body.error).to.equal(message);
        expect(body.details[field]).to.include(message);
      });
    }

    it('warns, without refusing, about a GSTIN with a wrong check digit or another PAN inside', async () => {
      const pan = uniquePan();
      const correct = gstinOf(pan);
      const wrongCheck = `${correct.slice(0, 14)}${correct[14] === '0' ? '1' : '0'}`;
      const checkOnly = await create(businessClient({ panNumber: pan, gstin: wrongCheck })).expect(201);
      expect(checkOnly.body.warnings).to.deep.equal([GSTIN_CHECK_WARNING]);

      const otherPan = uniquePan();
      const mismatch = await create(businessClient({ panNumber: uniquePan(), gstin: gstinOf(otherPan) })).expect(201);
      expect(mismatch.body.warnings).to.deep.equal([gstinPanMismatchWarning(otherPan)]);
    });

    it('refuses a PAN or email already used in the workspace with 409, emails compared without case', async () => {
      const first = businessClient();
      await create(first).expect(201);
      const samePan = await create(individualClient({ panNumber: first.panNumber.toLowerCase() }));
      expect(samePan.status).to.equal(409);
      expect(samePan.body).to.deep.equal({ error: 'A client with this PAN already exists in this workspace' });
      const sameEmail = await create(individualClient({ email: first.email.toUpperCase() }));
      expect(sameEmail.status).to.equal(409);
      expect(sameEmail.body).to.deep.equal({ error: 'A client with this email already exists in this workspace' });
    });

    it('answers two simultaneous creations of one PAN with one 201 and one 409', async () => {
      const panNumber = uniquePan();
      const statuses = (await Promise.all([create(businessClient({ panNumber })), create(individualClient({ panNumber }))])).map((r) => r.status);
      expect(statuses.sort((a, b) => a - b)).to.deep.equal([201, 409]);
    });

    it('allows the same PAN in another workspace', async () => {
      const fields = businessClient();
      await create(fields).expect(201);
      const otherWorkspace = (await createWorkspace(owner)).externalId;
      await call(owner, 'post', '/clients', { ...fields, workspaceExternalId: otherWorkspace }).expect(201);
    });
  });

  describe('Aadhaar', () => {
    it('is stored only as a ciphertext and revealed in full to a manager, with an activity entry', async () => {
      const client = await createClient(owner, workspaceId, individualClient({ aadhaarNumber: '987654321098' }));
      const row = await db()('clients').where({ external_id: client.externalId }).first();
      expect(JSON.stringify(row)).to.not.include('987654321098');
      expect(row.aadhaar_ciphertext).to.match(/^v1\./);

      const detail = await call(owner, 'get', `/clients/${client.externalId}`).query({ workspaceId }).expect(200);
      expect(detail.body.client.aadhaarNumber).to.equal('XXXX-XXXX-1098');
      const revealed = await call(owner, 'get', `/clients/${client.externalId}/aadhaar`).query({ workspaceId }).expect(200);
      expect(revealed.body).to.deep.equal({ aadhaarNumber: '987654321098' });
      const logged = await db()('activity_log').where({ action: 'client.aadhaar_revealed', entity_id: client.externalId }).count({ count: '*' });
      expect(Number(logged[0].count)).to.equal(1);
    });

    it('reports a ciphertext moved from another client as unreadable', async () => {
      const [from, to] = await Promise.all([
        createClient(owner, workspaceId, individualClient()),
        createClient(owner, workspaceId, individualClient()),
      ]);
      const source = await db()('clients').where({ external_id: from.externalId }).first('aadhaar_ciphertext');
      await db()('clients').where({ external_id: to.externalId }).update({ aadhaar_ciphertext: source.aadhaar_ciphertext });
      const { body } = await call(owner, 'get', `/clients/${to.externalId}/aadhaar`).query({ workspaceId }).expect(200);
      expect(body).to.deep.equal({ aadhaarNumber: null, unreadable: true });
    });
  });

  describe('reading, updating and deleting', () => {
    it('answers the details with credential statuses, and 404 "Client not found" for unknown or malformed ids', async () => {
      const client = await createClient(owner, workspaceId, businessClient());
      const { body } = await call(owner, 'get', `/clients/${client.externalId}`).query({ workspaceId }).expect(200);
      expect(body.client).to.include({ externalId: client.externalId, name: client.name });
      expect(body.client.credentials).to.deep.equal([]);
      for (const id of [randomUUID(), ...MALFORMED_IDS]) {
        for (const [method, path] of [
          ['get', `/clients/${id}`],
          ['patch', `/clients/${id}`],
          ['delete', `/clients/${id}`],
          ['get', `/clients/${id}/notes`],
          ['get', `/clients/${id}/credentials`],
        ] as const) {
          const response = await call(
            owner,
            method,
            path,
            method === 'get' ? undefined : { workspaceExternalId: workspaceId, confirmation: 'x' },
          ).query({ workspaceId });
          expect(response.status, `${method} ${path}`).to.equal(404);
          expect(response.body).to.deep.equal({ error: 'Client not found' });
        }
      }
    });

    it('updates only the fields sent, validates them, re-checks uniqueness and keeps the client type', async () => {
      const client = await createClient(owner, workspaceId, individualClient());
      const other = individualClient();
      await createClient(owner, workspaceId, other);
      const path = `/clients/${client.externalId}`;

      const updated = await call(owner, 'patch', path, {
        workspaceExternalId: workspaceId,
        occupation: 'Surgeon',
        aadhaarNumber: '111122223333',
      }).expect(200);
      expect(updated.body.client).to.include({ occupation: 'Surgeon', aadhaarNumber: 'XXXX-XXXX-3333', name: 'Meera Krishnan' });
      expect(updated.body.warnings).to.deep.equal([]);

      const bad = await call(owner, 'patch', path, { workspaceExternalId: workspaceId, phone: '12345' }).expect(400);
      expect(bad.body.error).to.equal('Invalid Indian phone number');
      const retyped = await call(owner, 'patch', path, { workspaceExternalId: workspaceId, clientType: 'BUSINESS' }).expect(400);
      expect(retyped.body.error).to.equal('Client type cannot be changed');
      const taken = await call(owner, 'patch', path, { workspaceExternalId: workspaceId, email: other.email.toUpperCase() }).expect(409);
      expect(taken.body.error).to.equal('A client with this email already exists in this workspace');
      await call(owner, 'patch', path, { workspaceExternalId: workspaceId, tan: '' }).expect(200);

      const revealed = await call(owner, 'get', `${path}/aadhaar`).query({ workspaceId }).expect(200);
      expect(revealed.body.aadhaarNumber).to.equal('111122223333');
    });

    it('returns GSTIN warnings on update', async () => {
      const client = await createClient(owner, workspaceId, businessClient());
      const otherPan = uniquePan();
      const { body } = await call(owner, 'patch', `/clients/${client.externalId}`, {
        workspaceExternalId: workspaceId,
        gstin: gstinOf(otherPan),
      }).expect(200);
      expect(body.warnings).to.deep.equal([gstinPanMismatchWarning(otherPan)]);
    });

    it('deletes only with the exact name typed, together with the client’s notes and credentials', async () => {
      const client = await createClient(owner, workspaceId, businessClient({ name: 'Cascade Works' }));
      await call(owner, 'post', `/clients/${client.externalId}/notes`, { workspaceId, content: 'Call about GSTR-3B' }).expect(201);
      await call(owner, 'post', `/clients/${client.externalId}/credentials`, {
        workspaceId,
        platformName: 'GST',
        username: 'cascade_gst',
        password: 'Portal#Pass1',
      }).expect(201);
      const clientId = (await db()('clients').where({ external_id: client.externalId }).first('id')).id;

      for (const confirmation of ['cascade works', 'Cascade Works ', '']) {
        const refused = await call(owner, 'delete', `/clients/${client.externalId}`, { workspaceExternalId: workspaceId, confirmation }).expect(400);
        expect(refused.body).to.deep.equal({ error: 'Invalid confirmation' });
      }
      const missing = await call(owner, 'delete', `/clients/${client.externalId}`, { workspaceExternalId: workspaceId }).expect(400);
      expect(missing.body.error).to.equal('Invalid confirmation');

      const deleted = await call(owner, 'delete', `/clients/${client.externalId}`, {
        workspaceExternalId: workspaceId,
        confirmation: 'Cascade Works',
      }).expect(200);
      expect(deleted.body).to.deep.equal({ message: 'Client deleted successfully' });
      expect(await db()('client_notes').where({ client_id: clientId })).to.deep.equal([]);
      expect(await db()('client_credentials').where({ client_id: clientId })).to.deep.equal([]);
      await call(owner, 'get', `/clients/${client.externalId}`).query({ workspaceId }).expect(404);
    });

    it('answers malformed JSON and wrongly shaped bodies with 400, never a 5xx', async () => {
      const raw = await owner.agent
        .post('/axal/api/v1/clients')
        .set('X-CSRF-Token', owner.csrf)
        .set('Content-Type', 'application/json')
        .send('{"clientType": "BUSINESS",');
      expect(raw.status).to.equal(400);
      for (const body of [
        [],
        { workspaceExternalId: workspaceId, clientType: ['BUSINESS'] },
        { workspaceExternalId: workspaceId, ...businessClient({ panNumber: { $ne: 1 } }) },
      ]) {
        const response = await call(owner, 'post', '/clients', body);
        expect([400, 404], JSON.stringify(body)).to.include(response.status);
      }
      await call(owner, 'get', '/clients').query({ workspaceId, limit: 'many' }).expect(400);
      await call(owner, 'get', '/clients').query({ workspaceId, cursor: 'garbage' }).expect(400);
      await call(owner, 'get', '/clients').query({ workspaceId, type: 'TRUST' }).expect(400);
    });
  });

  describe('listing', () => {
    let listOwner: TestSession;
    let listWorkspace: string;

    before(async () => {
      listOwner = await signedInUser('list-owner');
      await stepUp(listOwner);
      listWorkspace = (await createWorkspace(listOwner)).externalId;
      await Promise.all([
        createClient(
          listOwner,
          listWorkspace,
          businessClient({ name: 'Zenith Steel Ltd', panNumber: 'AAZCS4321Q', gstin: null, phone: '9000011111' }),
        ),
        createClient(listOwner, listWorkspace, individualClient({ name: 'anand Deshpande', email: 'Anand.D@Mail.example' })),
        createClient(listOwner, listWorkspace, businessClient({ name: 'Bharat 100% Foods', gstin: '29AAGCB7383J1Z4', panNumber: 'AAGCB7383J' })),
      ]);
    });

    const list = (query: Record<string, unknown>) =>
      call(listOwner, 'get', '/clients')
        .query({ workspaceId: listWorkspace, ...query })
        .expect(200);
    const names = (body: { clients: { name: string }[] }) => body.clients.map((client) => client.name);

    it('lists by name, case-insensitively ordered, with hasInvalidCredentials', async () => {
      const { body } = await list({});
      expect(names(body)).to.deep.equal(['anand Deshpande', 'Bharat 100% Foods', 'Zenith Steel Ltd']);
      expect(body.clients.every((client: { hasInvalidCredentials: boolean }) => client.hasInvalidCredentials === false)).to.equal(true);
      expect(body.nextCursor).to.equal(null);
    });

    it('searches name, email, PAN, GSTIN and phone without regard to case, and filters by type', async () => {
      expect(names((await list({ search: 'STEEL' })).body)).to.deep.equal(['Zenith Steel Ltd']);
      expect(names((await list({ search: 'anand.d@mail' })).body)).to.deep.equal(['anand Deshpande']);
      expect(names((await list({ search: 'aazcs4321' })).body)).to.deep.equal(['Zenith Steel Ltd']);
      expect(names((await list({ search: '29aagcb' })).body)).to.deep.equal(['Bharat 100% Foods']);
      expect(names((await list({ search: '900001' })).body)).to.deep.equal(['Zenith Steel Ltd']);
      expect(names((await list({ search: '100%' })).body)).to.deep.equal(['Bharat 100% Foods']);
      expect(names((await list({ search: '%' })).body)).to.deep.equal(['Bharat 100% Foods']);
      expect(names((await list({ type: 'INDIVIDUAL' })).body)).to.deep.equal(['anand Deshpande']);
      expect(names((await list({ type: 'BUSINESS', search: 'foods' })).body)).to.deep.equal(['Bharat 100% Foods']);
    });

    it('treats a complete PAN or GSTIN as an identifier: its holder, and for a PAN the GSTINs embedding it', async () => {
      const workspaceId = (await createWorkspace(listOwner)).externalId;
      await createClient(listOwner, workspaceId, individualClient({ name: 'Kiran Rao', panNumber: 'ABCPR1234K', email: 'kiran@rao.example' }));
      await createClient(
        listOwner,
        workspaceId,
        businessClient({ name: 'Rao Stores', panNumber: 'ABCFR1111K', gstin: '27ABCPR1234K1Z5', email: 'stores@rao.example' }),
      );
      const search = async (term: string) => names((await call(listOwner, 'get', '/clients').query({ workspaceId, search: term }).expect(200)).body);
      expect(await search(' abcpr1234k ')).to.deep.equal(['Kiran Rao', 'Rao Stores']);
      expect(await search('ABCFR1111K')).to.deep.equal(['Rao Stores']);
      expect(await search('27abcpr1234k1z5')).to.deep.equal(['Rao Stores']);
      expect(await search('ABCPR1234')).to.deep.equal(['Kiran Rao', 'Rao Stores']);
    });

    it('flags a client whose stored credentials are invalid', async () => {
      const { body } = await list({ search: 'zenith' });
      const id = body.clients[0].externalId;
      await call(listOwner, 'post', `/clients/${id}/credentials`, {
        workspaceId: listWorkspace,
        platformName: 'INCOME_TAX',
        username: 'AAZCS4321Q',
        password: 'Itr#2026pass',
      }).expect(201);
      await db()('client_credentials')
        .update({ is_valid: false })
        .where({ workspace_id: await internalIdOf(listWorkspace) });
      expect((await list({ search: 'zenith' })).body.clients[0].hasInvalidCredentials).to.equal(true);
      const status = await call(listOwner, 'get', '/clients/credentials-status').query({ workspaceId: listWorkspace }).expect(200);
      expect(status.body).to.deep.equal({ status: { [id]: [{ platformName: 'INCOME_TAX', isValid: false }] } });
    });

    it('pages with an opaque cursor, with no duplicates or gaps while clients are added', async () => {
      const pager = await signedInUser('pager');
      const pagerWorkspace = (await createWorkspace(pager)).externalId;
      const original = Array.from({ length: 7 }, (_, index) => `Client ${String.fromCharCode(66 + index * 3)}`);
      for (const name of original) await createClient(pager, pagerWorkspace, individualClient({ name }));
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: Record<string, unknown> = { workspaceId: pagerWorkspace, limit: 3, ...(cursor ? { cursor } : {}) };
        const { body } = await call(pager, 'get', '/clients').query(query).expect(200);
        seen.push(...names(body));
        cursor = body.nextCursor;
        pages += 1;
        // Added between pages: one sorting before what was read, one after it.
        await createClient(pager, pagerWorkspace, individualClient({ name: `Client A${pages}` }));
        await createClient(pager, pagerWorkspace, individualClient({ name: `Client Z${pages}` }));
      } while (cursor);
      expect(new Set(seen).size).to.equal(seen.length);
      expect(seen.filter((name) => original.includes(name))).to.deep.equal(original);
      expect(seen).to.deep.equal([...seen].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    });

    it('refuses a limit over 100', async () => {
      const { body } = await call(listOwner, 'get', '/clients').query({ workspaceId: listWorkspace, limit: 101 }).expect(400);
      expect(body.error).to.equal('limit must be a number from 1 to 100');
    });
  });

  describe('permissions of every role', () => {
    let sessions: Record<Role, TestSession>;
    let everyRoleWorkspace: string;
    let clientId: string;

    before(async () => {
      const setup = await workspaceWithEveryRole();
      sessions = setup.sessions;
      everyRoleWorkspace = setup.workspace.externalId;
      // Verified, so what tells the roles apart below is the permission alone.
      await Promise.all(Object.values(sessions).map(stepUp));
      clientId = (await createClient(sessions.OWNER, everyRoleWorkspace, individualClient({ name: 'Role Matrix Client' }))).externalId;
      // A CLIENT member sees the clients they stand for only.
      await call(sessions.OWNER, 'put', `/workspaces/${everyRoleWorkspace}/members/${sessions.CLIENT.user.externalId}/clients`, {
        clientIds: [clientId],
      }).expect(200);
    });

    for (const role of ROLES) {
      const manages = role === 'OWNER' || role === 'ADMIN';
      it(`${role} ${manages ? 'reads and manages' : 'reads but may not change'} clients`, async () => {
        const session = sessions[role];
        const ws = everyRoleWorkspace;
        await call(session, 'get', '/clients').query({ workspaceId: ws }).expect(200);
        const detail = await call(session, 'get', `/clients/${clientId}`).query({ workspaceId: ws }).expect(200);
        expect(detail.body.client.aadhaarNumber).to.match(/^XXXX-XXXX-\d{4}$/);
        await call(session, 'get', '/clients/credentials-status').query({ workspaceId: ws }).expect(200);

        const writes = [
          call(session, 'post', '/clients', { ...businessClient(), workspaceExternalId: ws }),
          call(session, 'patch', `/clients/${clientId}`, { workspaceExternalId: ws, occupation: `Set by ${role}` }),
          call(session, 'get', `/clients/${clientId}/aadhaar`).query({ workspaceId: ws }),
        ];
        for (const response of await Promise.all(writes)) {
          if (manages) expect(response.status, JSON.stringify(response.body)).to.be.oneOf([200, 201]);
          else expect(response.body, `${response.status}`).to.deep.equal(NO_PERMISSION);
        }
        const deletion = await call(session, 'delete', `/clients/${clientId}`, { workspaceExternalId: ws, confirmation: 'wrong name' });
        expect(deletion.status).to.equal(manages ? 400 : 403);
      });
    }

    it('a non-member gets 404 "Workspace not found" for every client route', async () => {
      const stranger = await signedInUser('stranger');
      const responses = await Promise.all([
        call(stranger, 'get', '/clients').query({ workspaceId: everyRoleWorkspace }),
        call(stranger, 'get', `/clients/${clientId}`).query({ workspaceId: everyRoleWorkspace }),
        call(stranger, 'post', '/clients', { ...businessClient(), workspaceExternalId: everyRoleWorkspace }),
      ]);
      for (const response of responses) expect(response.body).to.deep.equal(WORKSPACE_NOT_FOUND);
      const missing = await call(stranger, 'get', '/clients').expect(400);
      expect(missing.body).to.deep.equal({ error: 'Workspace ID is required' });
    });
  });
});
