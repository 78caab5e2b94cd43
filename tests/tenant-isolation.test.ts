import { setTimeout as delay } from 'node:timers/promises';
import { expect } from 'chai';
import { call, dataOfWorkspace, internalIdOf, WORKSPACE_NOT_FOUND, type Method } from '../core/workspaces/tests/support';
import { createWorkspace, memberWithRole, newAgent, signedInUser, uniqueEmail, type TestSession } from './support/http';

/** A client an outsider tries to create in the victim workspace. */
const PLANTED_CLIENT = {
  clientType: 'INDIVIDUAL',
  name: 'Planted Client',
  email: 'planted@clients.example',
  phone: '9876543210',
  panNumber: 'PLNTD1234P',
  residentialAddress: '1, Planted Lane, Pune',
  aadhaarNumber: '123412341234',
};

/** A credential row an outsider tries to import into the victim workspace (the victim client's PAN). */
const PLANTED_CREDENTIAL_ROW = {
  email: 'planted@clients.example',
  platform: 'GST',
  username: 'planted',
  password: 'Planted#Portal1',
  name: 'Planted Client',
  phone: '9876543210',
  panNumber: 'VCTIM1234V',
};

/**
 * Every workspace-scoped route. `:name` in the path, and any query or body value that is exactly `:name`, is
 * filled from the victim workspace's `Ids`. A later issue appends its routes here; when they name a record of
 * their own (`:clientId`, ...), it also creates one such record in `victimWorkspace` and adds its id to `Ids`
 * (and to RECORD_IDS when it names a record inside the workspace).
 */
const WORKSPACE_SCOPED_ROUTES: ScopedRoute[] = [
  // Workspaces, members, invitations, activity (core/workspaces).
  { method: 'get', path: '/workspaces/:workspaceId' },
  { method: 'patch', path: '/workspaces/:workspaceId', body: { name: 'Taken Over' } },
  { method: 'get', path: '/workspaces/:workspaceId/role' },
  { method: 'get', path: '/workspaces/:workspaceId/members' },
  { method: 'post', path: '/workspaces/:workspaceId/members', body: { email: ':attackerEmail', role: 'OWNER' } },
  { method: 'patch', path: '/workspaces/:workspaceId/members/:ownerId', body: { role: 'CLIENT' } },
  { method: 'patch', path: '/workspaces/:workspaceId/members/:memberId', body: { role: 'ADMIN' } },
  { method: 'delete', path: '/workspaces/:workspaceId/members/:memberId' },
  { method: 'delete', path: '/workspaces/:workspaceId/members/:ownerId' },
  { method: 'delete', path: '/workspaces/:workspaceId/invitations/:invitationId' },
  { method: 'get', path: '/workspaces/:workspaceId/activity' },
  { method: 'get', path: '/workspaces/:workspaceId/activity', query: { before: '1000000' } },
  { method: 'delete', path: '/workspaces/:workspaceId', body: { confirmation: ':workspaceName' } },
  { method: 'post', path: '/workspaces/:workspaceId/delete', body: { confirmation: ':workspaceName' } },
  // Plugin settings (core/workspaces).
  { method: 'get', path: '/workspaces/:workspaceId/plugins' },
  { method: 'put', path: '/workspaces/:workspaceId/plugins/:pluginId', body: { enabled: false } },
  // Plugin routes name their workspace in the query or the body (the gate-fixture test plugin shows both).
  { method: 'get', path: '/gate-fixture/notes', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/gate-fixture/notes', query: { workspaceExternalId: ':workspaceId' } },
  { method: 'post', path: '/gate-fixture/notes', body: { workspaceId: ':workspaceId', text: 'Planted by an outsider' } },
  { method: 'post', path: '/gate-fixture/notes', body: { workspaceExternalId: ':workspaceId', text: 'Planted by an outsider' } },
  // Clients, notes, credentials and the bulk import (core/clients).
  { method: 'get', path: '/clients', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/clients', query: { workspaceId: ':workspaceId', search: 'Victim' } },
  { method: 'post', path: '/clients', body: { ...PLANTED_CLIENT, workspaceExternalId: ':workspaceId' } },
  { method: 'get', path: '/clients/credentials-status', query: { workspaceId: ':workspaceId' } },
  { method: 'post', path: '/clients/bulk-upload', body: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/clients/:clientId', query: { workspaceId: ':workspaceId' } },
  { method: 'patch', path: '/clients/:clientId', body: { workspaceExternalId: ':workspaceId', name: 'Taken Over' } },
  { method: 'delete', path: '/clients/:clientId', body: { workspaceExternalId: ':workspaceId', confirmation: 'Victim Client' } },
  { method: 'get', path: '/clients/:clientId/aadhaar', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/clients/:clientId/notes', query: { workspaceId: ':workspaceId' } },
  { method: 'post', path: '/clients/:clientId/notes', body: { workspaceId: ':workspaceId', content: 'Planted by an outsider' } },
  { method: 'get', path: '/clients/:clientId/credentials', query: { workspaceId: ':workspaceId' } },
  {
    method: 'post',
    path: '/clients/:clientId/credentials',
    body: { workspaceId: ':workspaceId', platformName: 'GST', username: 'planted', password: 'planted', accountPassword: 'Sturdy#Ledger2026' },
  },
  { method: 'post', path: '/clients/credentials/import', body: { workspaceId: ':workspaceId', rows: [PLANTED_CREDENTIAL_ROW] } },
  { method: 'get', path: '/clients/credentials/import/:credentialImportId', query: { workspaceId: ':workspaceId' } },
  // Notifications and their streams (core/notifications).
  { method: 'get', path: '/notifications', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/notifications', query: { workspaceId: ':workspaceId', status: 'unread' } },
  { method: 'get', path: '/notifications/batch', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/notifications/stream', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/notifications/batch/stream', query: { workspaceId: ':workspaceId', entityType: 'NOTICE' } },
  { method: 'post', path: '/notifications/read-all', body: { workspaceId: ':workspaceId' } },
  { method: 'post', path: '/notifications/:notificationId/read', query: { workspaceId: ':workspaceId' } },
  { method: 'post', path: '/notifications/:notificationId/read', body: { workspaceId: ':workspaceId' } },
  // Documents (plugins/documents).
  { method: 'get', path: '/documents/tree', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/documents/tree', query: { workspaceId: ':workspaceId', path: 'Confidential' } },
  { method: 'get', path: '/documents/list', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/documents/list', query: { workspaceId: ':workspaceId', clientExternalId: ':clientId' } },
  { method: 'get', path: '/documents/stats', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/documents/directories', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/documents/directories', query: { workspaceId: ':workspaceId', clientExternalId: ':clientId' } },
  { method: 'post', path: '/documents/directories/create', body: { workspaceId: ':workspaceId', path: 'Planted' } },
  { method: 'get', path: '/documents/presign', query: { workspaceId: ':workspaceId', filename: 'planted.pdf', size: '10' } },
  { method: 'post', path: '/documents/create', body: { workspaceExternalId: ':workspaceId', fileKey: ':documentFileKey', filename: 'planted.pdf', size: 9 } },
  { method: 'get', path: '/documents/storage', query: { workspaceId: ':workspaceId' } },
  { method: 'post', path: '/documents/storage/update', body: { workspaceId: ':workspaceId', additionalStorage: 1073741824 } },
  { method: 'get', path: '/documents/info', query: { workspaceId: ':workspaceId', documentId: ':documentId' } },
  { method: 'get', path: '/documents/download/:documentId', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/documents/download/:documentKeyInPath', query: { workspaceId: ':workspaceId' } },
  { method: 'post', path: '/documents/assign-client', body: { workspaceId: ':workspaceId', type: 'file', fileId: ':documentId', clientId: null } },
  { method: 'post', path: '/documents/assign-client', body: { workspaceId: ':workspaceId', type: 'directory', path: 'Confidential', clientId: null } },
  { method: 'delete', path: '/documents', body: { workspaceId: ':workspaceId', nodes: [{ type: 'directory', path: 'Confidential' }] } },
];

/** Ids of records that live inside the victim workspace (not the workspace itself, nor global ones like a plugin id). */
const RECORD_IDS: (keyof Ids)[] = ['memberId', 'ownerId', 'invitationId', 'clientId', 'credentialImportId', 'notificationId', 'documentId', 'documentKeyInPath'];

interface ScopedRoute {
  method: Method;
  path: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

interface Ids {
  workspaceId: string;
  workspaceName: string;
  ownerId: string;
  memberId: string;
  invitationId: string;
  pluginId: string;
  clientId: string;
  credentialImportId: string;
  notificationId: string;
  documentId: string;
  documentFileKey: string;
  documentKeyInPath: string;
  attackerEmail: string;
}

/** Workspace B, with a record of every kind the routes above name. */
async function victimWorkspace() {
  const owner = await signedInUser('victim-owner');
  const workspace = await createWorkspace(owner, 'Victim Firm');
  const member = await memberWithRole(owner, workspace.externalId, 'EMPLOYEE');
  const invited = await call(owner, 'post', `/workspaces/${workspace.externalId}/members`, { email: uniqueEmail('victim-invitee'), role: 'CLIENT' }).expect(202);
  await call(owner, 'post', '/gate-fixture/notes', { workspaceId: workspace.externalId, text: 'Confidential' }).expect(201);
  const client = await call(owner, 'post', '/clients', {
    ...PLANTED_CLIENT,
    name: 'Victim Client',
    email: 'victim@clients.example',
    panNumber: 'VCTIM1234V',
    workspaceExternalId: workspace.externalId,
  }).expect(201);
  const clientId: string = client.body.client.externalId;
  await call(owner, 'post', `/clients/${clientId}/notes`, { workspaceId: workspace.externalId, content: 'Confidential' }).expect(201);
  await call(owner, 'post', `/clients/${clientId}/credentials`, {
    workspaceId: workspace.externalId,
    platformName: 'GST',
    username: 'victim_gst',
    password: 'Victim#Portal1',
    accountPassword: owner.password,
  }).expect(201);
  const credentialImportId = await finishedCredentialImport(owner, workspace.externalId);
  // The import told the owner how it went.
  const notifications = await call(owner, 'get', '/notifications').query({ workspaceId: workspace.externalId }).expect(200);
  const document = await storedDocument(owner, workspace.externalId, clientId);
  const ids: Omit<Ids, 'attackerEmail'> = {
    workspaceId: workspace.externalId,
    workspaceName: workspace.name,
    ownerId: owner.user.externalId,
    memberId: member.user.externalId,
    invitationId: invited.body.invitation.externalId,
    pluginId: 'gate-fixture',
    clientId,
    credentialImportId,
    notificationId: notifications.body.notifications[0].id,
    documentId: document.id,
    documentFileKey: document.fileKey,
    documentKeyInPath: encodeURIComponent(document.fileKey),
  };
  return { owner, ids };
}

/** A file in a folder assigned to the victim's client, uploaded as the browser does: presign, PUT to storage, register. */
async function storedDocument(owner: TestSession, workspaceId: string, clientId: string): Promise<{ id: string; fileKey: string }> {
  await call(owner, 'post', '/documents/directories/create', { workspaceId, path: 'Confidential', clientId }).expect(201);
  const presigned = await call(owner, 'get', '/documents/presign').query({ workspaceId, filename: 'ledger.pdf', size: 9, directory: 'Confidential' }).expect(200);
  const put = await fetch(presigned.body.url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob', 'Content-Type': 'application/pdf' }, body: '%PDF-1.4\n' });
  expect(put.status).to.equal(201);
  const created = await call(owner, 'post', '/documents/create', {
    workspaceExternalId: workspaceId,
    fileKey: presigned.body.fileKey,
    filename: 'ledger.pdf',
    size: 9,
    directory: 'Confidential',
  }).expect(201);
  return { id: created.body.document.id, fileKey: presigned.body.fileKey };
}

/** An import of the victim's own, finished before the workspace's data is taken as the reference. */
async function finishedCredentialImport(owner: TestSession, workspaceId: string): Promise<string> {
  const { body } = await call(owner, 'post', '/clients/credentials/import', {
    workspaceId,
    rows: [{ ...PLANTED_CREDENTIAL_ROW, platform: 'Income Tax', username: 'victim_itr', password: 'Victim#Itr1' }],
  }).expect(202);
  for (let attempt = 0; attempt < 400; attempt++) {
    const polled = await call(owner, 'get', `/clients/credentials/import/${body.importId}`).query({ workspaceId }).expect(200);
    if (polled.body.status === 'completed') return body.importId;
    await delay(25);
  }
  throw new Error('the victim credential import did not finish');
}

function fillValue(value: string, ids: Ids): string {
  return value.replace(/:(\w+)/g, (_, name: string) => {
    if (!(name in ids)) throw new Error(`No id for :${name}: create the record in victimWorkspace and add it to Ids`);
    return ids[name as keyof Ids];
  });
}

function send(session: TestSession, route: ScopedRoute, ids: Ids) {
  const fill = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' && value.startsWith(':') ? fillValue(value, ids) : value]));
  const request = call(session, route.method, fillValue(route.path, ids), route.body && fill(route.body));
  return route.query ? request.query(fill(route.query)) : request;
}

const label = (route: ScopedRoute) =>
  [
    `${route.method.toUpperCase()} ${route.path}`,
    route.query ? `?${Object.entries(route.query).map(([key, value]) => `${key}=${value}`).join('&')}` : '',
    route.body ? ` ${JSON.stringify(route.body)}` : '',
  ].join('');

describe('tenant isolation', () => {
  let victim: { owner: TestSession; ids: Omit<Ids, 'attackerEmail'> };
  let victimInternalId: number;
  let victimData: Record<string, unknown[]>;
  let ownerElsewhere: TestSession;
  let ownerWorkspaceId: string;
  let userOfNoWorkspace: TestSession;

  before(async () => {
    [victim, ownerElsewhere, userOfNoWorkspace] = await Promise.all([victimWorkspace(), signedInUser('attacker-owner'), signedInUser('attacker-alone')]);
    ownerWorkspaceId = (await createWorkspace(ownerElsewhere, 'Attacker Firm')).externalId;
    await memberWithRole(ownerElsewhere, ownerWorkspaceId, 'EMPLOYEE');
    victimInternalId = await internalIdOf(victim.ids.workspaceId);
    victimData = await dataOfWorkspace(victimInternalId);
  });

  const expectVictimUntouched = async () => expect(await dataOfWorkspace(victimInternalId)).to.deep.equal(victimData);

  after(async () => {
    // The victim's own owner still sees the workspace as it was.
    const { body } = await call(victim.owner, 'get', `/workspaces/${victim.ids.workspaceId}`).expect(200);
    expect(body).to.include({ name: 'Victim Firm', role: 'OWNER', memberCount: 2 });
  });

  const attackers: { who: string; session: () => TestSession }[] = [
    { who: 'an owner of another workspace', session: () => ownerElsewhere },
    { who: 'a signed-in user of no workspace', session: () => userOfNoWorkspace },
  ];

  for (const { who, session } of attackers) {
    describe(`${who} gets 404 "Workspace not found" and changes nothing`, () => {
      for (const route of WORKSPACE_SCOPED_ROUTES) {
        it(label(route), async () => {
          const attacker = session();
          const response = await send(attacker, route, { ...victim.ids, attackerEmail: attacker.user.email });
          expect(response.status).to.equal(404);
          expect(response.body).to.deep.equal(WORKSPACE_NOT_FOUND);
          await expectVictimUntouched();
        });
      }
    });
  }

  describe('a signed-out visitor gets 401 and changes nothing', () => {
    for (const route of WORKSPACE_SCOPED_ROUTES) {
      it(label(route), async () => {
        const { agent, csrf } = await newAgent();
        const visitor: TestSession = { agent, csrf, user: { externalId: '', name: '', email: uniqueEmail('visitor') }, password: '' };
        const response = await send(visitor, route, { ...victim.ids, attackerEmail: visitor.user.email });
        expect(response.status).to.equal(401);
        expect(response.body).to.deep.equal({ error: 'Not signed in' });
        await expectVictimUntouched();
      });
    }
  });

  describe('an owner naming the other workspace’s records through their own workspace gets 404', () => {
    const crossRoutes = WORKSPACE_SCOPED_ROUTES.filter((route) => RECORD_IDS.some((name) => route.path.includes(`:${name}`)));

    it('has routes to try', () => expect(crossRoutes).to.not.be.empty);

    for (const route of crossRoutes) {
      it(label(route), async () => {
        const ids = { ...victim.ids, workspaceId: ownerWorkspaceId, attackerEmail: ownerElsewhere.user.email };
        const response = await send(ownerElsewhere, route, ids);
        expect(response.status).to.equal(404);
        expect(response.body.error).to.match(/not found/i);
        await expectVictimUntouched();
      });
    }
  });
});
