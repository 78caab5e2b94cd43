import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { DOCUMENTS_ROUTES, MESSAGES, type FolderNode } from '../shared/wire';
import {
  blobExists,
  call,
  eventually,
  get,
  HOST_START_TIMEOUT_MS,
  makeFolder,
  startDocumentsHost,
  storageOf,
  upload,
  type TestHost,
  type TestSession,
} from './support';

const remove = (session: TestSession, workspaceId: string, nodes: unknown) =>
  call(session, 'delete', `/${DOCUMENTS_ROUTES.remove}`, { workspaceId, nodes });

describe('documents: deleting', () => {
  let documents: TestHost;
  let owner: TestSession;

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    documents = await startDocumentsHost();
    owner = await documents.signedInUser('docs-delete');
  });

  after(() => documents?.stop());

  const exists = (fileKey: string) => blobExists(documents, fileKey);
  const pendingDeletions = async (workspaceId: string) =>
    documents.host
      .knex('documents_blob_deletions')
      .where({ workspace_id: await documents.internalIdOf(workspaceId) })
      .select('file_key', 'attempts', 'last_error');

  it('deletes a folder with everything beneath it; records at once, stored files by the clean-up job', async () => {
    const workspaceId = (await documents.createWorkspace(owner)).externalId;
    await makeFolder(owner, workspaceId, 'Keep');
    await makeFolder(owner, workspaceId, 'Old/2019/Q1');
    await makeFolder(owner, workspaceId, 'Older');
    const doomed = [
      await upload(owner, workspaceId, 'a.txt', { directory: 'Old', body: Buffer.alloc(100) }),
      await upload(owner, workspaceId, 'b.txt', { directory: 'Old/2019', body: Buffer.alloc(200) }),
      await upload(owner, workspaceId, 'c.txt', { directory: 'Old/2019/Q1', body: Buffer.alloc(300) }),
    ];
    const kept = [
      await upload(owner, workspaceId, 'k.txt', { directory: 'Keep', body: Buffer.alloc(40) }),
      await upload(owner, workspaceId, 'o.txt', { directory: 'Older', body: Buffer.alloc(50) }),
    ];
    const loose = await upload(owner, workspaceId, 'loose.txt', { body: Buffer.alloc(60) });

    const { status, body } = await remove(owner, workspaceId, [
      { type: 'directory', path: 'Old' },
      { type: 'file', path: 'loose.txt', fileInfo: { id: loose.id } },
    ]);
    expect(status, JSON.stringify(body)).to.equal(200);
    expect(body).to.deep.equal({ ok: true, deletedDocuments: 4, deletedDirectories: 3 });

    const root = (await get(owner, DOCUMENTS_ROUTES.tree, { workspaceId })).body.tree as FolderNode;
    expect(root.children.map((child) => child.name)).to.deep.equal(['Keep', 'Older'], "'Older' shares a prefix and stays");
    expect((await get(owner, DOCUMENTS_ROUTES.storage, { workspaceId })).body.usedStorage).to.equal(90);
    expect((await get(owner, DOCUMENTS_ROUTES.tree, { workspaceId, path: 'Old/2019' })).status).to.equal(404);

    for (const document of [...doomed, loose])
      await eventually(async () => !(await exists(document.fileKey)), `${document.name} is removed from storage`);
    for (const document of kept) expect(await exists(document.fileKey), document.name).to.equal(true);
    await eventually(async () => (await pendingDeletions(workspaceId)).length === 0, 'the outbox is empty');
  });

  it('retries a failed removal of a stored file until it succeeds, keeping it listed meanwhile', async () => {
    const workspaceId = (await documents.createWorkspace(owner)).externalId;
    const document = await upload(owner, workspaceId, 'stubborn.txt');
    const store = storageOf(documents);
    const realDelete = store.delete.bind(store);
    let failures = 0;
    store.delete = async (blobName: string) => {
      if (blobName === document.fileKey && failures < 2) {
        failures += 1;
        throw new Error('storage is briefly unavailable');
      }
      return realDelete(blobName);
    };
    try {
      await remove(owner, workspaceId, [{ type: 'file', fileInfo: { id: document.id } }]).expect(200);
      await eventually(async () => (await pendingDeletions(workspaceId)).some((row) => row.attempts >= 1), 'a failed attempt is recorded');
      const [pending] = await pendingDeletions(workspaceId);
      expect(pending).to.include({ file_key: document.fileKey, last_error: 'storage is briefly unavailable' });
      expect(await exists(document.fileKey)).to.equal(true);
      await eventually(async () => !(await exists(document.fileKey)), 'the retried removal succeeds', 20_000);
      await eventually(async () => (await pendingDeletions(workspaceId)).length === 0, 'the outbox is empty');
      expect(failures).to.equal(2);
    } finally {
      store.delete = realDelete;
    }
  });

  it("is for OWNER and ADMIN only, with the spec's words for everyone else", async () => {
    const { workspace, sessions } = await documents.workspaceWithEveryRole();
    for (const role of ['EMPLOYEE', 'CLIENT'] as const) {
      const document = await upload(sessions.OWNER, workspace.externalId, `${role}.txt`);
      const refused = await remove(sessions[role], workspace.externalId, [{ type: 'file', fileInfo: { id: document.id } }]);
      expect(refused.status, role).to.equal(403);
      expect(refused.body, role).to.deep.equal({ error: 'Only workspace owners and admins can delete documents' });
      expect((await get(sessions.OWNER, DOCUMENTS_ROUTES.info, { workspaceId: workspace.externalId, documentId: document.id })).status).to.equal(200);
    }
    for (const role of ['OWNER', 'ADMIN'] as const) {
      const document = await upload(sessions.OWNER, workspace.externalId, `${role}.txt`);
      expect((await remove(sessions[role], workspace.externalId, [{ type: 'file', fileInfo: { id: document.id } }])).status, role).to.equal(200);
    }
  });

  it('refuses an empty selection, unknown nodes and malformed ones, and deletes nothing then', async () => {
    const workspaceId = (await documents.createWorkspace(owner)).externalId;
    const document = await upload(owner, workspaceId, 'stays.txt');
    const cases: [unknown, number, string][] = [
      [[], 400, MESSAGES.noValidNodes],
      [undefined, 400, MESSAGES.noValidNodes],
      ['everything', 400, MESSAGES.noValidNodes],
      [
        [
          { type: 'file', fileInfo: { id: document.id } },
          { type: 'file', fileInfo: { id: randomUUID() } },
        ],
        404,
        MESSAGES.documentNotFound,
      ],
      [
        [
          { type: 'file', fileInfo: { id: document.id } },
          { type: 'directory', path: 'Missing' },
        ],
        404,
        MESSAGES.directoryNotFound,
      ],
      [[{ type: 'directory', path: '' }], 400, MESSAGES.invalidFolderName],
      [[{ type: 'file', fileInfo: { id: 'x' } }], 400, MESSAGES.documentNotFound],
      [[{ type: 'disk' }], 400, MESSAGES.nodeType],
    ];
    for (const [nodes, status, error] of cases) {
      const response = await remove(owner, workspaceId, nodes);
      expect(response.status, JSON.stringify(nodes)).to.equal(status);
      expect(response.body.error, JSON.stringify(nodes)).to.equal(error);
    }
    expect((await get(owner, DOCUMENTS_ROUTES.info, { workspaceId, documentId: document.id })).status).to.equal(200);
    expect(await exists(document.fileKey)).to.equal(true);
  });
});
