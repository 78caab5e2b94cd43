import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ACCEPTED_FILE_TYPES, DEFAULT_MAX_FILE_SIZE, DEFAULT_STORAGE_LIMIT, DOCUMENTS_ROUTES, MESSAGES, mimeTypeOf } from '../shared/wire';
import {
  blobExists,
  createClient,
  eventually,
  get,
  HOST_START_TIMEOUT_MS,
  post,
  presign,
  putBlob,
  setStorageLimit,
  startDocumentsHost,
  storageOf,
  upload,
  type TestHost,
  type TestSession,
} from './support';

describe('documents: uploads and storage', () => {
  let documents: TestHost;
  let owner: TestSession;
  let workspaceId: string;

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    documents = await startDocumentsHost();
    owner = await documents.signedInUser('docs-upload');
    workspaceId = (await documents.createWorkspace(owner)).externalId;
  });

  after(() => documents?.stop());

  const exists = (fileKey: string) => blobExists(documents, fileKey);

  const register = (fields: Record<string, unknown>) =>
    post(owner, DOCUMENTS_ROUTES.create, { workspaceExternalId: workspaceId, directory: '', ...fields });

  describe('storage info', () => {
    it('starts with the defaults: 5 MB per file, 1 GB per workspace, nothing used', async () => {
      const fresh = (await documents.createWorkspace(owner)).externalId;
      const { status, body } = await get(owner, DOCUMENTS_ROUTES.storage, { workspaceId: fresh });
      expect(status).to.equal(200);
      expect(body).to.deep.equal({
        maxFileSize: DEFAULT_MAX_FILE_SIZE,
        usedStorage: 0,
        storageLimit: DEFAULT_STORAGE_LIMIT,
        remainingStorage: DEFAULT_STORAGE_LIMIT,
      });
    });

    it('counts every registered document and frees nothing until it is deleted', async () => {
      const fresh = (await documents.createWorkspace(owner)).externalId;
      await upload(owner, fresh, 'a.txt', { body: Buffer.alloc(1000, 1) });
      await upload(owner, fresh, 'b.pdf', { body: Buffer.alloc(2500, 2) });
      const { body } = await get(owner, DOCUMENTS_ROUTES.storage, { workspaceId: fresh });
      expect(body).to.include({ usedStorage: 3500, remainingStorage: DEFAULT_STORAGE_LIMIT - 3500 });
    });

    it('raises the limit with storage/update for manage_storage holders only', async () => {
      const { workspace, sessions } = await documents.workspaceWithEveryRole();
      const raise = (session: TestSession, additionalStorage: unknown) =>
        post(session, DOCUMENTS_ROUTES.updateStorage, { workspaceId: workspace.externalId, additionalStorage });
      const raised = await raise(sessions.ADMIN, 1024);
      expect(raised.status, JSON.stringify(raised.body)).to.equal(200);
      expect(raised.body).to.include({ storageLimit: DEFAULT_STORAGE_LIMIT + 1024, usedStorage: 0 });
      expect((await raise(sessions.OWNER, 1024)).body.storageLimit).to.equal(DEFAULT_STORAGE_LIMIT + 2048);
      for (const role of ['EMPLOYEE', 'CLIENT'] as const) {
        const refused = await raise(sessions[role], 1024);
        expect(refused.status).to.equal(403);
        expect(refused.body).to.deep.equal({ error: 'You do not have permission to do this' });
      }
      for (const bad of [0, -5, 1.5, 'lots', 1024 ** 4 + 1]) {
        const invalid = await raise(sessions.OWNER, bad);
        expect(invalid.status, String(bad)).to.equal(400);
        expect(invalid.body.error).to.equal(MESSAGES.additionalStorage);
      }
      for (const role of ['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT'] as const) {
        const seen = await get(sessions[role], DOCUMENTS_ROUTES.storage, { workspaceId: workspace.externalId });
        expect(seen.status, role).to.equal(200);
        expect(seen.body.storageLimit).to.equal(DEFAULT_STORAGE_LIMIT + 2048);
      }
    });
  });

  describe('presign', () => {
    it('answers a URL for 5 minutes that may create this one blob and nothing else', async () => {
      const { url, fileKey, expiresAt, requiredHeaders } = await presign(owner, workspaceId, 'notes.txt', 5);
      expect(fileKey).to.match(new RegExp(`^${workspaceId}/[0-9a-f-]{36}$`));
      expect(requiredHeaders).to.deep.equal({ 'x-ms-blob-type': 'BlockBlob' });
      const lifetime = new Date(expiresAt).getTime() - Date.now();
      expect(lifetime).to.be.within(4 * 60_000, 5 * 60_000);
      const signature = new URL(url).searchParams;
      expect(signature.get('sp')).to.equal('c');
      expect(new Date(signature.get('se')!).getTime()).to.be.closeTo(new Date(expiresAt).getTime(), 1000);

      expect((await putBlob(url, Buffer.from('hello'), 'text/plain')).status).to.equal(201);
      expect((await fetch(url)).status, 'the upload URL cannot read').to.equal(403);
      const elsewhere = url.replace(fileKey.split('/')[1], randomUUID());
      expect((await putBlob(elsewhere, Buffer.from('x'))).status, 'nor write another blob').to.equal(403);
    });

    it('cannot overwrite a file once stored: a second PUT to the link is refused and the registered bytes stay', async () => {
      const original = Buffer.from('the signed engagement letter');
      const { url, fileKey } = await presign(owner, workspaceId, 'letter.pdf', original.length);
      expect((await putBlob(url, original, 'application/pdf')).status).to.equal(201);
      const replacement = Buffer.from('a forged engagement letter!!');
      expect((await putBlob(url, replacement, 'application/pdf')).status, 'before registration').to.equal(403);
      const registered = await register({ fileKey, filename: 'letter.pdf', size: original.length, mimeType: 'application/pdf' });
      expect(registered.status, JSON.stringify(registered.body)).to.equal(201);
      expect((await putBlob(url, replacement, 'application/pdf')).status, 'after registration').to.equal(403);
      expect((await storageOf(documents).download(fileKey)).toString()).to.equal(original.toString());
    });

    it('refuses a file type outside the list, naming the file', async () => {
      for (const filename of ['setup.exe', 'archive.tar.gz', 'README', 'script.js']) {
        const { status, body } = await get(owner, DOCUMENTS_ROUTES.presign, { workspaceId, filename, size: 10, directory: '' });
        expect(status, filename).to.equal(400);
        expect(body.error).to.equal(`Invalid file type(s): ${filename}`);
      }
    });

    it('accepts every listed type, whatever the case of the extension', async () => {
      for (const extension of Object.keys(ACCEPTED_FILE_TYPES)) {
        const { status } = await get(owner, DOCUMENTS_ROUTES.presign, { workspaceId, filename: `File.${extension.toUpperCase()}`, size: 10 });
        expect(status, extension).to.equal(200);
      }
    });

    it('refuses a file above the 5 MB maximum', async () => {
      const { status, body } = await get(owner, DOCUMENTS_ROUTES.presign, { workspaceId, filename: 'big.pdf', size: DEFAULT_MAX_FILE_SIZE + 1 });
      expect(status).to.equal(413);
      expect(body.error).to.equal('big.pdf is larger than the maximum file size of 5.00 MB');
      expect((await get(owner, DOCUMENTS_ROUTES.presign, { workspaceId, filename: 'max.pdf', size: DEFAULT_MAX_FILE_SIZE })).status).to.equal(200);
    });

    it('refuses a file that does not fit the remaining storage, then any file once it is full', async () => {
      const fresh = (await documents.createWorkspace(owner)).externalId;
      await setStorageLimit(documents, fresh, 3072);
      await upload(owner, fresh, 'first.txt', { body: Buffer.alloc(2048) });
      const tooBig = await get(owner, DOCUMENTS_ROUTES.presign, { workspaceId: fresh, filename: 'second.txt', size: 1536 });
      expect(tooBig.status).to.equal(413);
      expect(tooBig.body.error).to.equal('Not enough storage space. Required: 1.50 KB, Available: 1.00 KB');
      await upload(owner, fresh, 'fits.txt', { body: Buffer.alloc(1024) });
      const full = await get(owner, DOCUMENTS_ROUTES.presign, { workspaceId: fresh, filename: 'any.txt', size: 1 });
      expect(full.status).to.equal(413);
      expect(full.body.error).to.equal(MESSAGES.storageLimitReached);
    });

    it('checks its query: file name, size, folder and client', async () => {
      const cases: [Record<string, unknown>, number, string][] = [
        [{ size: 10 }, 400, MESSAGES.filenameRequired],
        [{ filename: '  ', size: 10 }, 400, MESSAGES.filenameRequired],
        [{ filename: 'a/b.txt', size: 10 }, 400, MESSAGES.invalidFilename],
        [{ filename: 'a.txt' }, 400, MESSAGES.sizeRequired],
        [{ filename: 'a.txt', size: -1 }, 400, MESSAGES.sizeRequired],
        [{ filename: 'a.txt', size: 'ten' }, 400, MESSAGES.sizeRequired],
        [{ filename: 'a.txt', size: 10, directory: 'bad folder!' }, 400, MESSAGES.folderNameRule],
        [{ filename: 'a.txt', size: 10, directory: 'a//b' }, 400, MESSAGES.invalidFolderName],
        [{ filename: 'a.txt', size: 10, clientId: 'nobody' }, 400, MESSAGES.clientNotFound],
        [{ filename: 'a.txt', size: 10, clientId: randomUUID() }, 404, MESSAGES.clientNotFound],
      ];
      for (const [query, status, error] of cases) {
        const response = await get(owner, DOCUMENTS_ROUTES.presign, { workspaceId, ...query });
        expect(response.status, JSON.stringify(query)).to.equal(status);
        expect(response.body.error, JSON.stringify(query)).to.equal(error);
      }
    });
  });

  describe('create', () => {
    it('registers an uploaded file: the document, its folders and the stored type of its extension', async () => {
      const client = await createClient(owner, workspaceId, { name: 'Narmada Agro' });
      const body = Buffer.from('%PDF-1.4 tiny');
      const { url, fileKey } = await presign(owner, workspaceId, 'Balance Sheet.PDF', body.length, 'Clients/Narmada/2025');
      await putBlob(url, body, 'application/pdf');
      const { status, body: created } = await register({
        fileKey,
        filename: 'Balance Sheet.PDF',
        size: body.length,
        directory: '/Clients/Narmada/2025/',
        mimeType: 'application/x-made-up',
        clientExternalId: client.externalId,
      });
      expect(status, JSON.stringify(created)).to.equal(201);
      expect(created.document).to.deep.include({
        fileKey,
        name: 'Balance Sheet.PDF',
        type: 'application/pdf',
        size: body.length,
        directory: 'Clients/Narmada/2025',
        client: { externalId: client.externalId, name: 'Narmada Agro' },
        downloadUrl: `/axal/api/v1/documents/download/${encodeURIComponent(fileKey)}?workspaceId=${workspaceId}`,
      });
      expect(created.document.id).to.match(/^[0-9a-f-]{36}$/);
      expect(Date.now() - new Date(created.document.uploadDate).getTime()).to.be.below(60_000);

      const folders = await get(owner, DOCUMENTS_ROUTES.directories, { workspaceId });
      expect(folders.body.directories.map((folder: { path: string }) => folder.path)).to.include.members([
        'Clients',
        'Clients/Narmada',
        'Clients/Narmada/2025',
      ]);
      const info = await get(owner, DOCUMENTS_ROUTES.info, { workspaceId, documentId: created.document.id });
      expect(info.status).to.equal(200);
      expect(info.body.document).to.deep.equal(created.document);
    });

    it("answers 'Invalid document data' when the file was never stored, and registers nothing", async () => {
      const { fileKey } = await presign(owner, workspaceId, 'ghost.txt', 10);
      const { status, body } = await register({ fileKey, filename: 'ghost.txt', size: 10 });
      expect(status).to.equal(422);
      expect(body).to.deep.equal({ error: MESSAGES.invalidDocumentData });
    });

    it("answers 'Invalid document data' when the stored size differs, and removes the stored file", async () => {
      const { url, fileKey } = await presign(owner, workspaceId, 'short.txt', 10);
      await putBlob(url, Buffer.alloc(25), 'text/plain');
      const { status, body } = await register({ fileKey, filename: 'short.txt', size: 10 });
      expect(status).to.equal(422);
      expect(body.error).to.equal(MESSAGES.invalidDocumentData);
      await eventually(async () => !(await exists(fileKey)), 'the mismatched upload is removed');
    });

    it("answers 'Invalid document data' for a key of another workspace, a made-up key, or a file registered twice", async () => {
      const other = (await documents.createWorkspace(owner)).externalId;
      const foreign = await presign(owner, other, 'theirs.txt', 3);
      await putBlob(foreign.url, Buffer.from('abc'));
      for (const fileKey of [foreign.fileKey, `${workspaceId}/../${foreign.fileKey}`, `${workspaceId}/not-a-uuid`, '', 42]) {
        const { status, body } = await register({ fileKey, filename: 'theirs.txt', size: 3 });
        expect(status, String(fileKey)).to.be.oneOf([400, 422]);
        expect(body.error, String(fileKey)).to.equal(MESSAGES.invalidDocumentData);
      }
      const mine = await upload(owner, workspaceId, 'once.txt');
      const again = await register({ fileKey: mine.fileKey, filename: 'once.txt', size: mine.size });
      expect(again.status).to.equal(422);
      expect(await exists(mine.fileKey), 'the registered file stays').to.equal(true);
    });

    it('re-checks the type at registration', async () => {
      const { url, fileKey } = await presign(owner, workspaceId, 'fine.txt', 3);
      await putBlob(url, Buffer.from('abc'));
      const { status, body } = await register({ fileKey, filename: 'renamed.exe', size: 3 });
      expect(status).to.equal(400);
      expect(body.error).to.equal('Invalid file type(s): renamed.exe');
    });

    it('of two uploads racing for the last free space, registers exactly one', async () => {
      const fresh = (await documents.createWorkspace(owner)).externalId;
      await upload(owner, fresh, 'base.txt', { body: Buffer.alloc(1000) });
      await setStorageLimit(documents, fresh, 2000);
      const racers = await Promise.all(
        ['left.txt', 'right.txt'].map(async (filename) => {
          const body = Buffer.alloc(800, filename.length);
          const signed = await presign(owner, fresh, filename, body.length);
          expect((await putBlob(signed.url, body)).status).to.equal(201);
          return { filename, fileKey: signed.fileKey, size: body.length };
        }),
      );
      const results = await Promise.all(
        racers.map((racer) => post(owner, DOCUMENTS_ROUTES.create, { workspaceExternalId: fresh, directory: '', ...racer })),
      );
      const statuses = results.map((result) => result.status).sort((a, b) => a - b);
      expect(statuses).to.deep.equal([201, 413]);
      const loser = results.find((result) => result.status === 413)!;
      expect(loser.body.error).to.equal('Not enough storage space. Required: 800.00 B, Available: 200.00 B');
      const { body } = await get(owner, DOCUMENTS_ROUTES.storage, { workspaceId: fresh });
      expect(body).to.include({ usedStorage: 1800, remainingStorage: 200 });
      const losingKey = racers[results.indexOf(loser)].fileKey;
      await eventually(async () => !(await exists(losingKey)), "the loser's stored file is removed");
    });
  });

  describe('download', () => {
    it('redirects to a short-lived read-only URL that serves the bytes under the original name', async () => {
      const body = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5]);
      const document = await upload(owner, workspaceId, 'Logo – final "v2".png', { body });
      for (const key of [encodeURIComponent(document.fileKey), document.id]) {
        const response = await owner.agent.get(`/axal/api/v1/${DOCUMENTS_ROUTES.download}/${key}`).query({ workspaceId });
        expect(response.status, key).to.equal(302);
        expect(response.headers['cache-control']).to.equal('no-store');
        const location = new URL(response.headers.location);
        expect(location.searchParams.get('sp')).to.equal('r');
        const expiry = new Date(location.searchParams.get('se')!).getTime();
        expect(expiry - Date.now()).to.be.within(0, 6 * 60_000);

        const file = await fetch(location);
        expect(file.status).to.equal(200);
        expect(Buffer.from(await file.arrayBuffer()).equals(body)).to.equal(true);
        expect(file.headers.get('content-type')).to.equal(mimeTypeOf('x.png'));
        const disposition = file.headers.get('content-disposition')!;
        expect(disposition).to.match(/^attachment; filename="Logo \? final \\"v2\\".png"; /);
        expect(disposition).to.include(`filename*=UTF-8''${encodeURIComponent('Logo – final "v2".png')}`);
        expect((await putBlob(location.toString(), Buffer.from('overwrite'))).status, 'the read URL cannot write').to.equal(403);
      }
    });

    it('answers 404 for an unknown key or id', async () => {
      for (const key of [encodeURIComponent(`${workspaceId}/${randomUUID()}`), randomUUID(), 'nonsense']) {
        const response = await owner.agent.get(`/axal/api/v1/${DOCUMENTS_ROUTES.download}/${key}`).query({ workspaceId });
        expect(response.status, key).to.equal(404);
        expect(response.body).to.deep.equal({ error: MESSAGES.documentNotFound });
      }
    });
  });

  it('keeps every stored file under its workspace in the one container', async () => {
    const document = await upload(owner, workspaceId, 'where.txt');
    expect(await storageOf(documents).list(`${workspaceId}/`)).to.include(document.fileKey);
  });
});
