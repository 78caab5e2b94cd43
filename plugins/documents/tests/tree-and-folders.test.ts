import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { DOCUMENTS_ROUTES, MESSAGES, type DirectoryNode, type FolderNode } from '../shared/wire';
import { createClient, get, HOST_START_TIMEOUT_MS, makeFolder, post, startDocumentsHost, upload, type TestHost, type TestSession } from './support';

const namesOf = (node: FolderNode) => node.children.map((child) => `${child.type === 'directory' ? 'D' : 'F'}:${child.name}`);
const childNamed = (node: FolderNode, name: string) => node.children.find((child) => child.name === name) as DirectoryNode;

describe('documents: tree and folders', () => {
  let documents: TestHost;
  let owner: TestSession;
  let workspaceId: string;

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    documents = await startDocumentsHost();
    owner = await documents.signedInUser('docs-tree');
    workspaceId = (await documents.createWorkspace(owner)).externalId;
  });

  after(() => documents?.stop());

  const tree = (session: TestSession, query: Record<string, unknown> = {}) => get(session, DOCUMENTS_ROUTES.tree, { workspaceId, ...query });

  describe('creating folders', () => {
    it('creates a folder with every missing parent, and treats an existing one as done', async () => {
      const created = await post(owner, DOCUMENTS_ROUTES.createDirectory, { workspaceId, path: 'Audit/2025/Working-Papers' });
      expect(created.status).to.equal(201);
      expect(created.body).to.deep.equal({ path: 'Audit/2025/Working-Papers', created: true });
      const again = await post(owner, DOCUMENTS_ROUTES.createDirectory, { workspaceId, path: '/Audit/2025/' });
      expect(again.status).to.equal(200);
      expect(again.body).to.deep.equal({ path: 'Audit/2025', created: false });
      const { body } = await get(owner, DOCUMENTS_ROUTES.directories, { workspaceId });
      expect(body.directories.map((folder: { path: string }) => folder.path)).to.include.members([
        'Audit',
        'Audit/2025',
        'Audit/2025/Working-Papers',
      ]);
      expect(body.directories.find((folder: { path: string }) => folder.path === 'Audit/2025/Working-Papers').segments).to.deep.equal([
        'Audit',
        '2025',
        'Working-Papers',
      ]);
    });

    it('applies the folder-name rule with the spec messages', async () => {
      const cases: [unknown, string][] = [
        ['Tax Returns', MESSAGES.folderNameRule],
        ['GST.2025', MESSAGES.folderNameRule],
        ['Rés', MESSAGES.folderNameRule],
        ['../etc', MESSAGES.folderNameRule],
        ['a//b', MESSAGES.invalidFolderName],
        ['', MESSAGES.invalidFolderName],
        ['/', MESSAGES.invalidFolderName],
        [`${'x/'.repeat(25)}x`, MESSAGES.invalidFolderName],
        [42, MESSAGES.invalidFolderName],
      ];
      for (const [path, error] of cases) {
        const response = await post(owner, DOCUMENTS_ROUTES.createDirectory, { workspaceId, path });
        expect(response.status, String(path)).to.equal(400);
        expect(response.body.error, String(path)).to.equal(error);
      }
    });

    it('assigns a new folder to a client when asked, and refuses an unknown client', async () => {
      const client = await createClient(owner, workspaceId, { name: 'Deccan Pharma' });
      await post(owner, DOCUMENTS_ROUTES.createDirectory, { workspaceId, path: 'Deccan', clientId: client.externalId }).expect(201);
      const { body } = await tree(owner);
      expect((childNamed(body.tree, 'Deccan') as FolderNode).clients).to.deep.equal([{ externalId: client.externalId, name: 'Deccan Pharma' }]);
      const unknown = await post(owner, DOCUMENTS_ROUTES.createDirectory, { workspaceId, path: 'Nobody', clientId: randomUUID() });
      expect(unknown.status).to.equal(404);
      expect(unknown.body.error).to.equal(MESSAGES.clientNotFound);
    });
  });

  describe('the tree', () => {
    let fresh: string;

    before(async () => {
      fresh = (await documents.createWorkspace(owner)).externalId;
      await makeFolder(owner, fresh, 'beta/inner/deep');
      await makeFolder(owner, fresh, 'Alpha');
      await makeFolder(owner, fresh, 'empty');
      await upload(owner, fresh, 'zeta.txt', { body: Buffer.alloc(10) });
      await upload(owner, fresh, 'Apple.pdf', { body: Buffer.alloc(20) });
      await upload(owner, fresh, 'b1.txt', { directory: 'beta', body: Buffer.alloc(100) });
      await upload(owner, fresh, 'i1.txt', { directory: 'beta/inner', body: Buffer.alloc(1000) });
      await upload(owner, fresh, 'd1.txt', { directory: 'beta/inner/deep', body: Buffer.alloc(5) });
      await upload(owner, fresh, 'd2.txt', { directory: 'beta/inner/deep', body: Buffer.alloc(5) });
    });

    const freshTree = (query: Record<string, unknown> = {}) => get(owner, DOCUMENTS_ROUTES.tree, { workspaceId: fresh, ...query });

    it('lists the root: folders first, then files, each by name; sizes add up beneath', async () => {
      const { status, body } = await freshTree();
      expect(status).to.equal(200);
      const root: FolderNode = body.tree;
      expect(root).to.include({ type: 'directory', name: 'Root', path: '', size: 1140, childCount: 5 });
      expect(namesOf(root)).to.deep.equal(['D:Alpha', 'D:beta', 'D:empty', 'F:Apple.pdf', 'F:zeta.txt']);
      const beta = childNamed(root, 'beta') as FolderNode;
      expect(beta).to.include({ path: 'beta', size: 1110, childCount: 2 });
      expect(beta.children, 'below the requested depth').to.deep.equal([]);
      expect(childNamed(root, 'empty')).to.include({ size: 0, childCount: 0 });
      const apple = childNamed(root, 'Apple.pdf');
      expect(apple).to.deep.include({ type: 'file', path: 'Apple.pdf', size: 20 });
      expect(apple.type === 'file' && apple.fileInfo).to.include({ mimeType: 'application/pdf', client: null });
      expect(new Date(apple.lastModified).getTime()).to.be.closeTo(Date.now(), 60_000);
      expect(new Date(beta.lastModified).getTime()).to.be.closeTo(Date.now(), 60_000);
    });

    it('opens a folder by path, and several levels with depth', async () => {
      const inner = (await freshTree({ path: 'beta/inner' })).body.tree as FolderNode;
      expect(inner).to.include({ name: 'inner', path: 'beta/inner', size: 1010 });
      expect(namesOf(inner)).to.deep.equal(['D:deep', 'F:i1.txt']);
      const deep = (await freshTree({ path: 'beta', depth: 3 })).body.tree as FolderNode;
      const deepest = childNamed(childNamed(deep, 'inner') as FolderNode, 'deep') as FolderNode;
      expect(namesOf(deepest)).to.deep.equal(['F:d1.txt', 'F:d2.txt']);
      expect(deepest.children.map((child) => child.path)).to.deep.equal(['beta/inner/deep/d1.txt', 'beta/inner/deep/d2.txt']);
    });

    it("answers 404 'Directory not found' for a folder that does not exist, 400 for a bad path or depth", async () => {
      const missing = await freshTree({ path: 'beta/nothing' });
      expect(missing.status).to.equal(404);
      expect(missing.body).to.deep.equal({ error: MESSAGES.directoryNotFound });
      expect((await freshTree({ path: 'no spaces' })).status).to.equal(400);
      expect((await freshTree({ depth: 0 })).status).to.equal(400);
      expect((await freshTree({ depth: 'all' })).status).to.equal(400);
    });

    it('lists folders for the picker: every folder and the map of sub-folders', async () => {
      const { body } = await get(owner, DOCUMENTS_ROUTES.directories, { workspaceId: fresh });
      expect(body.directories.map((folder: { path: string }) => folder.path)).to.deep.equal([
        'Alpha',
        'beta',
        'beta/inner',
        'beta/inner/deep',
        'empty',
      ]);
      expect(body.children).to.deep.equal({ '': ['Alpha', 'beta', 'empty'], beta: ['beta/inner'], 'beta/inner': ['beta/inner/deep'] });
    });
  });

  describe('assigning a client', () => {
    it('assigns and clears the client of a folder and of a file', async () => {
      const fresh = (await documents.createWorkspace(owner)).externalId;
      const client = await createClient(owner, fresh, { name: 'Bengal Jute' });
      await makeFolder(owner, fresh, 'Bengal');
      const document = await upload(owner, fresh, 'deed.pdf', { directory: 'Bengal' });
      const assign = (body: Record<string, unknown>) => post(owner, DOCUMENTS_ROUTES.assignClient, { workspaceId: fresh, ...body });

      expect((await assign({ type: 'directory', path: 'Bengal', clientId: client.externalId })).body).to.deep.equal({ ok: true });
      expect((await assign({ type: 'file', path: 'Bengal/deed.pdf', fileId: document.id, clientId: client.externalId })).status).to.equal(200);
      const opened = (await get(owner, DOCUMENTS_ROUTES.tree, { workspaceId: fresh, path: 'Bengal' })).body.tree as FolderNode;
      expect(opened.clients).to.deep.equal([{ externalId: client.externalId, name: 'Bengal Jute' }]);
      const file = opened.children[0];
      expect(file.type === 'file' && file.fileInfo.client).to.deep.equal({ externalId: client.externalId, name: 'Bengal Jute' });
      const listed = await get(owner, DOCUMENTS_ROUTES.list, { workspaceId: fresh, clientExternalId: client.externalId });
      expect(listed.body.documents.map((item: { id: string }) => item.id)).to.deep.equal([document.id]);

      await assign({ type: 'directory', path: 'Bengal', clientId: null }).expect(200);
      const cleared = (await get(owner, DOCUMENTS_ROUTES.tree, { workspaceId: fresh, path: 'Bengal' })).body.tree as FolderNode;
      expect(cleared.clients).to.deep.equal([]);
    });

    it('answers 404 for an unknown folder, file or client and 400 for a malformed request', async () => {
      const client = await createClient(owner, workspaceId);
      const cases: [Record<string, unknown>, number, string][] = [
        [{ type: 'directory', path: 'Nowhere', clientId: client.externalId }, 404, MESSAGES.directoryNotFound],
        [{ type: 'file', fileId: randomUUID(), clientId: client.externalId }, 404, MESSAGES.documentNotFound],
        [{ type: 'directory', path: 'Audit', clientId: randomUUID() }, 404, MESSAGES.clientNotFound],
        [{ type: 'file', clientId: client.externalId }, 400, MESSAGES.documentNotFound],
        [{ type: 'folder', path: 'Audit', clientId: client.externalId }, 400, MESSAGES.nodeType],
      ];
      for (const [body, status, error] of cases) {
        const response = await post(owner, DOCUMENTS_ROUTES.assignClient, { workspaceId, ...body });
        expect(response.status, JSON.stringify(body)).to.equal(status);
        expect(response.body.error, JSON.stringify(body)).to.contain(error);
      }
    });
  });

  describe('what a CLIENT member sees', () => {
    let workspace: string;
    let clientMember: TestSession;
    let ownClient: { externalId: string };
    let visibleFile: string;
    let hiddenFile: string;
    let looseFile: string;

    before(async () => {
      workspace = (await documents.createWorkspace(owner)).externalId;
      ownClient = await createClient(owner, workspace, { name: 'Own Client' });
      clientMember = await documents.memberWithRole(owner, workspace, 'CLIENT', { clientIds: [ownClient.externalId] });
      const otherClient = await createClient(owner, workspace, { name: 'Other Client' });
      await makeFolder(owner, workspace, 'Clients/Own', ownClient.externalId);
      await makeFolder(owner, workspace, 'Clients/Own/2025');
      await makeFolder(owner, workspace, 'Clients/Other', otherClient.externalId);
      await makeFolder(owner, workspace, 'Internal/Payroll');
      visibleFile = (await upload(owner, workspace, 'return.pdf', { directory: 'Clients/Own/2025', body: Buffer.alloc(300) })).id;
      hiddenFile = (await upload(owner, workspace, 'other.pdf', { directory: 'Clients/Other', body: Buffer.alloc(50) })).id;
      looseFile = (await upload(owner, workspace, 'invoice.pdf', { directory: 'Internal', clientId: ownClient.externalId, body: Buffer.alloc(7) }))
        .id;
      await upload(owner, workspace, 'salaries.xlsx', { directory: 'Internal/Payroll', body: Buffer.alloc(900) });
      await upload(owner, workspace, 'firm-wide.txt', { body: Buffer.alloc(11) });
    });

    const clientTree = (query: Record<string, unknown> = {}) => get(clientMember, DOCUMENTS_ROUTES.tree, { workspaceId: workspace, ...query });

    it('sees only the way to what is theirs at the root, with sizes of only what is theirs', async () => {
      const root = (await clientTree()).body.tree as FolderNode;
      expect(namesOf(root)).to.deep.equal(['D:Clients', 'D:Internal']);
      expect(root.size).to.equal(307);
      const clients = (await clientTree({ path: 'Clients' })).body.tree as FolderNode;
      expect(namesOf(clients)).to.deep.equal(['D:Own']);
      expect(clients.childCount).to.equal(1);
      const internal = (await clientTree({ path: 'Internal' })).body.tree as FolderNode;
      expect(namesOf(internal)).to.deep.equal(['F:invoice.pdf']);
    });

    it('sees everything in a folder assigned to their client, at any depth', async () => {
      const own = (await clientTree({ path: 'Clients/Own', depth: 2 })).body.tree as FolderNode;
      expect(namesOf(own)).to.deep.equal(['D:2025']);
      expect(namesOf(childNamed(own, '2025') as FolderNode)).to.deep.equal(['F:return.pdf']);
    });

    it("is refused other folders with 403 and the spec's message, whether they exist or not", async () => {
      for (const path of ['Clients/Other', 'Internal/Payroll', 'Does/Not/Exist']) {
        const response = await clientTree({ path });
        expect(response.status, path).to.equal(403);
        expect(response.body, path).to.deep.equal({ error: "You don't have permission to access this directory" });
      }
    });

    it('lists, counts, describes and downloads only their documents', async () => {
      const listed = await get(clientMember, DOCUMENTS_ROUTES.list, { workspaceId: workspace });
      expect(listed.body.documents.map((document: { id: string }) => document.id).sort()).to.deep.equal([visibleFile, looseFile].sort());
      expect(listed.body.total).to.equal(2);
      expect((await get(clientMember, DOCUMENTS_ROUTES.stats, { workspaceId: workspace })).body).to.deep.equal({ totalDocuments: 2 });
      expect((await get(owner, DOCUMENTS_ROUTES.stats, { workspaceId: workspace })).body).to.deep.equal({ totalDocuments: 5 });
      expect((await get(clientMember, DOCUMENTS_ROUTES.info, { workspaceId: workspace, documentId: visibleFile })).status).to.equal(200);
      const hidden = await get(clientMember, DOCUMENTS_ROUTES.info, { workspaceId: workspace, documentId: hiddenFile });
      expect(hidden.status).to.equal(404);
      expect(hidden.body.error).to.equal(MESSAGES.documentNotFound);
      const download = (id: string) => clientMember.agent.get(`/axal/api/v1/${DOCUMENTS_ROUTES.download}/${id}`).query({ workspaceId: workspace });
      expect((await download(visibleFile)).status).to.equal(302);
      expect((await download(hiddenFile)).status).to.equal(404);
    });

    it('sees in the folder picker only the folders that lead to theirs', async () => {
      const { body } = await get(clientMember, DOCUMENTS_ROUTES.directories, { workspaceId: workspace });
      expect(body.directories.map((folder: { path: string }) => folder.path)).to.deep.equal([
        'Clients',
        'Clients/Own',
        'Clients/Own/2025',
        'Internal',
      ]);
    });

    it('filters the picker by client for staff', async () => {
      const { body } = await get(owner, DOCUMENTS_ROUTES.directories, { workspaceId: workspace, clientExternalId: ownClient.externalId });
      expect(body.directories.map((folder: { path: string }) => folder.path)).to.deep.equal(['Clients', 'Clients/Own', 'Clients/Own/2025']);
      expect(body.children).to.deep.equal({ '': ['Clients'], Clients: ['Clients/Own'], 'Clients/Own': ['Clients/Own/2025'] });
    });

    it('a CLIENT member linked to no client sees an empty root and nothing else', async () => {
      const stranger = await documents.memberWithRole(owner, workspace, 'CLIENT');
      const root = await get(stranger, DOCUMENTS_ROUTES.tree, { workspaceId: workspace });
      expect(root.status).to.equal(200);
      expect(root.body.tree.children).to.deep.equal([]);
      expect((await get(stranger, DOCUMENTS_ROUTES.tree, { workspaceId: workspace, path: 'Clients' })).status).to.equal(403);
      expect((await get(stranger, DOCUMENTS_ROUTES.list, { workspaceId: workspace })).body).to.deep.equal({ documents: [], total: 0 });
    });
  });

  describe('the list', () => {
    it('pages newest first and filters by client', async () => {
      const { workspace, sessions } = await documents.workspaceWithEveryRole();
      const client = await createClient(sessions.OWNER, workspace.externalId);
      const ids: string[] = [];
      for (const name of ['one.txt', 'two.txt', 'three.txt'])
        ids.push((await upload(sessions.EMPLOYEE, workspace.externalId, name, { clientId: name === 'two.txt' ? client.externalId : undefined })).id);
      const page = await get(sessions.ADMIN, DOCUMENTS_ROUTES.list, { workspaceId: workspace.externalId, limit: 2 });
      expect(page.body.total).to.equal(3);
      expect(page.body.documents.map((document: { id: string }) => document.id)).to.deep.equal([ids[2], ids[1]]);
      const next = await get(sessions.ADMIN, DOCUMENTS_ROUTES.list, { workspaceId: workspace.externalId, limit: 2, offset: 2 });
      expect(next.body.documents.map((document: { id: string }) => document.id)).to.deep.equal([ids[0]]);
      const ofClient = await get(sessions.EMPLOYEE, DOCUMENTS_ROUTES.list, {
        workspaceId: workspace.externalId,
        clientExternalId: client.externalId,
      });
      expect(ofClient.body.documents).to.have.length(1);
      expect(ofClient.body.documents[0]).to.include({ id: ids[1], name: 'two.txt', type: 'text/plain' });
      expect(
        (await get(sessions.OWNER, DOCUMENTS_ROUTES.list, { workspaceId: workspace.externalId, clientExternalId: randomUUID() })).status,
      ).to.equal(404);
      expect((await get(sessions.OWNER, DOCUMENTS_ROUTES.list, { workspaceId: workspace.externalId, limit: 5000 })).status).to.equal(400);
    });
  });
});
