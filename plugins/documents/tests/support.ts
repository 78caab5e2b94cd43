import { TOKENS, type StorageService } from '../../../core/plugin-api';
import {
  call,
  createBusinessClient,
  randomLetters,
  startTestHost,
  type ClientView,
  type TestHost,
  type TestSession,
} from '../../../core/plugin-api/testing';
import { DOCUMENTS_ROUTES, UPLOAD_REQUIRED_HEADERS, mimeTypeOf, type DocumentDto, type PresignResponse } from '../shared/wire';

export * from '../../../core/plugin-api/testing';

/** The core with the documents plugin alone, on a database, Redis scope and blob container of its own. */
export const startDocumentsHost = (): Promise<TestHost> => startTestHost({ plugins: ['documents'] });

/** How long a host may take to start: it creates and migrates its database first. */
export const HOST_START_TIMEOUT_MS = 60_000;

export const storageOf = (documents: TestHost): StorageService => documents.host.container.get<StorageService>(TOKENS.Storage);

const letters = randomLetters;

/** A business client of the workspace; `email` links a CLIENT member to it. */
export const createClient = (owner: TestSession, workspaceId: string, fields: { name?: string; email?: string } = {}): Promise<ClientView> =>
  createBusinessClient(owner, workspaceId, { emailPrefix: 'docs', ...fields });

export const get = (session: TestSession, route: string, query: Record<string, unknown>) => call(session, 'get', `/${route}`).query(query);
export const post = (session: TestSession, route: string, body: Record<string, unknown>) => call(session, 'post', `/${route}`, body);

/** The browser's PUT to a presigned URL. */
export function putBlob(url: string, body: Buffer, contentType = 'application/octet-stream'): Promise<Response> {
  return fetch(url, { method: 'PUT', headers: { ...UPLOAD_REQUIRED_HEADERS, 'Content-Type': contentType }, body: new Uint8Array(body) });
}

export async function presign(
  session: TestSession,
  workspaceId: string,
  filename: string,
  size: number,
  directory = '',
  clientId?: string,
): Promise<PresignResponse> {
  const response = await get(session, DOCUMENTS_ROUTES.presign, {
    workspaceId,
    filename,
    size,
    directory,
    mimeType: mimeTypeOf(filename),
    ...(clientId ? { clientId } : {}),
  });
  if (response.status !== 200) throw new Error(`presign failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export interface UploadOptions {
  directory?: string;
  clientId?: string;
  body?: Buffer;
}

/** The whole upload of one file as the web app does it: presign, PUT, register. */
export async function upload(session: TestSession, workspaceId: string, filename: string, options: UploadOptions = {}): Promise<DocumentDto> {
  const body = options.body ?? Buffer.from(`contents of ${filename} ${letters(6)}`);
  const { url, fileKey } = await presign(session, workspaceId, filename, body.length, options.directory, options.clientId);
  const put = await putBlob(url, body, mimeTypeOf(filename));
  if (put.status !== 201) throw new Error(`PUT failed: ${put.status} ${await put.text()}`);
  const created = await post(session, DOCUMENTS_ROUTES.create, {
    workspaceExternalId: workspaceId,
    fileKey,
    filename,
    size: body.length,
    directory: options.directory ?? '',
    mimeType: mimeTypeOf(filename),
    clientExternalId: options.clientId ?? null,
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.document;
}

export async function makeFolder(session: TestSession, workspaceId: string, path: string, clientId?: string): Promise<void> {
  const response = await post(session, DOCUMENTS_ROUTES.createDirectory, { workspaceId, path, ...(clientId ? { clientId } : {}) });
  if (response.status !== 201 && response.status !== 200) throw new Error(`folder failed: ${response.status} ${JSON.stringify(response.body)}`);
}

export const blobExists = async (documents: TestHost, fileKey: string) => (await storageOf(documents).properties(fileKey)) !== null;

/** Raises or lowers a workspace's limit directly, for quota tests. */
export async function setStorageLimit(documents: TestHost, workspaceId: string, bytes: number): Promise<void> {
  const id = await documents.internalIdOf(workspaceId);
  await documents.host.knex('documents_storage').insert({ workspace_id: id, storage_limit: bytes }).onConflict('workspace_id').merge();
}
