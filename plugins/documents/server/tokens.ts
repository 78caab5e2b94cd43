/**
 * What the documents plugin offers other plugins (they list "documents" in `requires.plugins` and inject the token).
 * Nothing else of this plugin is reachable from outside it.
 */

import type { Knex } from 'knex';
import type { ClientDirectoryMember, Membership, SessionUser } from '../../../core/plugin-api';

export const ATTACHMENT_SERVICE = Symbol.for('documents.AttachmentService');

/** An uploaded document as an attachment shows it (spec 2: id, document {filename, size, createdAt, fileKey}). */
export interface AttachedDocument {
  id: string;
  filename: string;
  size: number;
  mimeType: string;
  fileKey: string;
  /** ISO 8601. */
  createdAt: string;
  /** Absolute path on this origin; answers 302 to the file for a member of the workspace. */
  downloadUrl: string;
}

export interface AttachmentView {
  id: string;
  entityType: string;
  entityId: string;
  /** ISO 8601. */
  createdAt: string;
  document: AttachedDocument;
}

/** The entity an attachment hangs on, e.g. `{ type: 'TASK', id: <task external id> }`. */
export interface AttachmentTarget {
  workspaceId: number;
  entityType: string;
  entityId: string;
}

export interface AttachedFile {
  filename: string;
  body: Buffer;
  /** The folder it is filed in, e.g. `tasks/<task id>`. */
  directory: string;
  clientExternalId?: string;
}

/** What `readFiles` reads: the attachments of these MIME types, each up to `maxBytes`, the first `maxFiles` of them. */
export interface AttachmentFileRequest {
  mimeTypes: readonly string[];
  maxBytes: number;
  maxFiles: number;
}

/**
 * An attached file as a server-side reader gets it. `body` is null when it was not read: larger than `maxBytes`
 * (`too-large`), after the first `maxFiles` (`beyond-count`), or missing from storage (`unavailable`).
 */
export type AttachmentFile = { filename: string; mimeType: string; size: number } & (
  { body: Buffer } | { body: null; notRead: 'too-large' | 'beyond-count' | 'unavailable' }
);

/**
 * Links documents of a workspace to records of other plugins. The caller has already checked that the member may
 * see and change its own record; this service checks only that the document belongs to the same workspace
 * (404 'Document not found' otherwise).
 */
export interface AttachmentService {
  /** Linking the same document twice answers the existing link, with `linkedNow` false (record no second activity). */
  link(target: AttachmentTarget, documentId: string, actorUserId: number | null): Promise<{ attachment: AttachmentView; linkedNow: boolean }>;
  /**
   * Oldest first. With `reader`, only the documents that member may open (a CLIENT member: those of their clients'
   * folders or assigned to their clients), so a record never names a file its reader cannot download.
   */
  list(target: AttachmentTarget, reader?: ClientDirectoryMember): Promise<AttachmentView[]>;
  /** 404 'Attachment not found' when the link is not on this entity. The document itself stays. */
  unlink(target: AttachmentTarget, attachmentId: string): Promise<void>;
  /**
   * Stores a file the server has (a demo file, a PDF fetched from a portal) as a document of `file.directory`, counted
   * against the workspace's storage as an upload is (413 when it does not fit), and links it.
   */
  attachFile(target: AttachmentTarget, file: AttachedFile, actor: { membership: Membership; user: Pick<SessionUser, 'id'> }): Promise<AttachmentView>;
  /**
   * The files attached to an entity, oldest first, of the requested types, for a reader on the server (e.g. the text of
   * a notice's PDFs). The caller has checked that the member may see the entity.
   */
  readFiles(target: AttachmentTarget, request: AttachmentFileRequest): Promise<AttachmentFile[]>;
  /** For an entity being deleted: removes all its links and answers how many there were; within `trx` when given. */
  unlinkAll(target: AttachmentTarget, trx?: Knex.Transaction): Promise<number>;
}

/** What another plugin passes to the `EntityAttachments` export (`usePluginExport('documents', 'EntityAttachments')`). */
export interface EntityAttachmentsProps {
  workspaceId: string;
  /** Under `api/v1`, e.g. `tasks/{id}/attachments`: GET lists, POST `{ documentId }` links, DELETE `/{attachmentId}` unlinks. */
  attachmentsPath: string;
  /** The documents folder uploads go to, e.g. `tasks/{id}`. */
  directory: string;
  /** Uploads are assigned to this client, the record's. */
  clientId?: string | null;
  canChange: boolean;
  /** The upload dialog's description, e.g. 'Upload files to attach to this task.' */
  dialogDescription: string;
  /** What the record is called in messages, e.g. 'task' ('Failed to create task attachment') or 'notice'. */
  entityLabel?: string;
  /** After a file is attached or removed, e.g. to refresh the record's activity log. */
  onChange?: () => void;
}
