import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { TOKENS, type Logger, type Membership, type SessionUser } from '../../../core/plugin-api';
import { ATTACHMENT_SERVICE, type AttachmentService, type AttachmentTarget } from '../server/tokens';
import { DOCUMENTS_ROUTES, type FolderNode } from '../shared/wire';
import { call, createClient, get, HOST_START_TIMEOUT_MS, startDocumentsHost, storageOf, upload, type TestHost, type TestSession } from './support';

const PDF = 'application/pdf';

describe('documents: attachments service', () => {
  let documents: TestHost;
  let owner: TestSession;
  let workspaceId: string;
  let internalId: number;

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    documents = await startDocumentsHost();
    owner = await documents.signedInUser('docs-attach');
    workspaceId = (await documents.createWorkspace(owner)).externalId;
    internalId = await documents.internalIdOf(workspaceId);
  });

  after(() => documents?.stop());

  const attachments = () => documents.host.container.get<AttachmentService>(ATTACHMENT_SERVICE);

  it('is exported to other plugins under its token', () => {
    expect(documents.host.registry.get('documents')?.definition?.exports).to.deep.equal([ATTACHMENT_SERVICE]);
  });

  it('links documents to an entity, lists them oldest first, and links each only once', async () => {
    const task = { workspaceId: internalId, entityType: 'TASK', entityId: randomUUID() };
    const first = await upload(owner, workspaceId, 'brief.pdf', { directory: `tasks/${task.entityId}` });
    const second = await upload(owner, workspaceId, 'data.xlsx', { directory: `tasks/${task.entityId}` });
    const { attachment: linked, linkedNow } = await attachments().link(task, first.id, null);
    expect(linkedNow).to.equal(true);
    expect(linked).to.deep.include({ entityType: 'TASK', entityId: task.entityId });
    expect(linked.document).to.deep.equal({
      id: first.id,
      filename: 'brief.pdf',
      size: first.size,
      mimeType: 'application/pdf',
      fileKey: first.fileKey,
      createdAt: first.uploadDate,
      downloadUrl: first.downloadUrl,
    });
    const again = await attachments().link(task, first.id.toUpperCase(), null);
    expect(again).to.deep.include({ linkedNow: false });
    expect(again.attachment.id).to.equal(linked.id);
    await attachments().link(task, second.id, null);
    expect((await attachments().list(task)).map((attachment) => attachment.document.filename)).to.deep.equal(['brief.pdf', 'data.xlsx']);
    expect(await attachments().list({ ...task, entityType: 'NOTICE' })).to.deep.equal([]);
  });

  it('unlinks one attachment of its own entity only, and keeps the document', async () => {
    const notice = { workspaceId: internalId, entityType: 'NOTICE', entityId: randomUUID() };
    const document = await upload(owner, workspaceId, 'reply.pdf');
    const { attachment: link } = await attachments().link(notice, document.id, null);
    for (const [target, id] of [
      [{ ...notice, entityId: randomUUID() }, link.id],
      [notice, randomUUID()],
      [notice, 'not-an-id'],
    ] as const) {
      const refused = await attachments()
        .unlink(target, id)
        .catch((error: { status: number; message: string }) => error);
      expect(refused).to.include({ status: 404, message: 'Attachment not found' });
    }
    await attachments().unlink(notice, link.id);
    expect(await attachments().list(notice)).to.deep.equal([]);
    expect((await get(owner, DOCUMENTS_ROUTES.info, { workspaceId, documentId: document.id })).status).to.equal(200);
  });

  it("refuses another workspace's document, and drops links when their document is deleted", async () => {
    const other = (await documents.createWorkspace(owner)).externalId;
    const foreign = await upload(owner, other, 'foreign.pdf');
    const task = { workspaceId: internalId, entityType: 'TASK', entityId: randomUUID() };
    for (const id of [foreign.id, randomUUID(), 'junk']) {
      const refused = await attachments()
        .link(task, id, null)
        .catch((error: { status: number; message: string }) => error);
      expect(refused, id).to.include({ status: 404, message: 'Document not found' });
    }
    const document = await upload(owner, workspaceId, 'temporary.pdf');
    await attachments().link(task, document.id, null);
    await call(owner, 'delete', `/${DOCUMENTS_ROUTES.remove}`, { workspaceId, nodes: [{ type: 'file', fileInfo: { id: document.id } }] }).expect(200);
    expect(await attachments().list(task)).to.deep.equal([]);
  });

  it("stores a server's file as a document of the workspace, counted in its storage, and links it", async () => {
    const task = { workspaceId: internalId, entityType: 'TASK', entityId: randomUUID() };
    const user = await documents.host.knex('users').where({ external_id: owner.user.externalId }).first('id');
    const membership: Membership = { workspace: { id: internalId, externalId: workspaceId, name: 'Attachments' }, role: 'OWNER' };
    const before = (await get(owner, DOCUMENTS_ROUTES.storage, { workspaceId })).body.usedStorage as number;
    const body = Buffer.from('Month,Difference\nApr 2023,7300\n');
    const attached = await attachments().attachFile(
      task,
      { filename: 'ITC Reconciliation.csv', body, directory: `tasks/${task.entityId}` },
      { membership, user: { id: user.id } },
    );
    expect(attached.document).to.include({ filename: 'ITC Reconciliation.csv', size: body.length, mimeType: 'text/csv' });
    expect((await attachments().list(task)).map((attachment) => attachment.id)).to.deep.equal([attached.id]);
    expect((await get(owner, DOCUMENTS_ROUTES.storage, { workspaceId })).body.usedStorage).to.equal(before + body.length);
    const download = await call(owner, 'get', attached.document.downloadUrl.replace(/^\/axal\/api\/v1/, '')).redirects(0);
    expect(download.status).to.equal(302);
  });

  it('removes every link of an entity being deleted', async () => {
    const task = { workspaceId: internalId, entityType: 'TASK', entityId: randomUUID() };
    for (const name of ['x.txt', 'y.txt']) await attachments().link(task, (await upload(owner, workspaceId, name)).id, null);
    expect(await attachments().unlinkAll(task)).to.equal(2);
    expect(await attachments().list(task)).to.deep.equal([]);
  });

  describe('reading the files of an entity on the server', () => {
    const noticeTarget = (): AttachmentTarget => ({ workspaceId: internalId, entityType: 'NOTICE', entityId: randomUUID() });

    async function attach(target: AttachmentTarget, filename: string, body: Buffer) {
      const document = await upload(owner, workspaceId, filename, { body });
      await attachments().link(target, document.id, null);
      return document;
    }

    it('reads the files of the types asked for, oldest first, with their bodies', async () => {
      const target = noticeTarget();
      await attach(target, 'notice.pdf', Buffer.from('%PDF-1.7 the notice'));
      await attach(target, 'working.csv', Buffer.from('Month,ITC\n'));
      await attach(target, 'annexure.pdf', Buffer.from('%PDF-1.7 the annexure'));
      const files = await attachments().readFiles(target, { mimeTypes: [PDF], maxBytes: 1024, maxFiles: 5 });
      expect(files.map(({ filename, mimeType, body }) => ({ filename, mimeType, body: body?.toString() }))).to.deep.equal([
        { filename: 'notice.pdf', mimeType: PDF, body: '%PDF-1.7 the notice' },
        { filename: 'annexure.pdf', mimeType: PDF, body: '%PDF-1.7 the annexure' },
      ]);
      expect(await attachments().readFiles(target, { mimeTypes: [], maxBytes: 1024, maxFiles: 5 })).to.deep.equal([]);
      expect(await attachments().readFiles({ ...target, entityType: 'TASK' }, { mimeTypes: [PDF], maxBytes: 1024, maxFiles: 5 })).to.deep.equal([]);
    });

    /** What `run` logged as warnings through the host's logger. */
    async function warningsOf<T>(run: () => Promise<T>): Promise<{ result: T; warnings: unknown[][] }> {
      const logger = documents.host.container.get<Logger>(TOKENS.Logger);
      const original = logger.warn;
      const warnings: unknown[][] = [];
      logger.warn = ((...args: unknown[]) => {
        warnings.push(args);
      }) as Logger['warn'];
      try {
        return { result: await run(), warnings };
      } finally {
        logger.warn = original;
      }
    }

    it('names without reading a file too large, one beyond the count, and one missing from storage, which it logs', async () => {
      const target = noticeTarget();
      await attach(target, 'large.pdf', Buffer.alloc(2048, 'x'));
      const gone = await attach(target, 'gone.pdf', Buffer.from('%PDF-1.7 gone'));
      await attach(target, 'second.pdf', Buffer.from('%PDF-1.7 second'));
      await attach(target, 'third.pdf', Buffer.from('%PDF-1.7 third'));
      await storageOf(documents).delete(gone.fileKey);

      const { result: files, warnings } = await warningsOf(() => attachments().readFiles(target, { mimeTypes: [PDF], maxBytes: 1024, maxFiles: 2 }));
      expect(warnings).to.have.length(1);
      const [fields, message] = warnings[0]!;
      expect(message).to.equal('An attached file could not be read from storage');
      expect(fields).to.include({ workspaceId: internalId, fileKey: gone.fileKey });
      expect((fields as { err: unknown }).err).to.be.instanceOf(Error);
      expect(files.map((file) => [file.filename, file.body ? 'read' : file.notRead])).to.deep.equal([
        ['large.pdf', 'too-large'],
        ['gone.pdf', 'unavailable'],
        ['second.pdf', 'read'],
        ['third.pdf', 'beyond-count'],
      ]);
      expect(files[0]).to.include({ size: 2048, body: null });
    });

    it("never reads another workspace's attachments", async () => {
      const target = noticeTarget();
      await attach(target, 'ours.pdf', Buffer.from('%PDF-1.7 ours'));
      const otherWorkspace = await documents.internalIdOf((await documents.createWorkspace(owner)).externalId);
      expect(
        await attachments().readFiles({ ...target, workspaceId: otherWorkspace }, { mimeTypes: [PDF], maxBytes: 1024, maxFiles: 5 }),
      ).to.deep.equal([]);
    });
  });
});

describe('documents: demo seed', () => {
  let documents: TestHost;

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    documents = await startDocumentsHost();
  });

  after(() => documents?.stop());

  it('fills a demo workspace with folders of real files for some clients', async () => {
    const owner = await documents.signedInUser('docs-seed');
    const workspace = await documents.createWorkspace(owner);
    const clients = [];
    for (let index = 0; index < 8; index += 1) clients.push(await createClient(owner, workspace.externalId, { name: `Demo Client ${index}` }));
    const knex = documents.host.knex;
    const user = await knex('users').where({ external_id: owner.user.externalId }).first('id');
    const membership: Membership = {
      workspace: { id: await documents.internalIdOf(workspace.externalId), externalId: workspace.externalId, name: workspace.name },
      role: 'OWNER',
    };
    const actor = { id: user.id, ...owner.user } as SessionUser;
    const definition = documents.host.registry.get('documents')!.definition!;
    await definition.seedDemo!({ container: documents.host.container, membership, owner: actor, team: [], clients });

    const root = (await get(owner, DOCUMENTS_ROUTES.tree, { workspaceId: workspace.externalId, depth: 4 })).body.tree as FolderNode;
    expect(root.children.map((child) => child.name)).to.deep.equal(['Clients', 'Templates']);
    const listed = await get(owner, DOCUMENTS_ROUTES.list, { workspaceId: workspace.externalId });
    const byName = new Map<string, { id: string; directory: string; client: { name: string } | null }>(
      listed.body.documents.map((document: { name: string }) => [document.name, document]),
    );
    expect(byName.get('Sales Register Sep 2025.xlsx')).to.deep.include({
      directory: 'Clients/Shree-Ganesh-Traders/GST-Returns',
      client: { externalId: clients[0].externalId, name: 'Demo Client 0' },
    });
    const folders = await get(owner, DOCUMENTS_ROUTES.directories, { workspaceId: workspace.externalId, clientExternalId: clients[7].externalId });
    expect(folders.body.directories.map((folder: { path: string }) => folder.path)).to.deep.equal([
      'Clients',
      'Clients/Priya-Nair',
      'Clients/Priya-Nair/ITR-AY-2025-26',
    ]);

    const bytesOf = async (name: string) => {
      const redirect = await owner.agent
        .get(`/axal/api/v1/${DOCUMENTS_ROUTES.download}/${byName.get(name)!.id}`)
        .query({ workspaceId: workspace.externalId })
        .expect(302);
      return Buffer.from(await (await fetch(redirect.headers.location)).arrayBuffer());
    };
    const pdf = await bytesOf('GSTR-3B Summary Q2.pdf');
    expect(pdf.subarray(0, 8).toString('latin1')).to.equal('%PDF-1.4');
    expect(pdf.toString('latin1')).to.match(/startxref\n\d+\n%%EOF\n$/);
    const png = await bytesOf('Rent Receipt Scan.png');
    expect([...png.subarray(0, 8)]).to.deep.equal([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(await bytesOf('Trial Balance Mar 2025.xlsx')).buffer);
    expect(workbook.getWorksheet('Trial Balance')?.getRow(1).values).to.deep.equal([undefined, 'Ledger', 'Debit', 'Credit']);
  });
});
