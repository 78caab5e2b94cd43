import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { raw } from 'objection';
import {
  badRequest,
  forbidden,
  HttpError,
  isExternalId,
  notFound,
  TOKENS,
  type ActivityService,
  type ClientDirectory,
  type ClientDirectoryMember,
  type ClientSummary,
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
import { documentDtoOf, downloadUrlOf, fileNodeOf } from './document-views';
import {
  buildTree,
  nameOf,
  openedFolders,
  ROOT,
  selfAndAncestors,
  subfoldersOf,
  Visibility,
  type DirectoryTotals,
  type FolderRow,
} from './folder-tree';
import { Document, Folder } from './models';
import { StorageQuota } from './storage-quota';

/** Who is asking: the workspace, their role in it and who they are (a search provider knows only their id). */
export interface Viewer {
  membership: Membership;
  user: Pick<SessionUser, 'id'>;
}

const memberOf = (viewer: Viewer): ClientDirectoryMember => ({ role: viewer.membership.role, userId: viewer.user.id });

/** A read-only download link lives this long; the browser follows the redirect at once. */
const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;
const UNIQUE_VIOLATION = '23505';

/** Folders are rows; a document's folder and every folder above it exist before the document does. */
async function ensureFolders(trx: Knex.Transaction, workspaceId: number, path: string, userId: number | null): Promise<void> {
  const steps = selfAndAncestors(path);
  if (!steps.length) return;
  await Folder.query(trx)
    .insert(steps.map((step) => ({ workspaceId, path: step, createdBy: userId })))
    .onConflict(['workspace_id', 'path'])
    .ignore();
}

/** A term for `like`, its wildcards taken literally. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (character) => `\\${character}`);

/** `whereRaw` arguments for "the folder or anything beneath it", on a column holding a folder path. */
const withinFolder = (column: 'directory' | 'path', folder: string) =>
  [`(${column} = ? or starts_with(${column}, ?))`, [folder, `${folder}/`]] as const;

/** What the wire shows of a client: never the directory's other fields. */
const clientRefOf = (client: Pick<ClientSummary, 'externalId' | 'name'>): ClientRef => ({ externalId: client.externalId, name: client.name });

@injectable()
export class DocumentService {
  private readonly quota: StorageQuota;
  readonly cleanup: BlobCleanup;

  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Storage) private readonly storage: StorageService,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(TOKENS.Activity) private readonly activity: ActivityService,
    @inject(TOKENS.Clients) private readonly clients: ClientDirectory,
    @inject(TOKENS.Queue) queue: QueueService,
    @inject(TOKENS.Logger) logger: Logger,
  ) {
    this.quota = new StorageQuota(config.storage.workspaceLimitBytes, config.storage.maxFileSizeBytes);
    this.cleanup = new BlobCleanup(storage, queue, logger);
  }

  // ---- Reading ----

  private async folders(workspaceId: number): Promise<FolderRow[]> {
    return Folder.inWorkspace(workspaceId).select('path', 'client_id', 'updated_at');
  }

  /** The clients the member stands for (the core's rule), or null for staff, who see everything. */
  private memberClients(viewer: Viewer): Promise<number[] | null> {
    return this.clients.clientsOfMember(viewer.membership.workspace.id, memberOf(viewer));
  }

  private async visibilityOf(viewer: Viewer, folders: FolderRow[]): Promise<Visibility> {
    const workspaceId = viewer.membership.workspace.id;
    return this.clientVisibility(workspaceId, await this.memberClients(viewer), folders);
  }

  private async clientVisibility(workspaceId: number, memberClients: number[] | null, folders: FolderRow[]): Promise<Visibility> {
    if (memberClients === null) return Visibility.everything();
    const ownFiles = memberClients.length ? await Document.inWorkspace(workspaceId).whereIn('client_id', memberClients).distinct('directory') : [];
    return Visibility.forClients(
      memberClients,
      folders,
      ownFiles.map((document) => document.directory),
    );
  }

  /** Those of a workspace's `documents` the member may see: all of them for staff. */
  async seenBy(workspaceId: number, member: ClientDirectoryMember, documents: Document[]): Promise<Document[]> {
    const memberClients = await this.clients.clientsOfMember(workspaceId, member);
    // Staff see every document; only a member restricted to their clients needs the folders to decide.
    if (memberClients === null || !documents.length) return documents;
    const visibility = await this.clientVisibility(workspaceId, memberClients, await this.folders(workspaceId));
    return documents.filter((document) => visibility.seesFile(document.directory, document.clientId));
  }

  /** Restricts a documents query to what the member may see. */
  private visibleDocuments(workspaceId: number, visibility: Visibility, folders: FolderRow[]) {
    const query = Document.inWorkspace(workspaceId);
    if (!visibility.restricted) return query;
    const fullyVisible = folders.filter((folder) => visibility.seesAllOf(folder.path)).map((folder) => folder.path);
    return query.where((visible) => {
      visible.whereIn('client_id', visibility.clientIds).orWhereIn('directory', fullyVisible);
    });
  }

  private downloadUrl(viewer: Viewer, fileKey: string): string {
    return downloadUrlOf(this.config.basePath, viewer.membership.workspace.externalId, fileKey);
  }

  private async clientRefs(workspaceId: number, ids: (number | null)[]): Promise<Map<number, ClientRef>> {
    const clients = await this.clients.byIds(
      workspaceId,
      ids.filter((id): id is number => id !== null),
    );
    return new Map([...clients].map(([id, client]) => [id, clientRefOf(client)]));
  }

  private assignedClient(clients: Map<number, ClientRef>, clientId: number | null): ClientRef | null {
    return clientId === null ? null : (clients.get(clientId) ?? null);
  }

  /** The workspace's client by external id, within `trx` when given; 404 'Client not found' otherwise. */
  private client(workspaceId: number, externalId: string, trx?: Knex.Transaction): Promise<ClientSummary> {
    return this.clients.byExternalId(workspaceId, externalId, { notFoundMessage: MESSAGES.clientNotFound, trx });
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
    const documents = await Document.inWorkspace(workspaceId).whereIn('directory', opened);
    const visibleDocuments = documents.filter((document) => visibility.seesFile(document.directory, document.clientId));
    const clients = await this.clientRefs(workspaceId, [
      ...folderRows.map((folder) => folder.clientId),
      ...visibleDocuments.map((document) => document.clientId),
    ]);

    const files = new Map<string, FileNode[]>();
    for (const document of visibleDocuments) {
      const node = fileNodeOf(document, this.assignedClient(clients, document.clientId), this.downloadUrl(viewer, document.fileKey));
      const siblings = files.get(document.directory);
      if (siblings) siblings.push(node);
      else files.set(document.directory, [node]);
    }
    return buildTree({ path, depth, folders, totals, files, clients, visibility });
  }

  /** Count, bytes and newest upload of the visible files of each folder under `path`, in one grouped scan. */
  private async directoryTotals(workspaceId: number, visibility: Visibility, path: string): Promise<Map<string, DirectoryTotals>> {
    const rows = await Document.inWorkspace(workspaceId)
      .modify((query) => {
        if (path !== ROOT) query.whereRaw(...withinFolder('directory', path));
      })
      .groupBy('directory', 'own')
      .select(
        'directory',
        raw('coalesce(client_id = any(?), false) as own', [visibility.clientIds]),
        raw('count(*) as count'),
        raw('sum(size)::bigint as size'),
        raw('max(created_at) as newest'),
      )
      .castTo<{ directory: string; own: boolean; count: number; size: number; newest: Date | null }[]>();
    const totals = new Map<string, DirectoryTotals>();
    for (const row of rows) {
      if (!visibility.seesFileIn(row.directory, row.own)) continue;
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
    const client = options.clientExternalId ? await this.client(workspaceId, options.clientExternalId) : null;
    const matching = this.visibleDocuments(workspaceId, visibility, folders).modify((query) => {
      if (client) query.where('client_id', client.id);
    });
    const total = await matching.clone().resultSize();
    const documents = await matching
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(options.limit)
      .offset(options.offset);
    const clients = await this.clientRefs(
      workspaceId,
      documents.map((document) => document.clientId),
    );
    return {
      documents: documents.map((document) =>
        documentDtoOf(document, this.assignedClient(clients, document.clientId), this.downloadUrl(viewer, document.fileKey)),
      ),
      total,
    };
  }

  async totalDocuments(viewer: Viewer): Promise<number> {
    const workspaceId = viewer.membership.workspace.id;
    const folders = await this.folders(workspaceId);
    const visibility = await this.visibilityOf(viewer, folders);
    return this.visibleDocuments(workspaceId, visibility, folders).resultSize();
  }

  /** The folders the member can open whose name holds `term` (any case), at most `limit`, by name: the folder search. */
  async foldersNamed(viewer: Viewer, term: string, limit: number): Promise<string[]> {
    const folders = await this.folders(viewer.membership.workspace.id);
    const visibility = await this.visibilityOf(viewer, folders);
    const needle = term.toLowerCase();
    return folders
      .map((folder) => folder.path)
      .filter((path) => nameOf(path).toLowerCase().includes(needle) && visibility.canOpen(path))
      .sort((a, b) => nameOf(a).localeCompare(nameOf(b)) || a.localeCompare(b))
      .slice(0, limit);
  }

  /** The files the member sees whose name holds `term` (any case), at most `limit`, by name: the document search. */
  async documentsNamed(viewer: Viewer, term: string, limit: number): Promise<Document[]> {
    const workspaceId = viewer.membership.workspace.id;
    const folders = await this.folders(workspaceId);
    const visibility = await this.visibilityOf(viewer, folders);
    return this.visibleDocuments(workspaceId, visibility, folders)
      .whereRaw('filename ilike ?', [`%${escapeLike(term)}%`])
      .orderByRaw('lower(filename), id')
      .limit(limit);
  }

  /** A document the member may see, by its id or its file key; 404 otherwise. */
  private async visibleDocument(viewer: Viewer, key: string): Promise<Document> {
    const workspaceId = viewer.membership.workspace.id;
    const document = await Document.inWorkspace(workspaceId)
      .where(isExternalId(key) ? { external_id: key.toLowerCase() } : { file_key: key })
      .first();
    if (!document) throw notFound(MESSAGES.documentNotFound);
    if (!(await this.seenBy(workspaceId, memberOf(viewer), [document])).length) throw notFound(MESSAGES.documentNotFound);
    return document;
  }

  async info(viewer: Viewer, documentId: string): Promise<DocumentDto> {
    const document = await this.visibleDocument(viewer, documentId);
    const clients = await this.clientRefs(viewer.membership.workspace.id, [document.clientId]);
    return documentDtoOf(document, this.assignedClient(clients, document.clientId), this.downloadUrl(viewer, document.fileKey));
  }

  async downloadUrlFor(viewer: Viewer, key: string): Promise<string> {
    const document = await this.visibleDocument(viewer, key);
    const signed = await this.storage.downloadUrl(document.fileKey, {
      filename: document.filename,
      contentType: document.mimeType,
      ttlSeconds: DOWNLOAD_URL_TTL_SECONDS,
    });
    return signed.url;
  }

  async directories(viewer: Viewer, clientExternalId?: string): Promise<DirectoriesResponse> {
    const workspaceId = viewer.membership.workspace.id;
    const folders = await this.folders(workspaceId);
    const visibility = await this.visibilityOf(viewer, folders);
    const client = clientExternalId ? await this.client(workspaceId, clientExternalId) : null;
    const ofClient = client ? Visibility.forClients([client.id], folders, []) : Visibility.everything();
    const listed = folders.filter((folder) => visibility.canOpen(folder.path) && ofClient.canOpen(folder.path));
    const clients = await this.clientRefs(
      workspaceId,
      listed.map((folder) => folder.clientId),
    );
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
    return this.quota.info(workspaceId);
  }

  // ---- Writing ----

  async createDirectory(viewer: Viewer, path: string, clientExternalId?: string): Promise<CreateDirectoryResponse> {
    const workspaceId = viewer.membership.workspace.id;
    return this.knex.transaction(async (trx) => {
      const client = clientExternalId ? await this.client(workspaceId, clientExternalId, trx) : null;
      const existing = await Folder.inWorkspace(workspaceId, trx).where('path', path).first();
      await ensureFolders(trx, workspaceId, path, viewer.user.id);
      if (!existing && client) await Folder.inWorkspace(workspaceId, trx).where('path', path).patch({ clientId: client.id });
      if (!existing) {
        await this.activity.record(
          {
            workspaceId,
            actorUserId: viewer.user.id,
            action: 'document.folder_created',
            entityType: 'folder',
            entityId: path,
            metadata: { clientId: client?.externalId ?? null },
          },
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
    StorageQuota.assertRoom(await this.quota.info(workspace.id), query.size);
    if (query.clientId) await this.client(workspace.id, query.clientId);
    const fileKey = `${workspace.externalId}/${randomUUID()}`;
    const signed = await this.storage.uploadUrl(fileKey, UPLOAD_URL_TTL_SECONDS);
    return { url: signed.url, fileKey, expiresAt: signed.expiresAt.toISOString(), requiredHeaders: UPLOAD_REQUIRED_HEADERS };
  }

  /** Drops an uploaded file that will never get a record. */
  private async discardUpload(workspaceId: number, fileKey: string): Promise<void> {
    await this.cleanup.schedule(workspaceId, [fileKey]);
    await this.cleanup.start(workspaceId);
  }

  async create(viewer: Viewer, input: z.output<typeof createDocumentSchema>): Promise<DocumentDto> {
    const workspace = viewer.membership.workspace;
    const ownKey = new RegExp(`^${workspace.externalId}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`);
    if (!ownKey.test(input.fileKey)) throw new HttpError(422, MESSAGES.invalidDocumentData);
    this.assertAcceptedType(input.filename);
    const registered = await Document.inWorkspace(workspace.id).where('file_key', input.fileKey).first();
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
        const client = input.clientExternalId ? await this.client(workspace.id, input.clientExternalId, trx) : null;
        StorageQuota.assertRoom(await this.quota.info(workspace.id, { trx, lock: true }), input.size);
        await ensureFolders(trx, workspace.id, input.directory, viewer.user.id);
        const document = await Document.query(trx).insert({
          workspaceId: workspace.id,
          fileKey: input.fileKey,
          filename: input.filename,
          mimeType: mimeTypeOf(input.filename),
          size: input.size,
          directory: input.directory,
          clientId: client?.id ?? null,
          uploadedBy: viewer.user.id,
        });
        await this.activity.record(
          {
            workspaceId: workspace.id,
            actorUserId: viewer.user.id,
            action: 'document.uploaded',
            entityType: 'document',
            entityId: document.externalId,
            metadata: { filename: document.filename, size: document.size, directory: document.directory },
          },
          trx,
        );
        return { ok: true as const, document, client };
      })
      .catch((error: { code?: string; nativeError?: { code?: string }; status?: number }) => {
        // Two registrations of one file racing: the unique index decides (Objection wraps the driver's error).
        if ((error.nativeError?.code ?? error.code) === UNIQUE_VIOLATION) {
          return { ok: false as const, error: new HttpError(422, MESSAGES.invalidDocumentData), discard: false };
        }
        if (error instanceof HttpError && error.status === 413) return { ok: false as const, error, discard: true };
        throw error;
      });
    if (!outcome.ok) {
      if (outcome.discard) await this.discardUpload(workspace.id, input.fileKey);
      throw outcome.error;
    }
    return documentDtoOf(outcome.document, outcome.client && clientRefOf(outcome.client), this.downloadUrl(viewer, outcome.document.fileKey));
  }

  async raiseStorageLimit(viewer: Viewer, additionalBytes: number): Promise<StorageInfo> {
    const workspaceId = viewer.membership.workspace.id;
    return this.knex.transaction(async (trx) => {
      const info = await this.quota.raiseLimit(trx, workspaceId, additionalBytes);
      await this.activity.record(
        {
          workspaceId,
          actorUserId: viewer.user.id,
          action: 'document.storage_upgraded',
          entityType: 'storage',
          metadata: { additionalBytes, storageLimit: info.storageLimit },
        },
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
      const files = fileIds.length ? await Document.inWorkspace(workspaceId, trx).whereIn('external_id', fileIds).select('id', 'file_key') : [];
      if (files.length !== fileIds.length) throw notFound(MESSAGES.documentNotFound);
      const existingFolders = folderPaths.length ? await Folder.inWorkspace(workspaceId, trx).whereIn('path', folderPaths).select('path') : [];
      if (existingFolders.length !== folderPaths.length) throw notFound(MESSAGES.directoryNotFound);

      const beneath: Document[] = [];
      for (const folder of folderPaths) {
        beneath.push(
          ...(await Document.inWorkspace(workspaceId, trx)
            .whereRaw(...withinFolder('directory', folder))
            .select('id', 'file_key')),
        );
      }
      const doomed = new Map([...files, ...beneath].map((document) => [document.id, document.fileKey]));
      await this.cleanup.schedule(workspaceId, [...doomed.values()], trx);
      const ids = [...doomed.keys()];
      for (let start = 0; start < ids.length; start += 1000) {
        await Document.inWorkspace(workspaceId, trx)
          .whereIn('id', ids.slice(start, start + 1000))
          .delete();
      }
      let deletedDirectories = 0;
      for (const folder of folderPaths) {
        deletedDirectories += await Folder.inWorkspace(workspaceId, trx)
          .whereRaw(...withinFolder('path', folder))
          .delete();
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
      const client = input.clientId ? await this.client(workspaceId, input.clientId, trx) : null;
      const assignment = { clientId: client?.id ?? null, updatedAt: raw('now()') };
      const updated =
        input.type === 'directory'
          ? await Folder.inWorkspace(workspaceId, trx).where('path', input.path).patch(assignment)
          : await Document.inWorkspace(workspaceId, trx).where('external_id', input.fileId).patch(assignment);
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
