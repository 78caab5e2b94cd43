import { setTimeout as delay } from 'node:timers/promises';
import { expect } from 'chai';
import express from 'express';
import { call, dataOfWorkspace, internalIdOf, WORKSPACE_NOT_FOUND, type Method } from '../core/workspaces/tests/support';
import { API, createWorkspace, memberWithRole, newAgent, signedInUser, uniqueEmail, type TestSession } from '../core/plugin-api/testing/http';
import { sharedHost } from '../core/plugin-api/testing/root-hooks';
import { stepUp } from '../core/plugin-api/testing/step-up';
import { mountedRoutes, routesNotReached, routesUnder, type MountedRoute } from '../core/plugin-api/testing/route-inventory';

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

const VICTIM_PAN = 'VCTIM1234V';

/** A credential row an outsider tries to import into the victim workspace (the victim client's PAN). */
const PLANTED_CREDENTIAL_ROW = {
  email: 'planted@clients.example',
  platform: 'GST',
  username: 'planted',
  password: 'Planted#Portal1',
  name: 'Planted Client',
  phone: '9876543210',
  panNumber: VICTIM_PAN,
};

/**
 * Every workspace-scoped route. `:name` in the path, and any query or body value (at any depth) that is exactly
 * `:name`, is filled from the victim workspace's `Ids`. Every route mounted under `api/v1` needs an entry here or in
 * NOT_WORKSPACE_SCOPED (the first test below fails naming each one without). A route that names a record of its own
 * (`:clientId`, ...) also needs one such record created in `victimWorkspace`, its id in `Ids`, and the name in
 * RECORD_IDS when the record lives inside the workspace: the routes naming one are tried again by a member of another
 * workspace through their own workspace, where they answer 404 unless `ownWorkspaceAnswer` says otherwise.
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
  { method: 'put', path: '/workspaces/:workspaceId/members/:memberId/clients', body: { clientIds: [':clientId'] } },
  { method: 'delete', path: '/workspaces/:workspaceId/invitations/:invitationId' },
  { method: 'post', path: '/workspaces/:workspaceId/invitations/:invitationId/resend' },
  // Inviting a CLIENT member for another workspace's client.
  { method: 'post', path: '/workspaces/:workspaceId/members', body: { email: ':attackerEmail', role: 'CLIENT', clientIds: [':clientId'] } },
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
  // A search is a filter: another workspace's PAN matches none of the caller's clients.
  { method: 'get', path: '/clients', query: { workspaceId: ':workspaceId', search: ':clientPan' }, ownWorkspaceAnswer: 200 },
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
    body: { workspaceId: ':workspaceId', platformName: 'GST', username: 'planted', password: 'planted' },
  },
  { method: 'get', path: '/clients/:clientId/credentials/GST/reveal', query: { workspaceId: ':workspaceId' } },
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
  { method: 'post', path: '/documents/directories/create', body: { workspaceId: ':workspaceId', path: 'Planted', clientId: ':clientId' } },
  { method: 'get', path: '/documents/presign', query: { workspaceId: ':workspaceId', filename: 'planted.pdf', size: '10' } },
  { method: 'get', path: '/documents/presign', query: { workspaceId: ':workspaceId', filename: 'planted.pdf', size: '10', clientId: ':clientId' } },
  // A file key outside the caller's workspace is refused as invalid data, exactly as a made-up key is.
  {
    method: 'post',
    path: '/documents/create',
    body: { workspaceExternalId: ':workspaceId', fileKey: ':documentFileKey', filename: 'planted.pdf', size: 9 },
    ownWorkspaceAnswer: 422,
  },
  {
    method: 'post',
    path: '/documents/create',
    body: { workspaceExternalId: ':workspaceId', fileKey: ':attackerFileKey', filename: 'planted.pdf', size: 9, clientExternalId: ':clientId' },
  },
  { method: 'get', path: '/documents/storage', query: { workspaceId: ':workspaceId' } },
  { method: 'post', path: '/documents/storage/update', body: { workspaceId: ':workspaceId', additionalStorage: 1073741824 } },
  { method: 'get', path: '/documents/info', query: { workspaceId: ':workspaceId', documentId: ':documentId' } },
  { method: 'get', path: '/documents/download/:documentId', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/documents/download/:documentKeyInPath', query: { workspaceId: ':workspaceId' } },
  { method: 'post', path: '/documents/assign-client', body: { workspaceId: ':workspaceId', type: 'file', fileId: ':documentId', clientId: null } },
  {
    method: 'post',
    path: '/documents/assign-client',
    body: { workspaceId: ':workspaceId', type: 'directory', path: 'Confidential', clientId: null },
  },
  {
    method: 'post',
    path: '/documents/assign-client',
    body: { workspaceId: ':workspaceId', type: 'directory', path: 'Confidential', clientId: ':clientId' },
  },
  { method: 'delete', path: '/documents', body: { workspaceId: ':workspaceId', nodes: [{ type: 'directory', path: 'Confidential' }] } },
  { method: 'delete', path: '/documents', body: { workspaceId: ':workspaceId', nodes: [{ type: 'file', fileInfo: { id: ':documentId' } }] } },
  // Tasks (plugins/tasks).
  { method: 'get', path: '/tasks', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/tasks', query: { workspaceExternalId: ':workspaceId', search: 'Confidential' } },
  { method: 'get', path: '/tasks', query: { workspaceId: ':workspaceId', clientId: ':clientId' } },
  { method: 'get', path: '/tasks', query: { workspaceId: ':workspaceId', entityType: 'CLIENT', entityId: ':clientId' }, ownWorkspaceAnswer: 200 },
  // The assignee names a person, not a record: someone who is not a member of the caller's workspace is refused with 400.
  {
    method: 'post',
    path: '/tasks',
    body: { workspaceId: ':workspaceId', title: 'Planted', description: 'Planted by an outsider', assignedToExternalId: ':memberId' },
    ownWorkspaceAnswer: 400,
  },
  {
    method: 'post',
    path: '/tasks',
    body: {
      workspaceId: ':workspaceId',
      title: 'Planted',
      description: 'Planted by an outsider',
      assignedToExternalId: ':memberId',
      clientExternalId: ':clientId',
    },
  },
  { method: 'get', path: '/tasks/:taskId', query: { workspaceId: ':workspaceId' } },
  { method: 'patch', path: '/tasks/:taskId', body: { workspaceId: ':workspaceId', title: 'Taken Over' } },
  { method: 'delete', path: '/tasks/:taskId', query: { workspaceId: ':workspaceId' } },
  // The confirmation names the victim's workspace, not the caller's: refused before any id is looked up.
  {
    method: 'post',
    path: '/tasks/bulk-delete',
    body: { workspaceId: ':workspaceId', ids: [':taskId'], confirmation: ':workspaceName' },
    ownWorkspaceAnswer: 400,
  },
  { method: 'get', path: '/tasks/:taskId/comments', query: { workspaceId: ':workspaceId' } },
  { method: 'post', path: '/tasks/:taskId/comments', body: { workspaceId: ':workspaceId', content: 'Planted by an outsider' } },
  { method: 'get', path: '/tasks/:taskId/activity-log', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/tasks/:taskId/attachments', query: { workspaceId: ':workspaceId' } },
  { method: 'post', path: '/tasks/:taskId/attachments', body: { workspaceId: ':workspaceId', documentId: ':documentId' } },
  { method: 'delete', path: '/tasks/:taskId/attachments/:taskAttachmentId', query: { workspaceId: ':workspaceId' } },
  // Recurring work (plugins/tasks/server/series).
  {
    method: 'post',
    path: '/tasks/recurring-work',
    body: {
      workspaceId: ':workspaceId',
      clientIds: [':clientId'],
      titleTemplate: 'Planted for {client}',
      description: 'Planted by an outsider',
      priority: 'LOW',
      assignedToExternalId: ':memberId',
      firstDueDate: '2030-01-20',
      recurrence: { frequency: 'MONTHLY' },
    },
  },
  { method: 'post', path: '/tasks/:seriesTaskId/stop-repeating', body: { workspaceId: ':workspaceId' } },
  // Notices (plugins/notices).
  { method: 'get', path: '/notices', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/notices', query: { workspaceId: ':workspaceId', clientId: ':clientId' } },
  { method: 'post', path: '/notices/list', body: { workspaceId: ':workspaceId', search: 'Confidential' } },
  { method: 'post', path: '/notices/list', body: { workspaceId: ':workspaceId', clientId: ':clientId' } },
  { method: 'post', path: '/notices/list', query: { workspaceId: ':workspaceId', clientId: ':clientId' } },
  {
    method: 'post',
    path: '/notices',
    body: { workspaceId: ':workspaceId', clientId: ':clientId', department: 'GST', noticeType: 'ASMT-10', reference: 'PLANTED-1' },
  },
  // The bulk dialog's own words for ids it cannot find ('Some of the selected notices no longer exist...'), still 404.
  {
    method: 'put',
    path: '/notices/bulk-update',
    body: { workspaceId: ':workspaceId', noticeIds: [':noticeId'], status: 'RESOLVED' },
    ownWorkspaceAnswer: 404,
  },
  { method: 'get', path: '/notices/filter-preference', query: { workspaceId: ':workspaceId' } },
  { method: 'put', path: '/notices/filter-preference', body: { workspaceId: ':workspaceId', departments: ['GST'], priorities: [], statuses: [] } },
  { method: 'get', path: '/notices/import-template', query: { workspaceId: ':workspaceId' } },
  { method: 'post', path: '/notices/upload', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/notices/:noticeId', query: { workspaceId: ':workspaceId' } },
  { method: 'patch', path: '/notices/:noticeId', body: { workspaceId: ':workspaceId', status: 'RESOLVED' } },
  { method: 'delete', path: '/notices/:noticeId', query: { workspaceId: ':workspaceId', confirmation: 'CONFIDENTIAL-DIN-1' } },
  { method: 'get', path: '/notices/:noticeId/activities', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/notices/:noticeId/attachments', query: { workspaceId: ':workspaceId' } },
  { method: 'post', path: '/notices/:noticeId/attachments', body: { workspaceId: ':workspaceId', documentId: ':documentId' } },
  { method: 'delete', path: '/notices/:noticeId/attachments/:noticeAttachmentId', query: { workspaceId: ':workspaceId' } },
  { method: 'post', path: '/notices/:noticeId/generate-task', body: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/notices/:noticeId/tasks', query: { workspaceId: ':workspaceId' } },
  { method: 'post', path: '/notices/:noticeId/hearings', body: { workspaceId: ':workspaceId', hearingDate: '2030-01-10', mode: 'VIRTUAL' } },
  { method: 'delete', path: '/notices/:noticeId/hearings/:hearingId', query: { workspaceId: ':workspaceId' } },
  { method: 'post', path: '/notices/:noticeId/process-ai', body: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/notices/:noticeId/process-ai/1', query: { workspaceId: ':workspaceId' } },
  { method: 'post', path: '/notices/refresh', body: { workspaceExternalId: ':workspaceId' } },
  { method: 'get', path: '/notices/sync-status', query: { workspaceExternalId: ':workspaceId' } },
  { method: 'get', path: '/notices/digest-subscription', query: { workspaceId: ':workspaceId' } },
  { method: 'put', path: '/notices/digest-subscription', body: { workspaceId: ':workspaceId', subscribed: true } },
  // Dashboard, search and calendar (core/dashboard, core/search, core/calendar).
  { method: 'get', path: '/dashboard/stats', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/dashboard/recent', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/dashboard/graphs', query: { workspaceId: ':workspaceId' } },
  { method: 'get', path: '/search', query: { workspaceId: ':workspaceId', q: 'Victim' } },
  // A search is a filter: another workspace's PAN finds nothing in the caller's workspace.
  { method: 'get', path: '/search', query: { workspaceId: ':workspaceId', q: ':clientPan' }, ownWorkspaceAnswer: 200 },
  { method: 'get', path: '/calendar', query: { workspaceId: ':workspaceId', from: '2026-01-01', to: '2026-12-31' } },
  // A plugin's settings (core/plugin-settings), of the example plugin (tests/fixtures/plugins/example-extensions).
  { method: 'get', path: '/workspaces/:workspaceId/plugins/example-extensions/settings' },
  { method: 'put', path: '/workspaces/:workspaceId/plugins/example-extensions/settings', body: { values: { leadDays: 9 } } },
  // The example plugin's own routes (the plugin is off by default: both workspaces switch it on).
  { method: 'post', path: '/example-extensions/reminders', body: { workspaceId: ':workspaceId', title: 'Planted by an outsider' } },
  {
    method: 'post',
    path: '/example-extensions/reminders',
    body: { workspaceId: ':workspaceId', title: 'Planted by an outsider', clientId: ':clientId' },
  },
  { method: 'get', path: '/example-extensions/templates', query: { workspaceId: ':workspaceId' } },
];

/**
 * Routes of `api/v1` that name no workspace: each acts on the signed-in user alone, or answers every user alike.
 * Anything else belongs in WORKSPACE_SCOPED_ROUTES.
 */
const NOT_WORKSPACE_SCOPED: MountedRoute[] = [
  // The caller's own workspaces: those they belong to, and a new one they will own.
  { method: 'get', path: '/workspaces' },
  { method: 'post', path: '/workspaces' },
  // The caller's own profile and password.
  { method: 'get', path: '/me' },
  { method: 'patch', path: '/me' },
  { method: 'post', path: '/me/password' },
  { method: 'post', path: '/me/password/initial' },
  { method: 'post', path: '/me/step-up' },
  // The caller's own sessions (another user's session id answers 404, core/auth/tests/sessions.test.ts).
  { method: 'get', path: '/me/sessions' },
  { method: 'post', path: '/me/sessions/revoke-others' },
  { method: 'delete', path: '/me/sessions/:sessionId' },
  // The plugins installed on this deployment, the same list for everyone.
  { method: 'get', path: '/plugins' },
  // An emailed invitation link: the secret token names the invitation, and accepting it needs a verified account of the
  // invited address (core/workspaces/tests/invitations.test.ts).
  { method: 'get', path: '/invitations/lookup' },
  { method: 'post', path: '/invitations/accept' },
];

/** Ids (and the natural keys) of records that live inside the victim workspace: not the workspace itself, nor global ones like a plugin id. */
const RECORD_IDS: (keyof VictimIds)[] = [
  'memberId',
  'ownerId',
  'invitationId',
  'clientId',
  'clientPan',
  'credentialImportId',
  'notificationId',
  'documentId',
  'documentFileKey',
  'documentKeyInPath',
  'seriesTaskId',
  'taskId',
  'taskAttachmentId',
  'noticeId',
  'noticeAttachmentId',
  'hearingId',
];

interface ScopedRoute {
  method: Method;
  path: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /**
   * The status a member of another workspace gets naming the victim's records through their own workspace, where the
   * route deliberately answers other than 404 (say why next to the entry). Whatever it is, the answer shows nothing
   * of the victim.
   */
  ownWorkspaceAnswer?: number;
}

interface VictimIds {
  workspaceId: string;
  workspaceName: string;
  ownerId: string;
  memberId: string;
  invitationId: string;
  pluginId: string;
  clientId: string;
  clientPan: string;
  credentialImportId: string;
  notificationId: string;
  documentId: string;
  documentFileKey: string;
  documentKeyInPath: string;
  seriesTaskId: string;
  taskId: string;
  taskAttachmentId: string;
  noticeId: string;
  noticeAttachmentId: string;
  hearingId: string;
}

/** What an attacker names of their own: their email, and a file uploaded to their own workspace but not yet registered. */
interface AttackerIds {
  attackerEmail: string;
  attackerFileKey: string;
}

type Ids = VictimIds & AttackerIds;

/** Names the victim is known by, besides its ids: an answer that shows one of these leaks the victim's data. */
const VICTIM_NAMES = ['Victim', 'Confidential', 'ledger.pdf'];

/** Workspace B, with a record of every kind the routes above name. */
async function victimWorkspace() {
  const owner = await signedInUser('victim-owner');
  const workspace = await createWorkspace(owner, 'Victim Firm');
  await stepUp(owner);
  const member = await memberWithRole(owner, workspace.externalId, 'EMPLOYEE');
  const invited = await call(owner, 'post', `/workspaces/${workspace.externalId}/members`, {
    email: uniqueEmail('victim-invitee'),
    role: 'CLIENT',
  }).expect(202);
  await call(owner, 'post', '/gate-fixture/notes', { workspaceId: workspace.externalId, text: 'Confidential' }).expect(201);
  const client = await call(owner, 'post', '/clients', {
    ...PLANTED_CLIENT,
    name: 'Victim Client',
    email: 'victim@clients.example',
    panNumber: VICTIM_PAN,
    workspaceExternalId: workspace.externalId,
  }).expect(201);
  const clientId: string = client.body.client.externalId;
  await call(owner, 'post', `/clients/${clientId}/notes`, { workspaceId: workspace.externalId, content: 'Confidential' }).expect(201);
  await call(owner, 'post', `/clients/${clientId}/credentials`, {
    workspaceId: workspace.externalId,
    platformName: 'GST',
    username: 'victim_gst',
    password: 'Victim#Portal1',
  }).expect(201);
  const credentialImportId = await finishedCredentialImport(owner, workspace.externalId);
  // The import told the owner how it went.
  const notifications = await call(owner, 'get', '/notifications').query({ workspaceId: workspace.externalId }).expect(200);
  const document = await storedDocument(owner, workspace.externalId, clientId);
  await exampleExtensionsEnabled(owner, workspace.externalId);
  await call(owner, 'put', `/workspaces/${workspace.externalId}/plugins/example-extensions/settings`, { values: { leadDays: 3 } }).expect(200);
  // Due in the past, so the plugin's daily job never reminds anyone of it during the test.
  await call(owner, 'post', '/example-extensions/reminders', {
    workspaceId: workspace.externalId,
    title: 'Confidential filing',
    dueOn: '2025-03-31',
    clientId,
  }).expect(201);
  const seriesTask = await call(owner, 'post', '/tasks', {
    workspaceId: workspace.externalId,
    title: 'Confidential filing',
    description: 'Confidential',
    assignedToExternalId: owner.user.externalId,
    dueDate: '2030-01-20',
    recurrence: { frequency: 'MONTHLY' },
  }).expect(201);
  const task = await call(owner, 'post', '/tasks', {
    workspaceId: workspace.externalId,
    title: 'Confidential return',
    description: 'Confidential',
    assignedToExternalId: member.user.externalId,
    clientExternalId: clientId,
    entityType: 'CLIENT',
    entityId: clientId,
  }).expect(201);
  const taskId: string = task.body.task.externalId;
  await call(owner, 'post', `/tasks/${taskId}/comments`, { workspaceId: workspace.externalId, content: 'Confidential' }).expect(201);
  const taskAttachment = await call(owner, 'post', `/tasks/${taskId}/attachments`, {
    workspaceId: workspace.externalId,
    documentId: document.id,
  }).expect(201);
  const notice = await call(owner, 'post', '/notices', {
    workspaceId: workspace.externalId,
    clientId,
    department: 'GST',
    noticeType: 'DRC-01',
    reference: 'CONFIDENTIAL-DIN-1',
    description: 'Confidential',
    dueDate: '2030-01-31',
  }).expect(201);
  const noticeId: string = notice.body.data.externalId;
  const hearing = await call(owner, 'post', `/notices/${noticeId}/hearings`, {
    workspaceId: workspace.externalId,
    hearingDate: '2030-01-15',
    mode: 'IN_PERSON',
    notes: 'Confidential',
  }).expect(201);
  const noticeAttachment = await call(owner, 'post', `/notices/${noticeId}/attachments`, {
    workspaceId: workspace.externalId,
    documentId: document.id,
  }).expect(201);
  const ids: VictimIds = {
    workspaceId: workspace.externalId,
    workspaceName: workspace.name,
    ownerId: owner.user.externalId,
    memberId: member.user.externalId,
    invitationId: invited.body.invitation.externalId,
    pluginId: 'gate-fixture',
    clientId,
    clientPan: VICTIM_PAN,
    credentialImportId,
    notificationId: notifications.body.notifications[0].id,
    documentId: document.id,
    documentFileKey: document.fileKey,
    documentKeyInPath: encodeURIComponent(document.fileKey),
    seriesTaskId: seriesTask.body.task.externalId,
    taskId,
    taskAttachmentId: taskAttachment.body.data.id,
    noticeId,
    noticeAttachmentId: noticeAttachment.body.data.id,
    hearingId: hearing.body.data.id,
  };
  return { owner, ids };
}

/** The attacker's own workspace, with what its routes need to get as far as looking up the victim's records. */
async function attackerWorkspace(owner: TestSession): Promise<{ workspaceId: string; fileKey: string }> {
  const workspaceId = (await createWorkspace(owner, 'Attacker Firm')).externalId;
  await memberWithRole(owner, workspaceId, 'EMPLOYEE');
  await exampleExtensionsEnabled(owner, workspaceId);
  return { workspaceId, fileKey: await uploadedFile(owner, workspaceId, 'draft.pdf', '') };
}

async function exampleExtensionsEnabled(owner: TestSession, workspaceId: string) {
  await call(owner, 'put', `/workspaces/${workspaceId}/plugins/example-extensions`, { enabled: true }).expect(200);
}

const PDF = '%PDF-1.4\n';

/** A file in storage as the browser leaves it after presigning and uploading, before it registers it; its file key. */
async function uploadedFile(owner: TestSession, workspaceId: string, filename: string, directory: string): Promise<string> {
  const presigned = await call(owner, 'get', '/documents/presign').query({ workspaceId, filename, size: PDF.length, directory }).expect(200);
  const put = await fetch(presigned.body.url, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'Content-Type': 'application/pdf' },
    body: PDF,
  });
  expect(put.status).to.equal(201);
  return presigned.body.fileKey;
}

/** A file in a folder assigned to the victim's client, uploaded as the browser does: presign, PUT to storage, register. */
async function storedDocument(owner: TestSession, workspaceId: string, clientId: string): Promise<{ id: string; fileKey: string }> {
  await call(owner, 'post', '/documents/directories/create', { workspaceId, path: 'Confidential', clientId }).expect(201);
  const fileKey = await uploadedFile(owner, workspaceId, 'ledger.pdf', 'Confidential');
  const created = await call(owner, 'post', '/documents/create', {
    workspaceExternalId: workspaceId,
    fileKey,
    filename: 'ledger.pdf',
    size: PDF.length,
    directory: 'Confidential',
  }).expect(201);
  return { id: created.body.document.id, fileKey };
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

/** `value` with every string that starts with `:`, at any depth, filled from `ids`. */
function filled<T>(value: T, ids: Ids): T {
  if (typeof value === 'string') return (value.startsWith(':') ? fillValue(value, ids) : value) as T;
  if (Array.isArray(value)) return value.map((item) => filled(item, ids)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, filled(item, ids)])) as T;
  return value;
}

/** Every `:name` a route names, in its path, its query or its body. */
function placeholdersOf(route: ScopedRoute): string[] {
  const values = JSON.stringify([route.query ?? {}, route.body ?? {}]).match(/":\w+"/g) ?? [];
  return [...(route.path.match(/:\w+/g) ?? []), ...values.map((value) => value.slice(1, -1))].map((placeholder) => placeholder.slice(1));
}

function send(session: TestSession, route: ScopedRoute, ids: Ids) {
  const request = call(session, route.method, fillValue(route.path, ids), route.body && filled(route.body, ids));
  return route.query ? request.query(filled(route.query, ids)) : request;
}

/** The mounted routes of `api/v1` that neither list names. */
function uncoveredRoutes(mounted: MountedRoute[]): MountedRoute[] {
  return routesNotReached(mounted, [...WORKSPACE_SCOPED_ROUTES, ...NOT_WORKSPACE_SCOPED]);
}

function assertEveryRouteCovered(mounted: MountedRoute[]): void {
  const uncovered = uncoveredRoutes(mounted);
  if (!uncovered.length) return;
  expect.fail(
    [
      `${uncovered.length} mounted API route(s) without an entry in tests/tenant-isolation.test.ts:`,
      ...uncovered.map((route) => `  ${route.method.toUpperCase()} ${route.path}`),
      'Add an entry to WORKSPACE_SCOPED_ROUTES for each (with the victim records it names), or, for a route that names no workspace, to NOT_WORKSPACE_SCOPED.',
    ].join('\n'),
  );
}

const mountedApiRoutes = (): MountedRoute[] => {
  const { app } = sharedHost().host;
  if (!app) throw new Error('The shared test host serves no HTTP');
  return routesUnder(app, API);
};

const label = (route: ScopedRoute) =>
  [
    `${route.method.toUpperCase()} ${route.path}`,
    route.query
      ? `?${Object.entries(route.query)
          .map(([key, value]) => `${key}=${value}`)
          .join('&')}`
      : '',
    route.body ? ` ${JSON.stringify(route.body)}` : '',
  ].join('');

describe('tenant isolation', () => {
  let victim: { owner: TestSession; ids: VictimIds };
  let victimInternalId: number;
  let victimData: Record<string, unknown[]>;
  let ownerElsewhere: TestSession;
  let attacker: { workspaceId: string; fileKey: string };
  let userOfNoWorkspace: TestSession;

  before(async () => {
    [victim, ownerElsewhere, userOfNoWorkspace] = await Promise.all([
      victimWorkspace(),
      signedInUser('attacker-owner'),
      signedInUser('attacker-alone'),
    ]);
    attacker = await attackerWorkspace(ownerElsewhere);
    victimInternalId = await internalIdOf(victim.ids.workspaceId);
    victimData = await dataOfWorkspace(victimInternalId);
  });

  const expectVictimUntouched = async () => expect(await dataOfWorkspace(victimInternalId)).to.deep.equal(victimData);
  const idsOf = (session: TestSession): Ids => ({ ...victim.ids, attackerEmail: session.user.email, attackerFileKey: attacker.fileKey });

  after(async () => {
    // The victim's own owner still sees the workspace as it was.
    const { body } = await call(victim.owner, 'get', `/workspaces/${victim.ids.workspaceId}`).expect(200);
    expect(body).to.include({ name: 'Victim Firm', role: 'OWNER', memberCount: 2 });
  });

  describe('every route mounted under api/v1 has an entry', () => {
    it('in WORKSPACE_SCOPED_ROUTES or NOT_WORKSPACE_SCOPED', () => {
      const mounted = mountedApiRoutes();
      expect(mounted.map((route) => `${route.method} ${route.path}`)).to.include.members([
        'get /clients/:clientId',
        'get /notifications/stream',
        'get /gate-fixture/notes',
      ]);
      assertEveryRouteCovered(mounted);
    });

    it('and this check fails for a route mounted without one', () => {
      const pluginRouter = express.Router();
      pluginRouter.get('/reports/:reportId', () => undefined);
      pluginRouter.get('/clients/:clientId', () => undefined);
      const api = express.Router();
      api.use(pluginRouter);
      const mounted = [...mountedApiRoutes(), ...mountedRoutes(api)];
      expect(uncoveredRoutes(mounted))
        .to.deep.include({ method: 'get', path: '/reports/:reportId' })
        .and.not.deep.include({ method: 'get', path: '/clients/:clientId' });
      expect(() => assertEveryRouteCovered(mounted)).to.throw(/without an entry[^]*GET \/reports\/:reportId\n/);
    });
  });

  const attackers: { who: string; session: () => TestSession }[] = [
    { who: 'an owner of another workspace', session: () => ownerElsewhere },
    { who: 'a signed-in user of no workspace', session: () => userOfNoWorkspace },
  ];

  for (const { who, session } of attackers) {
    describe(`${who} gets 404 "Workspace not found" and changes nothing`, () => {
      for (const route of WORKSPACE_SCOPED_ROUTES) {
        it(label(route), async () => {
          const response = await send(session(), route, idsOf(session()));
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
        const response = await send(visitor, route, idsOf(visitor));
        expect(response.status).to.equal(401);
        expect(response.body).to.deep.equal({ error: 'Not signed in' });
        await expectVictimUntouched();
      });
    }
  });

  describe('an owner naming the other workspace’s records through their own workspace gets 404 and learns nothing', () => {
    const crossRoutes = WORKSPACE_SCOPED_ROUTES.filter((route) => placeholdersOf(route).some((name) => (RECORD_IDS as string[]).includes(name)));

    it('has routes to try, in the path, the query and the body', () => {
      const named = (part: 'path' | 'query' | 'body') =>
        crossRoutes.filter((route) => RECORD_IDS.some((name) => JSON.stringify(route[part] ?? '').includes(`:${name}`)));
      expect(named('path')).to.not.have.lengthOf(0);
      expect(named('query')).to.not.have.lengthOf(0);
      expect(named('body')).to.not.have.lengthOf(0);
    });

    for (const route of crossRoutes) {
      it(label(route), async () => {
        const response = await send(ownerElsewhere, route, { ...idsOf(ownerElsewhere), workspaceId: attacker.workspaceId });
        expect(response.status).to.equal(route.ownWorkspaceAnswer ?? 404);
        if (!route.ownWorkspaceAnswer) expect(response.body.error).to.match(/not found/i);
        const secrets = [...RECORD_IDS.map((name) => victim.ids[name]), ...VICTIM_NAMES];
        const answer = JSON.stringify(response.body) + (response.headers.location ?? '');
        for (const secret of secrets) expect(answer).to.not.include(secret);
        await expectVictimUntouched();
        if (response.ok) {
          // The same question asked of the victim's own workspace does find the victim's record: the empty answer is the scope's doing.
          const own = await send(victim.owner, route, { ...idsOf(victim.owner), attackerFileKey: '' });
          expect(secrets.some((secret) => JSON.stringify(own.body).includes(secret))).to.equal(true);
        }
      });
    }
  });
});
