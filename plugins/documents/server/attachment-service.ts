import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { isExternalId, notFound, TOKENS, type Config } from '../../../core/plugin-api';
import { MESSAGES } from '../shared/wire';
import { downloadUrlOf } from './document-views';
import type { AttachmentService, AttachmentTarget, AttachmentView } from './tokens';

export const ATTACHMENT_NOT_FOUND = 'Attachment not found';

interface AttachmentRow {
  external_id: string;
  entity_type: string;
  entity_id: string;
  created_at: Date;
  document_external_id: string;
  filename: string;
  size: number;
  mime_type: string;
  file_key: string;
  document_created_at: Date;
  workspace_external_id: string;
}

@injectable()
export class DocumentAttachments implements AttachmentService {
  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Config) private readonly config: Config,
  ) {}

  private rows(target: AttachmentTarget) {
    return this.knex('documents_attachments as a')
      .join('documents as d', 'd.id', 'a.document_id')
      .join('workspaces as w', 'w.id', 'a.workspace_id')
      .where({ 'a.workspace_id': target.workspaceId, 'a.entity_type': target.entityType, 'a.entity_id': target.entityId })
      .select(
        'a.external_id',
        'a.entity_type',
        'a.entity_id',
        'a.created_at',
        'd.external_id as document_external_id',
        'd.filename',
        'd.size',
        'd.mime_type',
        'd.file_key',
        'd.created_at as document_created_at',
        'w.external_id as workspace_external_id',
      );
  }

  private viewOf(row: AttachmentRow): AttachmentView {
    return {
      id: row.external_id,
      entityType: row.entity_type,
      entityId: row.entity_id,
      createdAt: row.created_at.toISOString(),
      document: {
        id: row.document_external_id,
        filename: row.filename,
        size: row.size,
        mimeType: row.mime_type,
        fileKey: row.file_key,
        createdAt: row.document_created_at.toISOString(),
        downloadUrl: downloadUrlOf(this.config.basePath, row.workspace_external_id, row.file_key),
      },
    };
  }

  async link(target: AttachmentTarget, documentId: string, actorUserId: number | null): Promise<AttachmentView> {
    const document = isExternalId(documentId)
      ? await this.knex('documents').where({ workspace_id: target.workspaceId, external_id: documentId.toLowerCase() }).first('id')
      : undefined;
    if (!document) throw notFound(MESSAGES.documentNotFound);
    await this.knex('documents_attachments')
      .insert({
        external_id: randomUUID(),
        workspace_id: target.workspaceId,
        document_id: document.id,
        entity_type: target.entityType,
        entity_id: target.entityId,
        created_by: actorUserId,
      })
      .onConflict(['document_id', 'entity_type', 'entity_id'])
      .ignore();
    const row: AttachmentRow = await this.rows(target).where('a.document_id', document.id).first();
    return this.viewOf(row);
  }

  async list(target: AttachmentTarget): Promise<AttachmentView[]> {
    const rows: AttachmentRow[] = await this.rows(target).orderBy([{ column: 'a.created_at' }, { column: 'a.id' }]);
    return rows.map((row) => this.viewOf(row));
  }

  async unlink(target: AttachmentTarget, attachmentId: string): Promise<void> {
    const removed = isExternalId(attachmentId)
      ? await this.knex('documents_attachments')
          .where({ workspace_id: target.workspaceId, entity_type: target.entityType, entity_id: target.entityId, external_id: attachmentId.toLowerCase() })
          .delete()
      : 0;
    if (!removed) throw notFound(ATTACHMENT_NOT_FOUND);
  }

  async unlinkAll(target: AttachmentTarget): Promise<number> {
    return this.knex('documents_attachments')
      .where({ workspace_id: target.workspaceId, entity_type: target.entityType, entity_id: target.entityId })
      .delete();
  }
}
