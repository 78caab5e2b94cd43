import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import {
  badRequest,
  forbidden,
  HttpError,
  isExternalId,
  notFound,
  TOKENS,
  type ActivityService,
  type Config,
  type Logger,
  type Membership,
  type QueueService,
  type SessionUser,
  type StorageService,
} from '../../../core/plugin-api';
import {
  isAcceptedFileName,
  MESSAGES,
  mimeTypeOf,
  UPLOAD_REQUIRED_HEADERS,
  UPLOAD_URL_TTL_SECONDS,
  type ClientRef,
  type CreateDirectoryResponse,
  type DeleteDocumentsResponse,
  type DirectoriesResponse,
  type DocumentDto,
  type DocumentListResponse,
  type FileNode,
  type FolderNode,
  type PresignResponse,
  type StorageInfo,
} from '../shared/wire';
import type { assignClientSchema, createDocumentSchema, deleteNodeSchema, presignQuerySchema } from '../shared/schemas';
import type { z } from 'zod';
import { BlobCleanup } from './blob-cleanup';
import { ClientDirectory } from './client-directory';
import { DOCUMENT_COLUMNS, documentDtoOf, downloadUrlOf, fileNodeOf, type DocumentRow } from './document-views';
import { buildTree, openedFolders, ROOT, selfAndAncestors, subfoldersOf, Visibility, type DirectoryTotals, type FolderRow } from './folder-tree';
import { StorageQuota } from './storage-quota';

/** Who is asking: the workspace, their role in it and who they are. */
export interface Viewer {
  membership: Membership;
  user: SessionUser;
}

/** A read-only download link lives this long; the browser follows the redirect at once. */
const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;
const UNIQUE_VIOLATION = '23505';

/** Folders are rows; a document's folder and every folder above it exist before the document does. */
async function ensureFolders(trx: Knex.Transaction, workspaceId: number, path: string, userId: number | null): Promise<void> {
  const steps = selfAndAncestors(path);
  if (!steps.length) return;
  await trx('documents_folders')
    .insert(steps.map((step) => ({ workspace_id: workspaceId, path: step, created_by: userId })))
    .onConflict(['workspace_id', 'path'])
    .ignore();
}

/** "The folder or anything beneath it" for a column holding a folder path. */
const withinFolder = (column: string, folder: string) => (query: Knex.QueryBuilder) =>
  query.where(column, folder).orWhereRaw(`starts_with(${column}, ?)`, [`${folder}/`]);

@injectable()
export class DocumentService {
  private readonly clients: ClientDirectory;
  private readonly quota: StorageQuota;
  readonly cleanup: BlobCleanup;

  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Storage) private readonly storage: StorageService,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(TOKENS.Activity) private readonly activity: ActivityService,
    @inject(TOKENS.Queue) queue: QueueService,
    @inject(TOKENS.Logger) logger: Logger,
  ) {
    this.clients = new ClientDirectory(knex);
    this.quota = new StorageQuota(config.storage.workspaceLimitBytes, config.storage.maxFileSizeBytes);
    this.cleanup = new BlobCleanup(knex, storage, queue, logger);
  }

  // ---- Reading ----

  private async folders(workspaceId: number): Promise<FolderRow[]> {
    const rows: { path: string; client_id: number | null; updated_at: Date }[] = await this.knex('documents_folders')
      .where({ workspace_id: workspaceId })
      .select('path', 'client_id', 'updated_at');
    return rows.map((row) => ({ path: row.path, clientId: row.client_id, updatedAt: row.updated_at }));
  }

  private async visibilityOf(viewer: Viewer, folders: FolderRow[]): Promise<Visibility> {
    if (viewer.membership.role !== 'CLIENT') return Visibility.everything();
    const workspaceId = viewer.membership.workspace.id;
    const clientId = await this.clients.linkedClientId(workspaceId, viewer.user.email);
    const ownDirectories: string[] =
      clientId === null ? [] : await this.knex('documents').where({ workspace_id: workspaceId, client_id: clientId }).distinct().pluck('directory');
    return Visibility.forClient(clientId, folders, ownDirectories);
  }

  /** Restricts a documents query to what the member may see. */
  private visibleDocuments(query: Knex.QueryBuilder, visibility: Visibility, folders: FolderRow[]): Knex.QueryBuilder {
    if (!visibility.restricted) return query;
    const fullyVisible = folders.filter((folder) => visibility.seesAllOf(folder.path)).map((folder) => folder.path);
    return query.where((visible) => {
      if (visibility.clientId !== null) visible.where('client_id', visibility.clientId);
      visible.orWhereIn('directory', fullyVisible);
    });
  }

  private downloadUrl(viewer: Viewer, fileKey: string): string {
    return downloadUrlOf(this.config.basePath, viewer.membership.workspace.externalId, fileKey);
  }

  private async clientRefs(workspaceId: number, ids: (number | null)[]): Promise<Map<number, ClientRef>> {
    return this.clients.byIds(workspaceId, ids.filter((id): id is number => id !== null));
  }

  async tree(viewer: Viewer, path: string, depth: number): Promise<FolderNode> {
    const workspaceId = viewer.membership.workspace.id;
    const folderRows = await this.folders(workspaceId);
    const folders = new Map(folderRows.map((folder) => [folder.path, folder]));
    const visibility = await this.visibilityOf(viewer, folderRows);
    if (path !== ROOT && (!visibility.canOpen(path) || !folders.has(path))) {
      // A CLIENT member learns nothing about folders outside their share, not even whether they exist.
      throw visibility.restricted ? forbidden(MESSAGES.directoryForbidden) : notFound(MESSAGES.directoryNotFound);
    }

    const totals = await this.directoryTotals(workspaceId, visibility, path);
    const opened = openedFolders(path, depth, subfoldersOf(folders.values(), visibility));
    const rows: DocumentRow[] = await this.knex('documents')
      .where({ workspace_id: workspaceId })
      .whereIn('directory', opened)
      .select(DOCUMENT_COLUMNS);
    const visibleRows = rows.filter((row) => visibility.seesFile(row.directory, row.client_id));
    const clients = await this.clientRefs(workspaceId, [...folderRows.map((folder) => folder.clientId), ...visibleRows.map((row) => row.client_id)]);

    const files = new Map<string, FileNode[]>();
    for (const row of visibleRows) {
      const node = fileNodeOf(row, row.client_id ? (clients.get(row.client_id) ?? null) : null, this.downloadUrl(viewer, row.file_key));
      const siblings = files.get(row.directory);
      if (siblings) siblings.push(node);
      else files.set(row.directory, [node]);
    }
    return buildTree({ path, depth, folders, totals, files, clients, visibility });
  }

  /** Count, bytes and newest upload of the visible files of each folder under `path`, in one grouped scan. */
  private async directoryTotals(workspaceId: number, visibility: Visibility, path: string): Promise<Map<string, DirectoryTotals>> {
    const rows: { directory: string; own: boolean | null; count: number; size: number; newest: Date | null }[] = await this.knex('documents')
      .where({ workspace_id: workspaceId })
      .modify((query) => {
        if (path !== ROOT) query.where(withinFolder('directory', path));
      })
      .groupBy('directory', 'own')
      .select(
        'directory',
        this.knex.raw('(client_id is not distinct from ?) as own', [visibility.clientId ?? -1]),
        this.knex.raw('count(*) as count'),
        this.knex.raw('sum(size)::bigint as size'),
        this.knex.raw('max(created_at) as newest'),
      );
    const totals = new Map<string, DirectoryTotals>();
    for (const row of rows) {
      if (!visibility.seesFile(row.directory, row.own ? visibility.clientId : null)) continue;
      const entry = totals.get(row.directory);
      if (entry) {
        entry.count += row.count;
        entry.size += row.size;
        if (row.newest && (!entry.newest || row.newest > entry.newest)) entry.newest = row.newest;
      } else {
        totals.set(row.directory, { count: row.count, size: row.size, newest: row.newest });
      }
    }
    return totals;
  }

  async list(viewer: Viewer, options: { clientExternalId?: string; limit: number; offset: number }): Promise<DocumentListResponse> {
    const workspaceId = viewer.membership.workspace.id;
    const folders = await this.folders(workspaceId);
    const visibility = await this.visibilityOf(viewer, folders);
    const client = options.clientExternalId ? await this.clients.byExternalId(workspaceId, options.clientExternalId) : null;
    const matching = this.visibleDocuments(this.knex('documents').where({ workspace_id: workspaceId }), visibility, folders).modify((query) => {
      if (client) query.where('client_id', client.id);
    });
    const [{ total }] = await matching.clone().count({ total: '*' });
    const rows: DocumentRow[] = await matching
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(options.limit)
      .offset(options.offset)
      .select(DOCUMENT_COLUMNS);
    const clients = await this.clientRefs(workspaceId, rows.map((row) => row.client_id));
    return {
      documents: rows.map((row) => documentDtoOf(row, row.client_id ? (clients.get(row.client_id) ?? null) : null, this.downloadUrl(viewer, row.file_key))),
      total: Number(total),
    };
  }

  async totalDocuments(viewer: Viewer): Promise<number> {
    const workspaceId = viewer.membership.workspace.id;
    const folders = await this.folders(workspaceId);
    const visibility = await this.visibilityOf(viewer, folders);
    const [{ total }] = await this.visibleDocuments(this.knex('documents').where({ workspace_id: workspaceId }), visibility, folders).count({ total: '*' });
    return Number(total);
  }

  /** A document the member may see, by its id or its file key; 404 otherwise. */
  private async visibleDocument(viewer: Viewer, key: string): Promise<DocumentRow> {
    const workspaceId = viewer.membership.workspace.id;
    const row: DocumentRow | undefined = await this.knex('documents')
      .where({ workspace_id: workspaceId })
      .where(isExternalId(key) ? { external_id: key.toLowerCase() } : { file_key: key })
      .first(DOCUMENT_COLUMNS);
    if (!row) throw notFound(MESSAGES.documentNotFound);
    if (viewer.membership.role === 'CLIENT') {
      const folders = await this.folders(workspaceId);
      if (!(await this.visibilityOf(viewer, folders)).seesFile(row.directory, row.client_id)) throw notFound(MESSAGES.documentNotFound);
    }
    return row;
  }

  async info(viewer: Viewer, documentId: string): Promise<DocumentDto> {
    const row = await this.visibleDocument(viewer, documentId);
    const clients = await this.clientRefs(viewer.membership.workspace.id, [row.client_id]);
    return documentDtoOf(row, row.client_id ? (clients.get(row.client_id) ?? null) : null, this.downloadUrl(viewer, row.file_key));
  }

  async downloadUrlFor(viewer: Viewer, key: string): Promise<string> {
    const row = await this.visibleDocument(viewer, key);
    const signed = await this.storage.downloadUrl(row.file_key, { filename: row.filename, contentType: row.mime_type, ttlSeconds: DOWNLOAD_URL_TTL_SECONDS });
    return signed.url;
  }

  async directories(viewer: Viewer, clientExternalId?: string): Promise<DirectoriesResponse> {
    const workspaceId = viewer.membership.workspace.id;
    const folders = await this.folders(workspaceId);
    const visibility = await this.visibilityOf(viewer, folders);
    const client = clientExternalId ? await this.clients.byExternalId(workspaceId, clientExternalId) : null;
    const ofClient = client ? Visibility.forClient(client.id, folders, []) : Visibility.everything();
    const listed = folders.filter((folder) => visibility.canOpen(folder.path) && ofClient.canOpen(folder.path));
    const clients = await this.clientRefs(workspaceId, listed.map((folder) => folder.clientId));
    const children: Record<string, string[]> = { [ROOT]: [] };
    for (const [parent, paths] of subfoldersOf(listed, Visibility.everything())) children[parent] = paths;
    return {
      directories: [...listed]
        .sort((left, right) => (left.path < right.path ? -1 : 1))
        .map((folder) => {
          const ref = folder.clientId ? clients.get(folder.clientId) : undefined;
          return { path: folder.path, segments: folder.path.split('/'), clients: ref ? [ref] : [] };
        }),
      children,
    };
  }

  async storageInfo(workspaceId: number): Promise<StorageInfo> {
    return this.quota.info(this.knex, workspaceId);
  }

  // ---- Writing ----

  async createDirectory(viewer: Viewer, path: string, clientExternalId?: string): Promise<CreateDirectoryResponse> {
    const workspaceId = viewer.membership.workspace.id;
    return this.knex.transaction(async (trx) => {
      const client = clientExternalId ? await this.clients.byExternalId(workspaceId, clientExternalId, trx) : null;
      const existing = await trx('documents_folders').where({ workspace_id: workspaceId, path }).first('id');
      await ensureFolders(trx, workspaceId, path, viewer.user.id);
      if (!existing && client) await trx('documents_folders').where({ workspace_id: workspaceId, path }).update({ client_id: client.id });
      if (!existing) {
        await this.activity.record(
          { workspaceId, actorUserId: viewer.user.id, action: 'document.folder_created', entityType: 'folder', entityId: path, metadata: { clientId: client?.externalId ?? null } },
          trx,
        );
      }
      return { path, created: !existing };
    });
  }

  private assertAcceptedType(filename: string): void {
    if (!isAcceptedFileName(filename)) throw badRequest(MESSAGES.invalidFileTypes([filename]));
  }

  async presign(viewer: Viewer, query: z.output<typeof presignQuerySchema>): Promise<PresignResponse> {
    const workspace = viewer.membership.workspace;
    this.assertAcceptedType(query.filename);
    this.quota.assertFileSize(query.filename, query.size);
    StorageQuota.assertRoom(await this.quota.info(this.knex, workspace.id), query.size);
    if (query.clientId) await this.clients.byExternalId(workspace.id, query.clientId);
    const fileKey = `${workspace.externalId}/${randomUUID()}`;
    const signed = await this.storage.uploadUrl(fileKey, UPLOAD_URL_TTL_SECONDS);
    return { url: signed.url, fileKey, expiresAt: signed.expiresAt.toISOString(), requiredHeaders: UPLOAD_REQUIRED_HEADERS };
  }

  /** Drops an uploaded file that will never get a record. */
  private async discardUpload(workspaceId: number, fileKey: string): Promise<void> {
    await this.cleanup.schedule(this.knex, workspaceId, [fileKey]);
    await this.cleanup.start(workspaceId);
  }

  async create(viewer: Viewer, input: z.output<typeof createDocumentSchema>): Promise<DocumentDto> {
    const workspace = viewer.membership.workspace;
    const ownKey = new RegExp(`^${workspace.externalId}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`);
    if (!ownKey.test(input.fileKey)) throw new HttpError(422, MESSAGES.invalidDocumentData);
    this.assertAcceptedType(input.filename);
    const registered = await this.knex('documents').where({ file_key: input.fileKey }).first('id');
    if (registered) throw new HttpError(422, MESSAGES.invalidDocumentData);

    const stored = await this.storage.properties(input.fileKey);
    if (!stored) throw new HttpError(422, MESSAGES.invalidDocumentData);
    if (stored.size !== input.size) {
      await this.discardUpload(workspace.id, input.fileKey);
      throw new HttpError(422, MESSAGES.invalidDocumentData);
    }
    try {
      this.quota.assertFileSize(input.filename, input.size);
    } catch (error) {
      await this.discardUpload(workspace.id, input.fileKey);
      throw error;
    }

    const outcome = await this.knex
      .transaction(async (trx) => {
        const client = input.clientExternalId ? await this.clients.byExternalId(workspace.id, input.clientExternalId, trx) : null;
        StorageQuota.assertRoom(await this.quota.info(trx, workspace.id, { lock: true }), input.size);
        await ensureFolders(trx, workspace.id, input.directory, viewer.user.id);
        const [row]: DocumentRow[] = await trx('documents')
          .insert({
            external_id: randomUUID(),
            workspace_id: workspace.id,
            file_key: input.fileKey,
            filename: input.filename,
            mime_type: mimeTypeOf(input.filename),
            size: input.size,
            directory: input.directory,
            client_id: client?.id ?? null,
            uploaded_by: viewer.user.id,
          })
          .returning(DOCUMENT_COLUMNS);
        await this.activity.record(
          {
            workspaceId: workspace.id,
            actorUserId: viewer.user.id,
            action: 'document.uploaded',
            entityType: 'document',
            entityId: row.external_id,
            metadata: { filename: row.filename, size: row.size, directory: row.directory },
          },
          trx,
        );
        return { ok: true as const, row, client };
      })
      .catch((error: { code?: string; status?: number }) => {
        if (error.code === UNIQUE_VIOLATION) return { ok: false as const, error: new HttpError(422, MESSAGES.invalidDocumentData), discard: false };
        if (error instanceof HttpError && error.status === 413) return { ok: false as const, error, discard: true };
        throw error;
      });
    if (!outcome.ok) {
      if (outcome.discard) await this.discardUpload(workspace.id, input.fileKey);
      throw outcome.error;
    }
    const client = outcome.client ? { externalId: outcome.client.externalId, name: outcome.client.name } : null;
    return documentDtoOf(outcome.row, client, this.downloadUrl(viewer, outcome.row.file_key));
  }

  async raiseStorageLimit(viewer: Viewer, additionalBytes: number): Promise<StorageInfo> {
    const workspaceId = viewer.membership.workspace.id;
    return this.knex.transaction(async (trx) => {
      const info = await this.quota.raiseLimit(trx, workspaceId, additionalBytes);
      await this.activity.record(
        { workspaceId, actorUserId: viewer.user.id, action: 'document.storage_upgraded', entityType: 'storage', metadata: { additionalBytes, storageLimit: info.storageLimit } },
        trx,
      );
      return info;
    });
  }

  async remove(viewer: Viewer, nodes: z.output<typeof deleteNodeSchema>[]): Promise<DeleteDocumentsResponse> {
    const workspaceId = viewer.membership.workspace.id;
    const fileIds = [...new Set(nodes.flatMap((node) => (node.type === 'file' ? [node.fileInfo.id] : [])))];
    const folderPaths = [...new Set(nodes.flatMap((node) => (node.type === 'directory' ? [node.path] : [])))];

    const result = await this.knex.transaction(async (trx) => {
      const files: { id: number; file_key: string }[] = fileIds.length
        ? await trx('documents').where({ workspace_id: workspaceId }).whereIn('external_id', fileIds).select('id', 'file_key')
        : [];
      if (files.length !== fileIds.length) throw notFound(MESSAGES.documentNotFound);
      const existingFolders: string[] = folderPaths.length
        ? await trx('documents_folders').where({ workspace_id: workspaceId }).whereIn('path', folderPaths).pluck('path')
        : [];
      if (existingFolders.length !== folderPaths.length) throw notFound(MESSAGES.directoryNotFound);

      const beneath: { id: number; file_key: string }[] = [];
      for (const folder of folderPaths) {
        beneath.push(...(await trx('documents').where({ workspace_id: workspaceId }).where(withinFolder('directory', folder)).select('id', 'file_key')));
      }
      const doomed = new Map([...files, ...beneath].map((row) => [row.id, row.file_key]));
      await this.cleanup.schedule(trx, workspaceId, [...doomed.values()]);
      const ids = [...doomed.keys()];
      for (let start = 0; start < ids.length; start += 1000) {
        await trx('documents').whereIn('id', ids.slice(start, start + 1000)).delete();
      }
      let deletedDirectories = 0;
      for (const folder of folderPaths) {
        deletedDirectories += await trx('documents_folders').where({ workspace_id: workspaceId }).where(withinFolder('path', folder)).delete();
      }
      await this.activity.record(
        {
          workspaceId,
          actorUserId: viewer.user.id,
          action: 'document.deleted',
          entityType: 'document',
          metadata: { documents: ids.length, directories: folderPaths, files: fileIds },
        },
        trx,
      );
      return { ok: true as const, deletedDocuments: ids.length, deletedDirectories };
    });
    if (result.deletedDocuments) await this.cleanup.start(workspaceId);
    return result;
  }

  async assignClient(viewer: Viewer, input: z.output<typeof assignClientSchema>): Promise<void> {
    const workspaceId = viewer.membership.workspace.id;
    await this.knex.transaction(async (trx) => {
      const client = input.clientId ? await this.clients.byExternalId(workspaceId, input.clientId, trx) : null;
      const updated =
        input.type === 'directory'
          ? await trx('documents_folders').where({ workspace_id: workspaceId, path: input.path }).update({ client_id: client?.id ?? null, updated_at: trx.fn.now() })
          : await trx('documents').where({ workspace_id: workspaceId, external_id: input.fileId }).update({ client_id: client?.id ?? null, updated_at: trx.fn.now() });
      if (!updated) throw notFound(input.type === 'directory' ? MESSAGES.directoryNotFound : MESSAGES.documentNotFound);
      await this.activity.record(
        {
          workspaceId,
          actorUserId: viewer.user.id,
          action: 'document.client_assigned',
          entityType: input.type === 'directory' ? 'folder' : 'document',
          entityId: input.type === 'directory' ? input.path : input.fileId,
          metadata: { clientId: client?.externalId ?? null },
        },
        trx,
      );
    });
  }
}
