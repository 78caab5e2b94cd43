import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import {
  isExternalId,
  notFound,
  TOKENS,
  type ClientDirectoryMember,
  type Config,
  type Logger,
  type Membership,
  type SessionUser,
  type StorageService,
  type WorkspaceDirectory,
} from '../../../core/plugin-api';
import { MESSAGES, mimeTypeOf } from '../shared/wire';
import { downloadUrlOf } from './document-views';
import { Attachment, Document } from './models';
import { DocumentService } from './document-service';
import type { AttachedFile, AttachmentFile, AttachmentFileRequest, AttachmentService, AttachmentTarget, AttachmentView } from './tokens';

export const ATTACHMENT_NOT_FOUND = 'Attachment not found';

@injectable()
export class DocumentAttachments implements AttachmentService {
  constructor(
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(TOKENS.Workspaces) private readonly workspaces: WorkspaceDirectory,
    @inject(TOKENS.Storage) private readonly storage: StorageService,
    @inject(DocumentService) private readonly documents: DocumentService,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  private ofEntity(target: AttachmentTarget, trx?: Knex.Transaction) {
    return Attachment.inWorkspace(target.workspaceId, trx).where({ entity_type: target.entityType, entity_id: target.entityId });
  }

  /** The attachments with their documents; a download link names the workspace by its external id, which the core knows. */
  private async viewsOf(workspaceId: number, attachments: Attachment[], reader?: ClientDirectoryMember): Promise<AttachmentView[]> {
    if (!attachments.length) return [];
    const [workspace, linked] = await Promise.all([
      this.workspaces.byId(workspaceId),
      Document.inWorkspace(workspaceId).whereIn('id', [...new Set(attachments.map((attachment) => attachment.documentId))]),
    ]);
    const documents = reader ? await this.documents.seenBy(workspaceId, reader, linked) : linked;
    // Gone with its workspace meanwhile: its attachments went with it.
    if (!workspace) return [];
    const byId = new Map(documents.map((document) => [document.id, document]));
    return attachments.flatMap((attachment) => {
      const document = byId.get(attachment.documentId);
      if (!document) return [];
      return [
        {
          id: attachment.externalId,
          entityType: attachment.entityType,
          entityId: attachment.entityId,
          createdAt: attachment.createdAt.toISOString(),
          document: {
            id: document.externalId,
            filename: document.filename,
            size: document.size,
            mimeType: document.mimeType,
            fileKey: document.fileKey,
            createdAt: document.createdAt.toISOString(),
            downloadUrl: downloadUrlOf(this.config.basePath, workspace.externalId, document.fileKey),
          },
        },
      ];
    });
  }

  async link(target: AttachmentTarget, documentId: string, actorUserId: number | null): Promise<{ attachment: AttachmentView; linkedNow: boolean }> {
    const document = isExternalId(documentId)
      ? await Document.inWorkspace(target.workspaceId).where('external_id', documentId.toLowerCase()).first()
      : undefined;
    if (!document) throw notFound(MESSAGES.documentNotFound);
    const inserted = await Attachment.query()
      .insert({
        workspaceId: target.workspaceId,
        documentId: document.id,
        entityType: target.entityType,
        entityId: target.entityId,
        createdBy: actorUserId,
      })
      .onConflict(['document_id', 'entity_type', 'entity_id'])
      .ignore()
      .returning('id');
    const [view] = await this.viewsOf(target.workspaceId, await this.ofEntity(target).where('document_id', document.id));
    if (!view) throw notFound(MESSAGES.documentNotFound);
    return { attachment: view, linkedNow: inserted.id !== undefined };
  }

  async attachFile(
    target: AttachmentTarget,
    file: AttachedFile,
    actor: { membership: Membership; user: Pick<SessionUser, 'id'> },
  ): Promise<AttachmentView> {
    const fileKey = `${actor.membership.workspace.externalId}/${randomUUID()}`;
    await this.storage.upload(fileKey, file.body, mimeTypeOf(file.filename));
    // Registering checks the type, the size and the quota as for a browser's upload, and discards the blob if refused.
    const document = await this.documents.create(actor, {
      fileKey,
      filename: file.filename,
      directory: file.directory,
      size: file.body.length,
      clientExternalId: file.clientExternalId,
    });
    return (await this.link(target, document.id, actor.user.id)).attachment;
  }

  async list(target: AttachmentTarget, reader?: ClientDirectoryMember): Promise<AttachmentView[]> {
    return this.viewsOf(target.workspaceId, await this.ofEntity(target).orderBy(['created_at', 'id']), reader);
  }

  async unlink(target: AttachmentTarget, attachmentId: string): Promise<void> {
    const removed = isExternalId(attachmentId) ? await this.ofEntity(target).where('external_id', attachmentId.toLowerCase()).delete() : 0;
    if (!removed) throw notFound(ATTACHMENT_NOT_FOUND);
  }

  async readFiles(target: AttachmentTarget, { mimeTypes, maxBytes, maxFiles }: AttachmentFileRequest): Promise<AttachmentFile[]> {
    if (!mimeTypes.length) return [];
    const documents = await Document.inWorkspace(target.workspaceId)
      .join('documents_attachments as a', 'a.document_id', 'documents.id')
      .where({ 'a.entity_type': target.entityType, 'a.entity_id': target.entityId })
      .whereIn('documents.mime_type', [...mimeTypes])
      .orderBy([{ column: 'a.created_at' }, { column: 'a.id' }])
      .select('documents.*');
    let read = 0;
    const files: AttachmentFile[] = [];
    for (const document of documents) {
      const file = { filename: document.filename, mimeType: document.mimeType, size: document.size };
      if (document.size > maxBytes) files.push({ ...file, body: null, notRead: 'too-large' });
      else if (read >= maxFiles) files.push({ ...file, body: null, notRead: 'beyond-count' });
      else {
        read += 1;
        const body = await this.download(target.workspaceId, document.fileKey);
        files.push(body ? { ...file, body } : { ...file, body: null, notRead: 'unavailable' });
      }
    }
    return files;
  }

  async unlinkAll(target: AttachmentTarget, trx?: Knex.Transaction): Promise<number> {
    return this.ofEntity(target, trx).delete();
  }

  /** A file the reader goes without (it is named `unavailable`), and the operators hear why: gone, or storage failing. */
  private async download(workspaceId: number, fileKey: string): Promise<Buffer | null> {
    try {
      return await this.storage.download(fileKey);
    } catch (error) {
      this.logger.warn({ err: error, workspaceId, fileKey }, 'An attached file could not be read from storage');
      return null;
    }
  }
}
