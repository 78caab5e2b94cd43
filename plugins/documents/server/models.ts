import { WorkspaceScopedModel, WorkspaceScopedRow } from '../../../core/plugin-api';

/** An uploaded file: a blob in storage (`fileKey`) registered in a folder, optionally assigned to a client. */
export class Document extends WorkspaceScopedModel {
  static override tableName = 'documents';
  fileKey!: string;
  filename!: string;
  mimeType!: string;
  size!: number;
  /** The folder's path; "" is the root. */
  directory!: string;
  clientId!: number | null;
  uploadedBy!: number | null;
}

/** A folder exists as a row (an empty folder is a folder); the root has none. */
export class Folder extends WorkspaceScopedRow {
  static override tableName = 'documents_folders';
  id!: number;
  path!: string;
  clientId!: number | null;
  createdBy!: number | null;
  createdAt!: Date;
  updatedAt!: Date;
}

/** A workspace's storage limit; every write that changes usage or the limit locks this row first. */
export class StorageLimit extends WorkspaceScopedRow {
  static override tableName = 'documents_storage';
  static override idColumn = 'workspace_id';
  storageLimit!: number;
  updatedAt!: Date;
}

/** Outbox of stored files whose records are gone; the clean-up job removes each blob, then its row. */
export class BlobDeletion extends WorkspaceScopedRow {
  static override tableName = 'documents_blob_deletions';
  id!: number;
  fileKey!: string;
  attempts!: number;
  lastError!: string | null;
  createdAt!: Date;
}

/** A document linked to another plugin's record (`entityType`, `entityId`). */
export class Attachment extends WorkspaceScopedModel {
  static override tableName = 'documents_attachments';
  documentId!: number;
  entityType!: string;
  entityId!: string;
  createdBy!: number | null;
}
