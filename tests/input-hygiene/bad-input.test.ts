import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { expect } from 'chai';
import { CredentialImportService } from '../../core/clients/credential-import-service';
import type { CredentialImportResult } from '../../core/clients/credential-import-rows';
import { businessClient, individualClient, uniqueClientEmail, uniquePanOfHolder } from '../../core/clients/tests/support';
import { createWorkspace, signedInUser, type TestSession } from '../../core/plugin-api/testing/http';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';
import { stepUp } from '../../core/plugin-api/testing/step-up';
import { call, db, internalIdOf } from '../../core/workspaces/tests/support';
import { MESSAGES as DOCUMENT_MESSAGES } from '../../plugins/documents/shared/wire';

/**
 * Issue 12 item 11, case by case: each input the issue names as reaching PostgreSQL (and answering 500) answers a
 * 400 naming the field, or a 404 for a path; the credential import reports a bad row by its number and saves the rest.
 */

const NUL = '\u0000';

interface ImportView {
  status: string;
  total: number;
  results: CredentialImportResult[];
}

describe('bad input never reaches the database as a 500 (issue 12 item 11)', () => {
  let owner: TestSession;
  let workspaceId: string;

  before(async () => {
    owner = await signedInUser('bad-input');
    workspaceId = (await createWorkspace(owner, 'Bad Input Firm')).externalId;
  });

  const clientCount = async () =>
    Number(
      (
        await db()('clients')
          .where({ workspace_id: await internalIdOf(workspaceId) })
          .count({ count: '*' })
      )[0].count,
    );

  async function importFinished(importId: string): Promise<ImportView> {
    for (let attempt = 0; attempt < 800; attempt++) {
      const { body } = await call(owner, 'get', `/clients/credentials/import/${importId}`).query({ workspaceId }).expect(200);
      if (body.status === 'completed' || body.status === 'failed') return body;
      await delay(25);
    }
    throw new Error(`import ${importId} did not finish`);
  }

  describe('a NUL in a client', () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ['name', 'Name', businessClient({ name: `Kaveri${NUL}Textiles` })],
      ['contactPerson', 'Contact person', businessClient({ contactPerson: `Sunil${NUL}` })],
      ['industry', 'Industry', businessClient({ industry: `${NUL}Textiles` })],
      ['occupation', 'Occupation', individualClient({ occupation: `Doc${NUL}tor` })],
    ];

    for (const [field, label, client] of cases) {
      it(`${field}: 400 naming the field on create and on edit, and nothing stored`, async () => {
        const before = await clientCount();
        const created = await call(owner, 'post', '/clients', { ...client, workspaceExternalId: workspaceId });
        expect(created.status).to.equal(400);
        expect(created.body).to.deep.equal({
          error: `${label} must not contain control characters`,
          details: { [field]: [`${label} must not contain control characters`] },
        });
        expect(await clientCount()).to.equal(before);

        const clean = await call(owner, 'post', '/clients', { ...client, [field]: 'Clean Value', workspaceExternalId: workspaceId }).expect(201);
        const edited = await call(owner, 'patch', `/clients/${clean.body.client.externalId}`, {
          workspaceExternalId: workspaceId,
          [field]: client[field],
        });
        expect(edited.status).to.equal(400);
        expect(edited.body.details).to.deep.equal({ [field]: [`${label} must not contain control characters`] });
        const stored = await call(owner, 'get', `/clients/${clean.body.client.externalId}`).query({ workspaceId }).expect(200);
        expect(stored.body.client[field]).to.equal('Clean Value');
      });
    }

    it('note: 400 naming the field; a note keeps its line breaks and tabs', async () => {
      const client = (await call(owner, 'post', '/clients', { ...businessClient(), workspaceExternalId: workspaceId }).expect(201)).body.client;
      const refused = await call(owner, 'post', `/clients/${client.externalId}/notes`, { workspaceId, content: `Call back${NUL}tomorrow` });
      expect(refused.status).to.equal(400);
      expect(refused.body).to.deep.equal({
        error: 'Note must not contain control characters',
        details: { content: ['Note must not contain control characters'] },
      });
      await call(owner, 'post', `/clients/${client.externalId}/notes`, { workspaceId, content: 'Line one\r\nLine two\n\tindented' }).expect(201);
      const notes = await call(owner, 'get', `/clients/${client.externalId}/notes`).query({ workspaceId }).expect(200);
      expect(notes.body.data.map((note: { content: string }) => note.content)).to.deep.equal(['Line one\r\nLine two\n\tindented']);
    });
  });

  describe('a credential import', () => {
    const row = (overrides: Record<string, unknown> = {}) => ({
      email: uniqueClientEmail(),
      platform: 'GST',
      username: `portal_${randomUUID().slice(0, 8)}`,
      password: 'Portal#Pass1',
      name: 'Imported Person',
      phone: '9876543210',
      panNumber: uniquePanOfHolder('P'),
      ...overrides,
    });

    before(async () => stepUp(owner));

    it('reports a row with a NUL by its row number and saves the good rows', async () => {
      const rows = [row(), row({ name: `Bad${NUL}Name` }), row({ username: `user${NUL}` }), row()];
      const { body } = await call(owner, 'post', '/clients/credentials/import', { rows }).query({ workspaceId }).expect(202);
      const view = await importFinished(body.importId);
      expect(view.status).to.equal('completed');
      expect(view.results.map(({ row: number, outcome, error }) => ({ number, outcome, error }))).to.deep.equal([
        { number: 2, outcome: 'created_client', error: undefined },
        { number: 3, outcome: 'failed', error: 'Name must not contain control characters' },
        { number: 4, outcome: 'failed', error: 'Username must not contain control characters' },
        { number: 5, outcome: 'created_client', error: undefined },
      ]);
      const saved = await db()('clients')
        .where({ workspace_id: await internalIdOf(workspaceId) })
        .whereIn(
          'pan_number',
          rows.map((each) => each.panNumber),
        )
        .pluck('pan_number');
      expect(saved).to.have.members([rows[0].panNumber, rows[3].panNumber]);
    });

    it('reports a row the database refuses by its row number, and saves the rows around it', async () => {
      // A row that got past the checks (they are the real fix) and still carries a NUL: the database refuses its PAN.
      const workspace = { id: await internalIdOf(workspaceId), externalId: workspaceId, name: 'Bad Input Firm' };
      const user = await db()('users').where({ external_id: owner.user.externalId }).first('id');
      const good = [row(), row()].map((each, index) => ({ ...each, row: index === 0 ? 2 : 4, platform: 'GST' as const }));
      const refused = { ...row(), row: 3, platform: 'GST' as const, panNumber: `ABCDE${NUL}123F` };
      const { importId } = await sharedHost()
        .host.container.get(CredentialImportService)
        .request({ workspace, role: 'OWNER' }, [good[0], refused, good[1]], [], { ...owner.user, id: user.id, image: null });
      const view = await importFinished(importId);
      expect(view).to.include({ status: 'completed', total: 3 });
      expect(view.results.map(({ row: number, outcome, error }) => ({ number, outcome, error }))).to.deep.equal([
        { number: 2, outcome: 'created_client', error: undefined },
        { number: 3, outcome: 'failed', error: 'This row has a value that cannot be stored' },
        { number: 4, outcome: 'created_client', error: undefined },
      ]);
    });
  });

  it('a NUL or another control character in a download path answers 404, never 500', async () => {
    for (const key of [`${NUL}`, `a${NUL}b`, 'a\u0001b', `${randomUUID()}${NUL}`, `${workspaceId}/${randomUUID()}\n`]) {
      const response = await call(owner, 'get', `/documents/download/${encodeURIComponent(key)}`).query({ workspaceId });
      expect(response.status, JSON.stringify(key)).to.equal(404);
      expect(response.body).to.deep.equal({ error: DOCUMENT_MESSAGES.documentNotFound });
    }
  });

  it('two registrations of one uploaded file at once: one is saved, the other is refused, neither is a 500', async () => {
    const content = '%PDF-1.4\n';
    const presigned = await call(owner, 'get', '/documents/presign').query({ workspaceId, filename: 'race.pdf', size: content.length }).expect(200);
    const put = await fetch(presigned.body.url, {
      method: 'PUT',
      headers: { 'x-ms-blob-type': 'BlockBlob', 'Content-Type': 'application/pdf' },
      body: content,
    });
    expect(put.status).to.equal(201);
    const register = () =>
      call(owner, 'post', '/documents/create', {
        workspaceExternalId: workspaceId,
        fileKey: presigned.body.fileKey,
        filename: 'race.pdf',
        size: content.length,
      });
    const statuses = (await Promise.all([register(), register(), register()])).map((response) => response.status);
    expect(statuses.sort((left, right) => left - right)).to.deep.equal([201, 422, 422]);
  });

  it("a user's name is at most 100 characters: a longer one, or one of 900,000, is refused and the name kept", async () => {
    const longer = await call(owner, 'patch', '/me', { name: 'A'.repeat(101) });
    expect(longer.status).to.equal(400);
    expect(longer.body.error).to.equal('Name must be at most 100 characters');
    // Larger than any request body the profile takes: refused before it is read.
    const huge = await call(owner, 'patch', '/me', { name: 'A'.repeat(900_000) });
    expect(huge.status).to.be.oneOf([400, 413]);
    expect((await call(owner, 'get', '/me').expect(200)).body.user.name).to.equal(owner.user.name);
  });

  it('numbers and booleans are parsed strictly: true or "0x1F" as a storage size is a 400', async () => {
    const storageBefore = (await call(owner, 'get', '/documents/storage').query({ workspaceId }).expect(200)).body;
    for (const additionalStorage of [true, '0x1F', '1073741824', 1.5, null]) {
      const response = await call(owner, 'post', '/documents/storage/update', { workspaceId, additionalStorage });
      expect(response.status, JSON.stringify(additionalStorage)).to.equal(400);
      expect(response.body.error).to.equal(DOCUMENT_MESSAGES.additionalStorage);
    }
    expect((await call(owner, 'get', '/documents/storage').query({ workspaceId }).expect(200)).body).to.deep.equal(storageBefore);
    // In a query string a number is decimal digits only.
    const presign = await call(owner, 'get', '/documents/presign').query({ workspaceId, filename: 'a.pdf', size: '0x1F' });
    expect(presign.status).to.equal(400);
    expect(presign.body.error).to.equal(DOCUMENT_MESSAGES.sizeRequired);
    for (const limit of ['1e1', ' 5', 'true']) {
      expect((await call(owner, 'get', '/clients').query({ workspaceId, limit })).status, limit).to.equal(400);
    }
    expect((await call(owner, 'get', '/clients').query({ workspaceId, limit: '5' })).status).to.equal(200);
  });

  it("a plugin's plain z.string() inherits the text rule through parseBody", async () => {
    const response = await call(owner, 'post', '/gate-fixture/notes', { workspaceId, text: `nul${NUL}` });
    expect(response.status).to.equal(400);
    expect(response.body).to.deep.equal({
      error: 'text must not contain control characters',
      details: { text: ['text must not contain control characters'] },
    });
  });
});
