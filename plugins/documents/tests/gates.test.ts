import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import { DOCUMENTS_ROUTES, MESSAGES } from '../shared/wire';
import {
  API,
  call,
  createClient,
  get,
  HOST_START_TIMEOUT_MS,
  makeFolder,
  presign,
  putBlob,
  startDocumentsHost,
  upload,
  type Method,
  type TestHost,
  type TestSession,
  type WorkspacePluginEntry,
} from './support';

const NOT_ENABLED = { error: 'The Documents plugin is not enabled for this workspace' };
const NO_PERMISSION = { error: 'You do not have permission to do this' };
const ROLES = ['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT'] as const;

interface RouteCall {
  method: Method;
  path: string;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

/** One valid request per route for the workspace; `fresh()` gives values that must not repeat (keys, folder names). */
function everyRoute(workspaceId: string, ids: { documentId: string; fileKey: string; clientId: string }, fresh: () => string): RouteCall[] {
  return [
    { method: 'get', path: DOCUMENTS_ROUTES.tree, query: { workspaceId } },
    { method: 'get', path: DOCUMENTS_ROUTES.list, query: { workspaceId } },
    { method: 'get', path: DOCUMENTS_ROUTES.stats, query: { workspaceId } },
    { method: 'get', path: DOCUMENTS_ROUTES.directories, query: { workspaceId } },
    { method: 'get', path: DOCUMENTS_ROUTES.storage, query: { workspaceId } },
    { method: 'get', path: DOCUMENTS_ROUTES.info, query: { workspaceId, documentId: ids.documentId } },
    { method: 'get', path: `${DOCUMENTS_ROUTES.download}/${encodeURIComponent(ids.fileKey)}`, query: { workspaceId } },
    { method: 'get', path: DOCUMENTS_ROUTES.presign, query: { workspaceId, filename: 'a.pdf', size: 3 } },
    { method: 'post', path: DOCUMENTS_ROUTES.createDirectory, body: { workspaceId, path: `F${fresh()}` } },
    {
      method: 'post',
      path: DOCUMENTS_ROUTES.create,
      body: { workspaceExternalId: workspaceId, fileKey: `${workspaceId}/${randomUUID()}`, filename: 'a.pdf', size: 3 },
    },
    { method: 'post', path: DOCUMENTS_ROUTES.updateStorage, body: { workspaceId, additionalStorage: 1 } },
    { method: 'post', path: DOCUMENTS_ROUTES.assignClient, body: { workspaceId, type: 'file', fileId: ids.documentId, clientId: ids.clientId } },
    { method: 'delete', path: DOCUMENTS_ROUTES.remove, body: { workspaceId, nodes: [{ type: 'directory', path: `Gone${fresh()}` }] } },
  ];
}

const send = (session: TestSession, route: RouteCall) => {
  const pending = call(session, route.method, `/${route.path}`, route.body);
  return route.query ? pending.query(route.query) : pending;
};

describe('documents: gates, roles and workspaces', () => {
  let documents: TestHost;
  let counter = 0;
  const fresh = () => String((counter += 1));

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    documents = await startDocumentsHost();
  });

  after(() => documents?.stop());

  it('answers every route with 404 while the plugin is off for the workspace, and serves it again when on', async () => {
    const owner = await documents.signedInUser('docs-gate');
    const workspace = await documents.createWorkspace(owner);
    const client = await createClient(owner, workspace.externalId);
    const document = await upload(owner, workspace.externalId, 'kept.pdf', { clientId: client.externalId });
    const switchTo = (enabled: boolean) => call(owner, 'put', `/workspaces/${workspace.externalId}/plugins/documents`, { enabled }).expect(200);

    await switchTo(false);
    const routes = everyRoute(workspace.externalId, { documentId: document.id, fileKey: document.fileKey, clientId: client.externalId }, fresh);
    for (const route of routes) {
      const response = await send(owner, route);
      expect(response.status, `${route.method} ${route.path}`).to.equal(404);
      expect(response.body, `${route.method} ${route.path}`).to.deep.equal(NOT_ENABLED);
    }
    const plugins = await call(owner, 'get', `/workspaces/${workspace.externalId}/plugins`).expect(200);
    expect((plugins.body.plugins as WorkspacePluginEntry[]).find((plugin) => plugin.id === 'documents')!.enabled).to.equal(false);

    await switchTo(true);
    const info = await get(owner, DOCUMENTS_ROUTES.info, { workspaceId: workspace.externalId, documentId: document.id });
    expect(info.status, 'the data is kept').to.equal(200);
  });

  it('asks for a session first, then membership', async () => {
    const owner = await documents.signedInUser('docs-gate-2');
    const workspace = await documents.createWorkspace(owner);
    const stranger = await documents.signedInUser('docs-stranger');
    const routes = everyRoute(
      workspace.externalId,
      { documentId: randomUUID(), fileKey: `${workspace.externalId}/${randomUUID()}`, clientId: randomUUID() },
      fresh,
    );
    for (const route of routes) {
      const anonymous = request(documents.baseUrl)
        [route.method](`${API}/${route.path}`)
        .query(route.query ?? {});
      expect((await anonymous).status, `${route.method} ${route.path}`).to.be.oneOf([401, 403]);
      const outsider = await send(stranger, route);
      expect(outsider.status, `${route.method} ${route.path}`).to.equal(404);
      expect(outsider.body).to.deep.equal({ error: 'Workspace not found' });
    }
    const missing = await call(owner, 'get', `/${DOCUMENTS_ROUTES.tree}`);
    expect(missing.status).to.equal(400);
    expect(missing.body).to.deep.equal({ error: 'Workspace ID is required' });
  });

  it('grants each route to the roles of spec 3 section 6', async () => {
    const { workspace, sessions } = await documents.workspaceWithEveryRole();
    const workspaceId = workspace.externalId;
    const client = await createClient(sessions.OWNER, workspaceId);
    await call(sessions.OWNER, 'put', `/workspaces/${workspaceId}/members/${sessions.CLIENT.user.externalId}/clients`, {
      clientIds: [client.externalId],
    }).expect(200);
    await makeFolder(sessions.OWNER, workspaceId, 'Shared', client.externalId);
    const document = await upload(sessions.OWNER, workspaceId, 'shared.pdf', { directory: 'Shared' });
    const staff = ['OWNER', 'ADMIN', 'EMPLOYEE'];
    const administrators = ['OWNER', 'ADMIN'];
    const allowed: Record<string, readonly string[]> = {
      [DOCUMENTS_ROUTES.presign]: staff,
      [DOCUMENTS_ROUTES.createDirectory]: staff,
      [DOCUMENTS_ROUTES.assignClient]: staff,
      [DOCUMENTS_ROUTES.updateStorage]: administrators,
      [DOCUMENTS_ROUTES.remove]: administrators,
    };
    for (const role of ROLES) {
      for (const route of everyRoute(workspaceId, { documentId: document.id, fileKey: document.fileKey, clientId: client.externalId }, fresh)) {
        if (route.path === DOCUMENTS_ROUTES.create) continue;
        const label = `${role} ${route.method} ${route.path}`;
        const response = await send(sessions[role], route);
        const roles = allowed[route.path] ?? ROLES;
        if (roles.includes(role)) {
          expect(response.status, `${label}: ${JSON.stringify(response.body)}`).to.be.oneOf([200, 201, 302, 404]);
          if (response.status === 404) expect(response.body.error, label).to.equal(MESSAGES.directoryNotFound);
        } else {
          expect(response.status, label).to.equal(403);
          expect(response.body, label).to.deep.equal(route.path === DOCUMENTS_ROUTES.remove ? { error: MESSAGES.deleteForbidden } : NO_PERMISSION);
        }
      }
    }
    // Registering an upload needs `upload` too; a CLIENT member cannot get as far as a stored file.
    const signed = await presign(sessions.EMPLOYEE, workspaceId, 'by-employee.txt', 3);
    await putBlob(signed.url, Buffer.from('abc'));
    const register = (session: TestSession) =>
      call(session, 'post', `/${DOCUMENTS_ROUTES.create}`, {
        workspaceExternalId: workspaceId,
        fileKey: signed.fileKey,
        filename: 'by-employee.txt',
        size: 3,
      });
    expect((await register(sessions.CLIENT)).body).to.deep.equal(NO_PERMISSION);
    expect((await register(sessions.EMPLOYEE)).status).to.equal(201);
  });

  it("answers 404 for another workspace's documents, folders and clients named in this one", async () => {
    const owner = await documents.signedInUser('docs-cross');
    const [mine, theirs] = await Promise.all([documents.createWorkspace(owner), documents.createWorkspace(owner)]);
    const theirClient = await createClient(owner, theirs.externalId);
    await makeFolder(owner, theirs.externalId, 'Secret');
    const theirDocument = await upload(owner, theirs.externalId, 'secret.pdf', { directory: 'Secret' });
    await upload(owner, mine.externalId, 'mine.pdf');
    const workspaceId = mine.externalId;

    const cases: [RouteCall, string][] = [
      [{ method: 'get', path: DOCUMENTS_ROUTES.info, query: { workspaceId, documentId: theirDocument.id } }, MESSAGES.documentNotFound],
      [
        { method: 'get', path: `${DOCUMENTS_ROUTES.download}/${encodeURIComponent(theirDocument.fileKey)}`, query: { workspaceId } },
        MESSAGES.documentNotFound,
      ],
      [{ method: 'get', path: `${DOCUMENTS_ROUTES.download}/${theirDocument.id}`, query: { workspaceId } }, MESSAGES.documentNotFound],
      [{ method: 'get', path: DOCUMENTS_ROUTES.tree, query: { workspaceId, path: 'Secret' } }, MESSAGES.directoryNotFound],
      [{ method: 'get', path: DOCUMENTS_ROUTES.list, query: { workspaceId, clientExternalId: theirClient.externalId } }, MESSAGES.clientNotFound],
      [
        { method: 'get', path: DOCUMENTS_ROUTES.directories, query: { workspaceId, clientExternalId: theirClient.externalId } },
        MESSAGES.clientNotFound,
      ],
      [
        { method: 'get', path: DOCUMENTS_ROUTES.presign, query: { workspaceId, filename: 'x.pdf', size: 1, clientId: theirClient.externalId } },
        MESSAGES.clientNotFound,
      ],
      [
        { method: 'post', path: DOCUMENTS_ROUTES.createDirectory, body: { workspaceId, path: 'Planted', clientId: theirClient.externalId } },
        MESSAGES.clientNotFound,
      ],
      [
        { method: 'post', path: DOCUMENTS_ROUTES.assignClient, body: { workspaceId, type: 'file', fileId: theirDocument.id, clientId: null } },
        MESSAGES.documentNotFound,
      ],
      [
        { method: 'post', path: DOCUMENTS_ROUTES.assignClient, body: { workspaceId, type: 'directory', path: 'Secret', clientId: null } },
        MESSAGES.directoryNotFound,
      ],
      [
        { method: 'delete', path: DOCUMENTS_ROUTES.remove, body: { workspaceId, nodes: [{ type: 'file', fileInfo: { id: theirDocument.id } }] } },
        MESSAGES.documentNotFound,
      ],
      [
        { method: 'delete', path: DOCUMENTS_ROUTES.remove, body: { workspaceId, nodes: [{ type: 'directory', path: 'Secret' }] } },
        MESSAGES.directoryNotFound,
      ],
    ];
    for (const [route, error] of cases) {
      const response = await send(owner, route);
      expect(response.status, `${route.method} ${route.path}`).to.equal(404);
      expect(response.body, `${route.method} ${route.path}`).to.deep.equal({ error });
    }
    // Registering their stored file as ours is refused, and their document is untouched.
    const registered = await call(owner, 'post', `/${DOCUMENTS_ROUTES.create}`, {
      workspaceExternalId: workspaceId,
      fileKey: theirDocument.fileKey,
      filename: 'secret.pdf',
      size: theirDocument.size,
    });
    expect(registered.status).to.equal(422);
    const still = await get(owner, DOCUMENTS_ROUTES.info, { workspaceId: theirs.externalId, documentId: theirDocument.id });
    expect(still.body.document).to.deep.equal(theirDocument);
    const list = await get(owner, DOCUMENTS_ROUTES.list, { workspaceId });
    expect(list.body.documents.map((document: { name: string }) => document.name)).to.deep.equal(['mine.pdf']);
  });
});
