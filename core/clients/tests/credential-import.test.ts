import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { expect } from 'chai';
import { callWithRawJson } from '../../workspaces/tests/support';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { createWorkspace, signedInUser, workspaceWithEveryRole, type TestSession } from '../../plugin-api/testing/http';
import { stepUp } from '../../plugin-api/testing/step-up';
import type { Role } from '../../platform/identity';
import { CredentialImportService } from '../credential-import-service';
import type { CredentialImportResult } from '../credential-import-rows';
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
  WORKSPACE_NOT_FOUND,
} from './support';

const IMPORT_PATH = '/clients/credentials/import';
/** Polls are this far apart; the loop gives up after POLL_ATTEMPTS, long after any import of these tests ends. */
const POLL_INTERVAL_MS = 25;
const POLL_ATTEMPTS = 1200;

function credentialRow(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueClientEmail(),
    platform: 'GST',
    username: `portal_${randomUUID().slice(0, 8)}`,
    password: `Portal#${randomUUID().slice(0, 12)}`,
    name: 'Imported Person',
    phone: '9876543210',
    panNumber: uniquePanOfHolder('P'),
    ...overrides,
  };
}

interface ImportView {
  importId: string;
  status: string;
  total: number;
  completed: number;
  results: CredentialImportResult[];
}

/** The workspace in the query, as the web app sends it: a body of several megabytes is read only after the workspace gate. */
const startImport = (session: TestSession, workspaceId: string, rows: unknown) => call(session, 'post', IMPORT_PATH, { rows }).query({ workspaceId });

async function importFinished(session: TestSession, workspaceId: string, importId: string): Promise<ImportView> {
  for (let attempt = 0; attempt < POLL_ATTEMPTS; attempt++) {
    const { body } = await call(session, 'get', `${IMPORT_PATH}/${importId}`).query({ workspaceId }).expect(200);
    if (body.status === 'completed' || body.status === 'failed') return body;
    await delay(POLL_INTERVAL_MS);
  }
  throw new Error(`import ${importId} did not finish`);
}

async function importRows(session: TestSession, workspaceId: string, rows: unknown[]): Promise<ImportView> {
  const { status, body } = await startImport(session, workspaceId, rows);
  expect(status, JSON.stringify(body)).to.equal(202);
  expect(body).to.have.keys('importId', 'total');
  return importFinished(session, workspaceId, body.importId);
}

describe('bulk credential import', () => {
  let sessions: Record<Role, TestSession>;
  let owner: TestSession;
  let workspaceId: string;
  let workspaceRowId: number;

  before(async () => {
    const setup = await workspaceWithEveryRole();
    sessions = setup.sessions;
    owner = sessions.OWNER;
    workspaceId = setup.workspace.externalId;
    workspaceRowId = await internalIdOf(workspaceId);
    // Verified, so what tells the roles apart below is the permission alone.
    await Promise.all(Object.values(sessions).map(stepUp));
  });

  const count = async (table: string) => Number((await db()(table).where({ workspace_id: workspaceRowId }).count({ count: '*' }))[0].count);
  const credentialsOf = async (clientId: string) =>
    (await call(owner, 'get', `/clients/${clientId}/credentials`).query({ workspaceId }).expect(200)).body.credentials as {
      platformName: string;
      username: string;
      password: null;
    }[];

  describe('validation', () => {
    it('imports the valid rows and reports each refused row with its number, as spec 5.6 skips invalid rows', async () => {
      const first = credentialRow();
      const last = credentialRow({ platform: 'Income Tax', phone: 9876543210 });
      const rows = [
        first,
        credentialRow({ username: '', password: '   ' }),
        credentialRow({ email: 'not-an-email' }),
        credentialRow({ panNumber: 'ABC12' }),
        credentialRow({ panNumber: first.panNumber.toLowerCase() }),
        credentialRow({ platform: 'MCA' }),
        credentialRow({ panNumber: '' }),
        last,
        credentialRow({ name: 'Nul\u0000Name', username: 'u'.repeat(201) }),
      ];
      const view = await importRows(owner, workspaceId, rows);
      expect(view).to.include({ status: 'completed', total: 9, completed: 9 });
      expect(view.results.map(({ row, outcome, error }) => ({ row, outcome, error }))).to.deep.equal([
        { row: 2, outcome: 'created_client', error: undefined },
        { row: 3, outcome: 'failed', error: 'Missing values for username, password' },
        { row: 4, outcome: 'failed', error: 'Invalid email format' },
        { row: 5, outcome: 'failed', error: 'Invalid PAN number format' },
        { row: 6, outcome: 'failed', error: 'Duplicate PAN number in the file (also on row 2)' },
        { row: 7, outcome: 'failed', error: 'Platform must be GST or Income Tax' },
        { row: 8, outcome: 'failed', error: 'Missing values for panNumber' },
        { row: 9, outcome: 'created_client', error: undefined },
        { row: 10, outcome: 'failed', error: 'Username must be at most 200 characters; Name must not contain control characters' },
      ]);
      // A refused row names its PAN only when it is one.
      expect(view.results.find((result) => result.row === 5)?.panNumber).to.equal('');
      expect(view.results.find((result) => result.row === 6)?.panNumber).to.equal(first.panNumber);
    });

    it('keeps the row numbers the browser sends for rows of a file it partly skipped', async () => {
      const view = await importRows(owner, workspaceId, [
        { ...credentialRow(), row: 4 },
        { ...credentialRow({ email: 'x@y' }), row: 9 },
      ]);
      expect(view.results.map(({ row, outcome, error }) => ({ row, outcome, error }))).to.deep.equal([
        { row: 4, outcome: 'created_client', error: undefined },
        { row: 9, outcome: 'failed', error: 'Invalid email format' },
      ]);
    });

    it('refuses an import without one valid row, listing every row it refused, and stores nothing', async () => {
      const importsBefore = await count('credential_imports');
      const { status, body } = await startImport(owner, workspaceId, [
        credentialRow({ email: 'x@y' }),
        credentialRow({ password: 'tab\tand\u0007bell' }),
      ]);
      expect(status).to.equal(400);
      expect(body).to.deep.equal({
        error: '2 rows have errors',
        rowErrors: [
          { row: 2, message: 'Invalid email format' },
          { row: 3, message: 'Password must not contain control characters' },
        ],
      });
      expect(await count('credential_imports')).to.equal(importsBefore);
    });

    it('refuses a request without rows, with a malformed row number, or not a list', async () => {
      const cases: [unknown, string][] = [
        [[], 'No valid rows to import'],
        ['rows', 'rows must be a list of credential rows'],
        [[{ ...credentialRow(), row: 1 }], 'row must be the row number in the file (2 or more)'],
      ];
      for (const [rows, error] of cases) {
        const { status, body } = await startImport(owner, workspaceId, rows);
        expect(status, JSON.stringify(rows)).to.equal(400);
        expect(body.error).to.equal(error);
      }
    });

    it('reads a request of several megabytes, as 10,000 rows make, and checks every row', async () => {
      const rows = Array.from({ length: 5_000 }, (_, index) =>
        credentialRow({ email: `not-an-email-${index}`, username: 'u'.repeat(200), password: 'p'.repeat(200) }),
      );
      const { status, body } = await startImport(owner, workspaceId, rows);
      expect(status).to.equal(400);
      expect(body.rowErrors).to.have.length.above(0);
      expect(body.rowErrors[0]).to.deep.equal({ row: 2, message: 'Invalid email format' });
    });

    it('answers 413 beyond 10,000 rows or 12 MB of JSON', async () => {
      const tooMany = await startImport(
        owner,
        workspaceId,
        Array.from({ length: 10_001 }, () => ({})),
      ).expect(413);
      expect(tooMany.body).to.deep.equal({ error: 'At most 10,000 rows can be imported at once' });
      const huge = JSON.stringify({ workspaceId, rows: [credentialRow({ name: 'x'.repeat(13 * 1024 * 1024) })] });
      const tooLarge = await callWithRawJson(owner, 'post', IMPORT_PATH, huge).expect(413);
      expect(tooLarge.body).to.deep.equal({ error: 'Request body is too large' });
    });
  });

  it('is for holders of manage_clients: OWNER and ADMIN import, EMPLOYEE and CLIENT get 403', async () => {
    const accepted: Record<string, string> = {};
    for (const role of ['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT'] as Role[]) {
      const response = await startImport(sessions[role], workspaceId, [credentialRow()]);
      if (role === 'OWNER' || role === 'ADMIN') {
        expect(response.status, role).to.equal(202);
        accepted[role] = response.body.importId;
      } else {
        expect(response.status, role).to.equal(403);
        expect(response.body).to.deep.equal(NO_PERMISSION);
        const polled = await call(sessions[role], 'get', `${IMPORT_PATH}/${accepted.OWNER}`).query({ workspaceId }).expect(403);
        expect(polled.body).to.deep.equal(NO_PERMISSION);
      }
    }
    for (const importId of Object.values(accepted)) expect((await importFinished(owner, workspaceId, importId)).status).to.equal('completed');
  });

  it('replaces and adds credentials of existing clients and creates the clients of new PANs, typed by the PAN', async () => {
    const withGst = await createClient(owner, workspaceId, businessClient({ name: 'Existing With GST' }));
    const withoutAny = await createClient(owner, workspaceId, individualClient({ name: 'Existing Without' }));
    await call(owner, 'post', `/clients/${withGst.externalId}/credentials`, {
      workspaceId,
      platformName: 'GST',
      username: 'old_gst_user',
      password: 'Old#Gst#Pass1',
    }).expect(201);
    const panOf = async (clientId: string) =>
      (await call(owner, 'get', `/clients/${clientId}`).query({ workspaceId }).expect(200)).body.client.panNumber as string;

    const rows = [
      credentialRow({ panNumber: await panOf(withGst.externalId), platform: 'GST', username: 'new_gst_user', password: 'New#Gst#Pass2' }),
      credentialRow({
        panNumber: (await panOf(withoutAny.externalId)).toLowerCase(),
        platform: 'Income Tax',
        username: 'itr_user',
        password: 'Itr#Pass3',
      }),
      credentialRow({ panNumber: uniquePanOfHolder('P'), name: 'New Person', platform: 'INCOME_TAX' }),
      credentialRow({ panNumber: uniquePanOfHolder('C'), name: 'New Company Pvt Ltd', phone: '+91 98200-11111' }),
    ];
    const done = await importRows(owner, workspaceId, rows);
    expect(done).to.include({ status: 'completed', total: 4, completed: 4 });
    expect(done.results).to.deep.equal([
      { row: 2, panNumber: rows[0].panNumber, outcome: 'updated_credential' },
      { row: 3, panNumber: rows[1].panNumber.toUpperCase(), outcome: 'added_credential' },
      { row: 4, panNumber: rows[2].panNumber, outcome: 'created_client' },
      { row: 5, panNumber: rows[3].panNumber, outcome: 'created_client' },
    ]);

    expect(
      (await credentialsOf(withGst.externalId)).map(({ platformName, username, password }) => ({ platformName, username, password })),
    ).to.deep.equal([{ platformName: 'GST', username: 'new_gst_user', password: null }]);
    const revealed = await call(owner, 'get', `/clients/${withGst.externalId}/credentials/GST/reveal`).query({ workspaceId }).expect(200);
    expect(revealed.body.password).to.equal('New#Gst#Pass2');
    expect((await credentialsOf(withoutAny.externalId)).map(({ platformName, username }) => ({ platformName, username }))).to.deep.equal([
      { platformName: 'INCOME_TAX', username: 'itr_user' },
    ]);
    const created = await db()('clients')
      .where({ workspace_id: workspaceRowId })
      .whereIn('pan_number', [rows[2].panNumber, rows[3].panNumber])
      .orderBy('pan_number');
    const typeOfPan = Object.fromEntries(created.map((client) => [client.pan_number, client.client_type]));
    expect(typeOfPan).to.deep.equal({ [rows[2].panNumber]: 'INDIVIDUAL', [rows[3].panNumber]: 'BUSINESS' });
    const company = created.find((client) => client.pan_number === rows[3].panNumber);
    expect(company).to.include({ name: 'New Company Pvt Ltd', phone: '+919820011111', email: rows[3].email, business_address: null });

    const entries = await db()('activity_log').where({ workspace_id: workspaceRowId, entity_id: done.importId }).orderBy('id');
    expect(entries.map(({ action, actor_user_id, metadata }) => ({ action, byOwner: actor_user_id !== null, metadata }))).to.deep.equal([
      { action: 'clients.credential_import_requested', byOwner: true, metadata: { total: 4 } },
      {
        action: 'clients.credential_import_completed',
        byOwner: true,
        metadata: { total: 4, created_client: 2, added_credential: 1, updated_credential: 1, failed: 0 },
      },
    ]);
  });

  it('creates no duplicates when the same rows are sent again', async () => {
    const rows = [credentialRow(), credentialRow({ panNumber: uniquePanOfHolder('F'), platform: 'Income Tax' })];
    const first = await importRows(owner, workspaceId, rows);
    expect(first.results.map((result) => result.outcome)).to.deep.equal(['created_client', 'created_client']);
    const [clients, credentials] = [await count('clients'), await count('client_credentials')];
    const again = await importRows(owner, workspaceId, rows);
    expect(again.results.map((result) => result.outcome)).to.deep.equal(['updated_credential', 'updated_credential']);
    expect([await count('clients'), await count('client_credentials')]).to.deep.equal([clients, credentials]);
  });

  it('keeps no plaintext secret in the database, before or after the import', async () => {
    const rows = [credentialRow({ username: 'plain_user_4711', password: 'Plain#Secret#4711' }), credentialRow({ password: 'Plain#Secret#4712' })];
    const { body } = await startImport(owner, workspaceId, rows).expect(202);
    const secrets = ['plain_user_4711', 'Plain#Secret#4711', 'Plain#Secret#4712'];
    const stored = async () => JSON.stringify([await db()('credential_imports').select('*'), await db()('client_credentials').select('*')]);
    for (const secret of secrets) expect(await stored()).to.not.include(secret);
    await importFinished(owner, workspaceId, body.importId);
    for (const secret of secrets) expect(await stored()).to.not.include(secret);
    const record = await db()('credential_imports').where({ external_id: body.importId }).first();
    expect(record.rows_ciphertext, 'sealed rows are dropped once imported').to.equal(null);
  });

  it('reports a row that cannot be imported and imports the others', async () => {
    const taken = await createClient(owner, workspaceId, businessClient());
    const takenEmail = (await call(owner, 'get', `/clients/${taken.externalId}`).query({ workspaceId }).expect(200)).body.client.email as string;
    const rows = [credentialRow({ phone: '12345' }), credentialRow({ email: takenEmail.toUpperCase() }), credentialRow({ name: 'Good Row' })];
    const done = await importRows(owner, workspaceId, rows);
    expect(done.status).to.equal('completed');
    expect(done.results).to.deep.equal([
      { row: 2, panNumber: rows[0].panNumber, outcome: 'failed', error: 'Invalid Indian phone number' },
      { row: 3, panNumber: rows[1].panNumber, outcome: 'failed', error: 'A client with this email already exists in this workspace' },
      { row: 4, panNumber: rows[2].panNumber, outcome: 'created_client' },
    ]);
    expect(
      await db()('clients').where({ workspace_id: workspaceRowId }).whereIn('pan_number', [rows[0].panNumber, rows[1].panNumber]),
    ).to.have.length(0);
  });

  it('imports each row once when the same import is processed several times at once', async function () {
    this.timeout(60_000);
    const rows = Array.from({ length: 450 }, (_, index) => credentialRow({ name: `Parallel ${index}`, platform: index % 2 ? 'GST' : 'INCOME_TAX' }));
    const [clients, credentials] = [await count('clients'), await count('client_credentials')];
    const { body } = await startImport(owner, workspaceId, rows).expect(202);
    const service = sharedHost().host.container.get(CredentialImportService);
    const progress: unknown[] = [];
    const payload = { workspaceId: workspaceRowId, importId: body.importId };
    await Promise.all([1, 2].map(() => service.run(payload, { reportProgress: (value) => progress.push(value), finalAttempt: false })));
    const done = await importFinished(owner, workspaceId, body.importId);
    expect(done).to.include({ status: 'completed', total: 450, completed: 450 });
    expect(done.results.map((result) => result.row)).to.deep.equal(rows.map((_, index) => index + 2));
    expect(new Set(done.results.map((result) => result.outcome))).to.deep.equal(new Set(['created_client']));
    expect([await count('clients'), await count('client_credentials')]).to.deep.equal([clients + 450, credentials + 450]);
    expect(await service.run(payload, { reportProgress: (value) => progress.push(value), finalAttempt: false })).to.deep.equal({
      status: 'completed',
      total: 450,
      completed: 450,
    });
  });

  it('shows an import only within its own workspace', async () => {
    const { body } = await startImport(owner, workspaceId, [credentialRow()]).expect(202);
    await importFinished(owner, workspaceId, body.importId);
    const outsider = await signedInUser('import-outsider');
    const ownWorkspace = (await createWorkspace(outsider)).externalId;
    const throughOwn = await call(outsider, 'get', `${IMPORT_PATH}/${body.importId}`).query({ workspaceId: ownWorkspace }).expect(404);
    expect(throughOwn.body).to.deep.equal({ error: 'Import not found' });
    const direct = await call(outsider, 'get', `${IMPORT_PATH}/${body.importId}`).query({ workspaceId }).expect(404);
    expect(direct.body).to.deep.equal(WORKSPACE_NOT_FOUND);
    for (const importId of ['not-an-id', randomUUID()]) {
      const missing = await call(owner, 'get', `${IMPORT_PATH}/${importId}`).query({ workspaceId }).expect(404);
      expect(missing.body).to.deep.equal({ error: 'Import not found' });
    }
  });
});
