import type { Method } from '../../core/workspaces/tests/support';

/**
 * Every route the app mounts, each with a request that would be accepted (or would get as far as the route's own
 * checks): the fuzz test sends it again and again with one value replaced by a generated string, for every path
 * parameter and every value of the query and the body in turn. A path parameter is filled from the fixture's
 * `FuzzIds` by its name (or as `params` says, or from FIXED_PATH_VALUES), and any query or body value that is
 * exactly `:name` from `FuzzIds` too.
 *
 * A route mounted without an entry here fails the test, naming it; a route that reads nothing of the request says so
 * with `readsNothing` and why.
 *
 * Requests that would destroy the fixture name records that do not exist (`:missingId`) or a confirmation that never
 * matches unless the fuzzer guessed the exact name, so replacing one value never deletes what later routes need.
 */
export interface FuzzedRoute {
  method: Method;
  /** The route as the app mounts it, from the root: `/axal/api/v1/clients/:clientId`. */
  route: string;
  /** Path parameters that are not filled by their own name (`:clientId` from `clientId`), e.g. `{ memberId: ':missingId' }`. */
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  /** Who sends it: a member of the fixture's workspace (its owner, by default) or a signed-out visitor. */
  as?: 'owner' | 'visitor';
  /** Why the route reads no path parameter, query or body value: nothing to fuzz. */
  readsNothing?: string;
}

export interface FuzzIds {
  workspaceId: string;
  workspaceName: string;
  memberId: string;
  invitationId: string;
  clientId: string;
  individualClientId: string;
  importId: string;
  notificationId: string;
  documentId: string;
  fileKey: string;
  unregisteredFileKey: string;
  missingId: string;
  ownerEmail: string;
  ownerPassword: string;
  newEmail: string;
  /** The business client's PAN, and one no client has. */
  pan: string;
  newPan: string;
}

const APP = '/axal';
const API = `${APP}/api/v1`;

/** Shaped like a single-use token (43 base64url characters), so a request with it gets as far as the database. */
const UNKNOWN_TOKEN = 'Unknown-token-of-no-invitation-0123456789ab';

const BUSINESS_CLIENT = {
  clientType: 'BUSINESS',
  name: 'Fuzz Traders',
  email: 'fuzz.traders@clients.example',
  phone: '9876543210',
  panNumber: ':newPan',
  gstin: '',
  contactPerson: 'Ramesh Iyer',
  businessAddress: '14, Kalbadevi Road, Mumbai',
  tan: 'MUMS12345B',
  industry: 'Wholesale Trade',
};

const INDIVIDUAL_FIELDS = {
  name: 'Priya Fuzz',
  email: 'priya.fuzz@clients.example',
  phone: '9845098450',
  residentialAddress: 'Flat 5B, Lake View, Kochi',
  aadhaarNumber: '234567890123',
  dateOfBirth: '1986-04-17',
  occupation: 'Architect',
};

const CREDENTIAL_ROW = {
  row: 2,
  email: 'fuzz.import@clients.example',
  platform: 'GST',
  username: 'fuzz_gst',
  password: 'Fuzz#Portal1',
  name: 'Fuzz Imported',
  phone: '9876543210',
  panNumber: 'FUZZP1234Z',
};

export const FUZZED_ROUTES: FuzzedRoute[] = [
  // Health and the web shell's files and pages (core/host).
  { method: 'get', route: '/healthz', readsNothing: 'a fixed health answer' },
  { method: 'get', route: '/readyz', readsNothing: 'a fixed readiness answer' },
  { method: 'get', route: `${APP}/remotes/:pluginId/:version/{*file}`, as: 'visitor' },
  { method: 'get', route: `${APP}/`, readsNothing: 'the shell page' },
  { method: 'get', route: `${APP}/{*page}`, as: 'visitor' },
  { method: 'get', route: '/auth/error', query: { error: 'GoogleSignin' }, as: 'visitor' },
  { method: 'get', route: '/resources/{*page}', as: 'visitor' },
  { method: 'get', route: `${APP}/login`, query: { callbackUrl: '/axal/dashboard' }, as: 'visitor' },
  { method: 'get', route: `${APP}/signup`, query: { callbackUrl: '/axal/dashboard' }, as: 'visitor' },
  { method: 'get', route: `${APP}/verify-email`, query: { token: 'x' }, as: 'visitor' },
  { method: 'get', route: `${APP}/forgot-password`, readsNothing: 'a page of the light site' },
  { method: 'get', route: `${APP}/reset-password`, query: { token: 'x' }, as: 'visitor' },
  { method: 'get', route: `${APP}/invitations/accept`, query: { token: 'x' }, as: 'visitor' },
  { method: 'get', route: `${APP}/workspace-deleted`, readsNothing: 'a page of the light site' },
  { method: 'get', route: '/about', readsNothing: 'a static page' },
  { method: 'get', route: '/contact', readsNothing: 'a static page' },
  { method: 'get', route: '/blog', readsNothing: 'a static page' },
  { method: 'get', route: '/terms', readsNothing: 'a static page' },
  { method: 'get', route: '/privacy', readsNothing: 'a static page' },
  { method: 'get', route: '/', readsNothing: 'a redirect to the app' },
  // Sign-up, sign-in, the session and Google (core/auth).
  { method: 'get', route: `${APP}/auth/csrf`, readsNothing: "the session's CSRF token" },
  {
    method: 'post',
    route: `${APP}/auth/signup`,
    body: { name: 'Fuzz Person', email: ':newEmail', password: 'Sturdy#Ledger2026', confirmPassword: 'Sturdy#Ledger2026' },
    as: 'visitor',
  },
  { method: 'post', route: `${APP}/auth/logout`, readsNothing: 'ends the current session' },
  { method: 'get', route: `${APP}/auth/session`, readsNothing: 'the signed-in user' },
  { method: 'get', route: `${APP}/auth/status`, readsNothing: 'the signed-in user or null' },
  // Verification and reset links (core/auth), with a token that was never issued.
  { method: 'post', route: `${APP}/auth/verify-email`, body: { token: UNKNOWN_TOKEN }, as: 'visitor' },
  { method: 'post', route: `${APP}/auth/resend-verification`, body: { email: ':newEmail' }, as: 'visitor' },
  { method: 'post', route: `${APP}/auth/forgot-password`, body: { email: ':newEmail' }, as: 'visitor' },
  {
    method: 'post',
    route: `${APP}/auth/reset-password`,
    body: { token: UNKNOWN_TOKEN, password: 'Sturdier#Ledger2027', confirmPassword: 'Sturdier#Ledger2027' },
    as: 'visitor',
  },
  { method: 'get', route: `${APP}/connect/google`, query: { callbackUrl: '/axal/dashboard' }, as: 'visitor' },
  { method: 'get', route: `${APP}/connect/google/{*rest}`, query: { callbackUrl: '/axal/dashboard' }, as: 'visitor' },
  // The development mailbox (core/mail).
  { method: 'get', route: `${APP}/dev/mailbox`, query: { to: ':ownerEmail' } },
  { method: 'get', route: `${APP}/dev/mailbox/:id`, params: { id: ':missingId' } },
  // The bulk client import template (core/clients).
  { method: 'get', route: `${APP}/templates/bulk-client-import.csv`, readsNothing: 'a fixed file' },
  // The signed-in user's profile, password, sessions and step-up (core/auth).
  { method: 'get', route: `${API}/me`, readsNothing: 'the signed-in user' },
  { method: 'patch', route: `${API}/me`, body: { name: 'Fuzz Owner' } },
  { method: 'post', route: `${API}/me/password/initial`, body: { newPassword: 'Sturdier#Ledger2027', confirmPassword: 'Sturdier#Ledger2028' } },
  { method: 'get', route: `${API}/me/sessions`, readsNothing: "the user's sessions" },
  { method: 'post', route: `${API}/me/sessions/revoke-others`, readsNothing: 'ends every other session of the user' },
  { method: 'delete', route: `${API}/me/sessions/:sessionId`, params: { sessionId: ':missingId' } },
  // Workspaces, members, invitations, activity and plugin switches (core/workspaces).
  { method: 'post', route: `${API}/workspaces`, body: { name: 'Fuzz Second Firm' } },
  { method: 'get', route: `${API}/workspaces`, readsNothing: "the user's workspaces" },
  { method: 'get', route: `${API}/workspaces/:workspaceId` },
  { method: 'patch', route: `${API}/workspaces/:workspaceId`, body: { name: 'Fuzz Firm' } },
  { method: 'get', route: `${API}/workspaces/:workspaceId/role` },
  { method: 'get', route: `${API}/workspaces/:workspaceId/members` },
  { method: 'post', route: `${API}/workspaces/:workspaceId/members`, body: { email: ':newEmail', role: 'EMPLOYEE' } },
  { method: 'patch', route: `${API}/workspaces/:workspaceId/members/:memberId`, body: { role: 'EMPLOYEE' } },
  { method: 'delete', route: `${API}/workspaces/:workspaceId/members/:memberId`, params: { memberId: ':missingId' } },
  { method: 'put', route: `${API}/workspaces/:workspaceId/members/:memberId/clients`, body: { clientIds: [':clientId'] } },
  { method: 'delete', route: `${API}/workspaces/:workspaceId/invitations/:invitationId`, params: { invitationId: ':missingId' } },
  { method: 'post', route: `${API}/workspaces/:workspaceId/invitations/:invitationId/resend` },
  { method: 'post', route: `${API}/workspaces/:workspaceId/members`, body: { email: ':newEmail', role: 'CLIENT', clientIds: [':clientId'] } },
  // The page of an emailed invitation link; a token no invitation has, so the fuzzer never joins anything.
  { method: 'get', route: `${API}/invitations/lookup`, query: { token: UNKNOWN_TOKEN }, as: 'visitor' },
  { method: 'post', route: `${API}/invitations/accept`, body: { token: UNKNOWN_TOKEN } },
  { method: 'get', route: `${API}/workspaces/:workspaceId/activity`, query: { before: 'MTAwMDAwMA' } },
  { method: 'delete', route: `${API}/workspaces/:workspaceId`, body: { confirmation: 'Not the name' } },
  { method: 'post', route: `${API}/workspaces/:workspaceId/delete`, body: { confirmation: 'Not the name' } },
  { method: 'get', route: `${API}/plugins`, readsNothing: 'the installed plugins' },
  { method: 'get', route: `${API}/workspaces/:workspaceId/plugins` },
  { method: 'put', route: `${API}/workspaces/:workspaceId/plugins/:pluginId`, body: { enabled: true } },
  // A plugin's settings (core/plugin-settings), of the example plugin (tests/fixtures/plugins/example-extensions).
  { method: 'get', route: `${API}/workspaces/:workspaceId/plugins/:pluginId/settings` },
  { method: 'put', route: `${API}/workspaces/:workspaceId/plugins/:pluginId/settings`, body: { values: { leadDays: 3, simulateFailure: 'none' } } },
  // Clients, notes, credentials and imports (core/clients).
  {
    method: 'get',
    route: `${API}/clients`,
    query: { workspaceId: ':workspaceId', search: 'Fuzz', type: 'BUSINESS', limit: '10', cursor: 'WyJmdXp6IiwxXQ' },
  },
  { method: 'post', route: `${API}/clients`, body: { ...BUSINESS_CLIENT, workspaceExternalId: ':workspaceId' } },
  {
    method: 'post',
    route: `${API}/clients`,
    body: { clientType: 'INDIVIDUAL', ...INDIVIDUAL_FIELDS, panNumber: ':newPan', workspaceExternalId: ':workspaceId' },
  },
  { method: 'get', route: `${API}/clients/credentials-status`, query: { workspaceId: ':workspaceId' } },
  { method: 'post', route: `${API}/clients/bulk-upload`, query: { workspaceId: ':workspaceId' } },
  { method: 'post', route: `${API}/clients/credentials/import`, query: { workspaceId: ':workspaceId' }, body: { rows: [CREDENTIAL_ROW] } },
  { method: 'get', route: `${API}/clients/credentials/import/:importId`, query: { workspaceId: ':workspaceId' } },
  { method: 'get', route: `${API}/clients/:clientId`, query: { workspaceId: ':workspaceId' } },
  { method: 'patch', route: `${API}/clients/:clientId`, body: { ...BUSINESS_CLIENT, panNumber: ':pan', workspaceExternalId: ':workspaceId' } },
  {
    method: 'patch',
    route: `${API}/clients/:clientId`,
    params: { clientId: ':individualClientId' },
    body: { clientType: 'INDIVIDUAL', ...INDIVIDUAL_FIELDS, workspaceExternalId: ':workspaceId' },
  },
  { method: 'delete', route: `${API}/clients/:clientId`, body: { workspaceExternalId: ':workspaceId', confirmation: 'Not the name' } },
  { method: 'get', route: `${API}/clients/:clientId/aadhaar`, params: { clientId: ':individualClientId' }, query: { workspaceId: ':workspaceId' } },
  { method: 'get', route: `${API}/clients/:clientId/notes`, query: { workspaceId: ':workspaceId' } },
  { method: 'post', route: `${API}/clients/:clientId/notes`, body: { workspaceId: ':workspaceId', content: 'A note\nover two lines' } },
  { method: 'get', route: `${API}/clients/:clientId/credentials`, query: { workspaceId: ':workspaceId' } },
  {
    method: 'post',
    route: `${API}/clients/:clientId/credentials`,
    body: { workspaceId: ':workspaceId', platformName: 'GST', username: 'fuzz_gst', password: 'Fuzz#Portal1' },
  },
  { method: 'get', route: `${API}/clients/:clientId/credentials/:platformName/reveal`, query: { workspaceId: ':workspaceId' } },
  // Notifications (core/notifications).
  { method: 'get', route: `${API}/notifications`, query: { workspaceId: ':workspaceId', limit: '10', offset: '0', status: 'unread' } },
  { method: 'get', route: `${API}/notifications/batch`, query: { workspaceId: ':workspaceId', entityType: 'CREDENTIAL_IMPORT', limit: '5' } },
  {
    method: 'get',
    route: `${API}/notifications/stream`,
    query: { workspaceId: ':workspaceId', mode: 'all', entityType: 'NOTICE', lastEventId: '0' },
  },
  { method: 'get', route: `${API}/notifications/batch/stream`, query: { workspaceId: ':workspaceId', entityType: 'NOTICE' } },
  { method: 'post', route: `${API}/notifications/read-all`, body: { workspaceId: ':workspaceId' } },
  { method: 'post', route: `${API}/notifications/:notificationId/read`, body: { workspaceId: ':workspaceId' } },
  // Dashboard, search and calendar (core/dashboard, core/search, core/calendar).
  { method: 'get', route: `${API}/dashboard/stats`, query: { workspaceId: ':workspaceId' } },
  { method: 'get', route: `${API}/dashboard/recent`, query: { workspaceId: ':workspaceId' } },
  { method: 'get', route: `${API}/dashboard/graphs`, query: { workspaceId: ':workspaceId' } },
  { method: 'get', route: `${API}/search`, query: { workspaceId: ':workspaceId', q: 'Fuzz', limit: '10' } },
  { method: 'get', route: `${API}/calendar`, query: { workspaceId: ':workspaceId', from: '2026-01-01', to: '2026-12-31' } },
  // Documents (plugins/documents).
  { method: 'get', route: `${API}/documents/tree`, query: { workspaceId: ':workspaceId', path: 'Fuzz', depth: '2' } },
  { method: 'get', route: `${API}/documents/list`, query: { workspaceId: ':workspaceId', clientExternalId: ':clientId', limit: '10', offset: '0' } },
  { method: 'get', route: `${API}/documents/stats`, query: { workspaceId: ':workspaceId' } },
  { method: 'get', route: `${API}/documents/info`, query: { workspaceId: ':workspaceId', documentId: ':documentId' } },
  { method: 'get', route: `${API}/documents/download/:fileKey`, query: { workspaceId: ':workspaceId' } },
  { method: 'get', route: `${API}/documents/directories`, query: { workspaceId: ':workspaceId', clientExternalId: ':clientId' } },
  { method: 'post', route: `${API}/documents/directories/create`, body: { workspaceId: ':workspaceId', path: 'Fuzz/Sub', clientId: ':clientId' } },
  {
    method: 'get',
    route: `${API}/documents/presign`,
    query: { workspaceId: ':workspaceId', filename: 'fuzz.pdf', directory: 'Fuzz', size: '10', mimeType: 'application/pdf', clientId: ':clientId' },
  },
  {
    method: 'post',
    route: `${API}/documents/create`,
    body: {
      workspaceExternalId: ':workspaceId',
      fileKey: ':unregisteredFileKey',
      filename: 'fuzz.pdf',
      clientExternalId: ':clientId',
      mimeType: 'application/pdf',
      size: 9,
      directory: 'Fuzz',
    },
  },
  { method: 'get', route: `${API}/documents/storage`, query: { workspaceId: ':workspaceId' } },
  { method: 'post', route: `${API}/documents/storage/update`, body: { workspaceId: ':workspaceId', additionalStorage: 0 } },
  { method: 'delete', route: `${API}/documents`, body: { workspaceId: ':workspaceId', nodes: [{ type: 'directory', path: 'Missing' }] } },
  {
    method: 'delete',
    route: `${API}/documents`,
    body: { workspaceId: ':workspaceId', nodes: [{ type: 'file', path: 'Fuzz/a.pdf', fileInfo: { id: ':missingId' } }] },
  },
  {
    method: 'post',
    route: `${API}/documents/assign-client`,
    body: { workspaceId: ':workspaceId', type: 'file', path: 'Fuzz/fuzz.pdf', fileId: ':documentId', clientId: ':clientId' },
  },
  {
    method: 'post',
    route: `${API}/documents/assign-client`,
    body: { workspaceId: ':workspaceId', type: 'directory', path: 'Fuzz', clientId: ':clientId' },
  },
  // Tasks (plugins/tasks). Routes naming one task name one that does not exist, so the fixture's data stays as it is.
  {
    method: 'get',
    route: `${API}/tasks`,
    query: {
      workspaceId: ':workspaceId',
      status: 'PENDING,IN_PROGRESS',
      priority: 'HIGH',
      clientId: ':clientId',
      search: 'gst',
      sortField: 'dueDate',
      sortOrder: 'asc',
      limit: '10',
    },
  },
  {
    method: 'get',
    route: `${API}/tasks`,
    query: {
      workspaceExternalId: ':workspaceId',
      entityType: 'NOTICE',
      entityId: 'notice-1',
      filter: 'upcoming',
      assignedTo: 'me',
      cursor: 'eyJzb3J0IjoiZHVlRGF0ZTphc2MiLCJ2YWx1ZSI6bnVsbCwiaWQiOjF9',
    },
  },
  {
    method: 'post',
    route: `${API}/tasks`,
    body: {
      workspaceId: ':workspaceId',
      title: 'GSTR-1 for March',
      description: 'Outward supplies',
      status: 'IN_PROGRESS',
      priority: 'HIGH',
      dueDate: '2030-03-11',
      assignedToExternalId: ':memberId',
      clientExternalId: ':clientId',
      entityType: 'CLIENT',
      entityId: ':clientId',
    },
  },
  { method: 'get', route: `${API}/tasks/:taskId`, params: { taskId: ':missingId' }, query: { workspaceId: ':workspaceId' } },
  {
    method: 'patch',
    route: `${API}/tasks/:taskId`,
    params: { taskId: ':missingId' },
    body: {
      workspaceId: ':workspaceId',
      title: 'GSTR-3B for March',
      description: 'Summary return',
      status: 'COMPLETED',
      priority: 'LOW',
      dueDate: '2030-03-20T10:00:00.000Z',
      assignedToExternalId: ':memberId',
      clientExternalId: ':clientId',
      applyTo: 'THIS',
    },
  },
  { method: 'delete', route: `${API}/tasks/:taskId`, params: { taskId: ':missingId' }, query: { workspaceId: ':workspaceId' } },
  {
    method: 'post',
    route: `${API}/tasks/bulk-delete`,
    body: { workspaceId: ':workspaceId', ids: [':missingId'], confirmation: 'Not the workspace name' },
  },
  { method: 'get', route: `${API}/tasks/:taskId/comments`, params: { taskId: ':missingId' }, query: { workspaceId: ':workspaceId' } },
  {
    method: 'post',
    route: `${API}/tasks/:taskId/comments`,
    params: { taskId: ':missingId' },
    body: { workspaceId: ':workspaceId', content: 'Filed' },
  },
  { method: 'get', route: `${API}/tasks/:taskId/activity-log`, params: { taskId: ':missingId' }, query: { workspaceId: ':workspaceId' } },
  { method: 'get', route: `${API}/tasks/:taskId/attachments`, params: { taskId: ':missingId' }, query: { workspaceId: ':workspaceId' } },
  {
    method: 'post',
    route: `${API}/tasks/:taskId/attachments`,
    params: { taskId: ':missingId' },
    body: { workspaceId: ':workspaceId', documentId: ':documentId' },
  },
  {
    method: 'delete',
    route: `${API}/tasks/:taskId/attachments/:attachmentId`,
    params: { taskId: ':missingId', attachmentId: ':missingId' },
    query: { workspaceId: ':workspaceId' },
  },
  // Recurring work (plugins/tasks/server/series).
  {
    method: 'post',
    route: `${API}/tasks/recurring-work`,
    body: {
      workspaceId: ':workspaceId',
      clientIds: [':clientId'],
      titleTemplate: 'GSTR-1 for {client}',
      description: 'Outward supplies return',
      priority: 'HIGH',
      assignedToExternalId: ':memberId',
      firstDueDate: '2030-01-11',
      recurrence: { frequency: 'MONTHLY', interval: 1, dayOfMonth: 11, createDaysBefore: 2 },
    },
  },
  {
    method: 'post',
    route: `${API}/tasks/recurring-work`,
    body: {
      workspaceId: ':workspaceId',
      clientIds: [':clientId'],
      titleTemplate: 'GSTR-3B for {client}',
      description: 'Summary return',
      priority: 'MEDIUM',
      assignedToExternalId: ':memberId',
      firstDueDate: '2030-01-20',
      recurrence: { rrule: 'FREQ=MONTHLY;BYMONTHDAY=20', createDaysBefore: 0 },
    },
  },
  { method: 'post', route: `${API}/tasks/:taskId/stop-repeating`, params: { taskId: ':missingId' }, body: { workspaceId: ':workspaceId' } },
  // Notices (plugins/notices). Routes naming one notice name one that does not exist, so the fixture's data stays as it is.
  { method: 'get', route: `${API}/notices`, query: { workspaceId: ':workspaceId', clientId: ':clientId' } },
  {
    method: 'post',
    route: `${API}/notices/list`,
    query: { workspaceId: ':workspaceId', page: '2', sortField: 'dueDate', sortDirection: 'asc', noticeType: 'GST,INCOME_TAX', status: 'all' },
  },
  {
    method: 'post',
    route: `${API}/notices/list`,
    body: {
      workspaceId: ':workspaceId',
      page: 1,
      pageSize: 20,
      sortField: 'dateOfIssuance',
      sortDirection: 'desc',
      search: 'Fuzz',
      noticeType: 'GST',
      priority: 'HIGH,MEDIUM',
      status: 'NEW,IN_PROGRESS',
      clientId: ':clientId',
    },
  },
  {
    method: 'post',
    route: `${API}/notices`,
    body: {
      workspaceId: ':workspaceId',
      clientId: ':clientId',
      department: 'GST',
      noticeType: 'ASMT-10',
      reference: 'ZD2703261234567',
      description: 'Scrutiny of the return for 2024-25',
      priority: 'HIGH',
      status: 'NEW',
      dateOfIssuance: '2026-03-02',
      dueDate: '2026-04-01',
      targetDate: '2026-03-25',
      taxPeriod: '2024-25',
      amountDemanded: '125000.50',
      assignedToExternalId: ':memberId',
    },
  },
  { method: 'put', route: `${API}/notices/bulk-update`, body: { workspaceId: ':workspaceId', noticeIds: [':missingId'], status: 'RESOLVED' } },
  { method: 'get', route: `${API}/notices/filter-preference`, query: { workspaceId: ':workspaceId' } },
  {
    method: 'put',
    route: `${API}/notices/filter-preference`,
    body: { workspaceId: ':workspaceId', departments: ['GST'], priorities: ['HIGH'], statuses: ['NEW', 'IN_PROGRESS'] },
  },
  // The notices import: the upload is multipart (sent here as JSON, so only the gates and the form reader see it).
  { method: 'post', route: `${API}/notices/upload`, query: { workspaceId: ':workspaceId' } },
  { method: 'get', route: `${API}/notices/import-template`, query: { workspaceId: ':workspaceId' } },
  { method: 'get', route: `${API}/notices/:noticeId`, params: { noticeId: ':missingId' }, query: { workspaceId: ':workspaceId' } },
  {
    method: 'patch',
    route: `${API}/notices/:noticeId`,
    params: { noticeId: ':missingId' },
    body: {
      workspaceId: ':workspaceId',
      department: 'INCOME_TAX',
      noticeType: 'Section 143(2)',
      reference: 'ITBA/AST/S/143(2)/2026-27/1000000001',
      description: 'Scrutiny notice',
      priority: 'LOW',
      status: 'IN_PROGRESS',
      dateOfIssuance: '2026-03-02',
      dueDate: '2026-04-01',
      targetDate: null,
      taxPeriod: 'AY 2025-26',
      amountDemanded: '0.50',
      assignedToExternalId: ':memberId',
    },
  },
  {
    method: 'delete',
    route: `${API}/notices/:noticeId`,
    params: { noticeId: ':missingId' },
    body: { workspaceId: ':workspaceId', confirmation: 'Not the reference' },
  },
  { method: 'get', route: `${API}/notices/:noticeId/activities`, params: { noticeId: ':missingId' }, query: { workspaceId: ':workspaceId' } },
  {
    method: 'post',
    route: `${API}/notices/:noticeId/hearings`,
    params: { noticeId: ':missingId' },
    body: { workspaceId: ':workspaceId', hearingDate: '2030-01-10', hearingTime: '11:30', mode: 'VIRTUAL', notes: 'Bring the reconciliation' },
  },
  {
    method: 'delete',
    route: `${API}/notices/:noticeId/hearings/:hearingId`,
    params: { noticeId: ':missingId', hearingId: ':missingId' },
    query: { workspaceId: ':workspaceId' },
  },
  { method: 'get', route: `${API}/notices/:noticeId/attachments`, params: { noticeId: ':missingId' }, query: { workspaceId: ':workspaceId' } },
  {
    method: 'post',
    route: `${API}/notices/:noticeId/attachments`,
    params: { noticeId: ':missingId' },
    body: { workspaceId: ':workspaceId', documentId: ':documentId' },
  },
  {
    method: 'delete',
    route: `${API}/notices/:noticeId/attachments/:attachmentId`,
    params: { noticeId: ':missingId', attachmentId: ':missingId' },
    query: { workspaceId: ':workspaceId' },
  },
  { method: 'post', route: `${API}/notices/:noticeId/generate-task`, params: { noticeId: ':missingId' }, body: { workspaceId: ':workspaceId' } },
  { method: 'get', route: `${API}/notices/:noticeId/tasks`, params: { noticeId: ':missingId' }, query: { workspaceId: ':workspaceId' } },
  { method: 'post', route: `${API}/notices/:noticeId/process-ai`, params: { noticeId: ':missingId' }, body: { workspaceId: ':workspaceId' } },
  {
    method: 'get',
    route: `${API}/notices/:noticeId/process-ai/:jobId`,
    params: { noticeId: ':missingId', jobId: ':missingId' },
    query: { workspaceId: ':workspaceId' },
  },
  { method: 'post', route: `${API}/notices/refresh`, body: { workspaceExternalId: ':workspaceId' } },
  { method: 'get', route: `${API}/notices/sync-status`, query: { workspaceExternalId: ':workspaceId' } },
  { method: 'get', route: `${API}/notices/digest-subscription`, query: { workspaceId: ':workspaceId' } },
  { method: 'put', route: `${API}/notices/digest-subscription`, body: { workspaceId: ':workspaceId', subscribed: true } },
  // The test fixtures' plugin routes (tests/fixtures/plugins): plugins that use plain zod schemas.
  {
    method: 'post',
    route: `${API}/example-extensions/reminders`,
    body: { workspaceId: ':workspaceId', title: 'Fuzz filing', dueOn: '2025-03-31', clientId: ':clientId' },
  },
  { method: 'get', route: `${API}/example-extensions/templates`, query: { workspaceId: ':workspaceId' } },
  { method: 'get', route: `${API}/gate-fixture/notes`, query: { workspaceId: ':workspaceId' } },
  { method: 'post', route: `${API}/gate-fixture/notes`, body: { workspaceId: ':workspaceId', text: 'Fuzz note' } },
  // Last, as they spend the owner's sign-in attempts (a wrong password counts towards the throttle).
  { method: 'post', route: `${APP}/auth/login`, body: { email: ':ownerEmail', password: ':ownerPassword', remember: true }, as: 'visitor' },
  {
    method: 'post',
    route: `${API}/me/password`,
    body: { currentPassword: ':ownerPassword', newPassword: 'Sturdier#Ledger2027', confirmPassword: 'Sturdier#Ledger2028' },
  },
  { method: 'post', route: `${API}/me/step-up`, body: { password: ':ownerPassword' } },
];

/** Values for path parameters that name no record of the fixture. */
export const FIXED_PATH_VALUES: Record<string, string> = {
  pluginId: 'example-extensions',
  version: '1.0.0',
  file: 'remoteEntry.js',
  page: 'dashboard',
  rest: 'signup',
  platformName: 'GST',
};
