import {
  call,
  createBusinessClient,
  randomLetters,
  startTestHost,
  type ClientView,
  type TestHost,
  type TestSession,
} from '../../../core/plugin-api/testing';
import { TASKS_ROUTES, type TaskView } from '../shared/wire';

export * from '../../../core/plugin-api/testing';

/** The core with the tasks plugin alone (documents off: not installed), on state of its own. */
export const startTasksHost = (): Promise<TestHost> => startTestHost({ plugins: ['tasks'] });

/** The core with tasks and documents, for attachments. */
export const startTasksWithDocumentsHost = (): Promise<TestHost> => startTestHost({ plugins: ['tasks', 'documents'] });

/** How long a host may take to start: it creates and migrates its database first. */
export const HOST_START_TIMEOUT_MS = 60_000;

const letters = randomLetters;

/** A business client of the workspace; `email` links a CLIENT member to it. */
export const createClient = (owner: TestSession, workspaceId: string, fields: { name?: string; email?: string } = {}): Promise<ClientView> =>
  createBusinessClient(owner, workspaceId, { emailPrefix: 'tasks', ...fields });

export const get = (session: TestSession, route: string, query: Record<string, unknown>) => call(session, 'get', `/${route}`).query(query);
export const post = (session: TestSession, route: string, body: Record<string, unknown>) => call(session, 'post', `/${route}`, body);
export const patch = (session: TestSession, route: string, body: Record<string, unknown>) => call(session, 'patch', `/${route}`, body);
export const del = (session: TestSession, route: string, query: Record<string, unknown>) => call(session, 'delete', `/${route}`).query(query);

/**
 * A task made through `POST tasks` as `session`, assigned to `session` itself unless `fields` names another
 * assignee; answers its TaskView.
 */
export async function createTask(session: TestSession, workspaceId: string, fields: Record<string, unknown> = {}): Promise<TaskView> {
  const response = await post(session, TASKS_ROUTES.create, {
    workspaceId,
    title: `Task ${letters(6)}`,
    description: 'File the quarterly return',
    assignedToExternalId: session.user.externalId,
    ...fields,
  });
  if (response.status !== 201) throw new Error(`task creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.task;
}

/** A PDF's first bytes: enough for the documents plugin to take it as one. */
const PDF = '%PDF-1.4\n';

/**
 * A document uploaded as the attachment dialog does it through the documents plugin's routes (named here, as a
 * plugin's tests reach another plugin only over HTTP): presign, PUT to storage, register. Answers the document's id.
 */
export async function uploadDocument(
  session: TestSession,
  workspaceId: string,
  filename: string,
  directory: string,
  clientExternalId?: string,
): Promise<string> {
  const body = `${PDF}${letters(12)}`;
  const presigned = await call(session, 'get', '/documents/presign').query({
    workspaceId,
    filename,
    size: body.length,
    directory,
    mimeType: 'application/pdf',
  });
  if (presigned.status !== 200) throw new Error(`presign failed: ${presigned.status} ${JSON.stringify(presigned.body)}`);
  const put = await fetch(presigned.body.url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob', 'Content-Type': 'application/pdf' }, body });
  if (put.status !== 201) throw new Error(`PUT failed: ${put.status} ${await put.text()}`);
  const created = await post(session, 'documents/create', {
    workspaceExternalId: workspaceId,
    fileKey: presigned.body.fileKey,
    filename,
    size: body.length,
    directory,
    mimeType: 'application/pdf',
    clientExternalId,
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.document.id;
}
