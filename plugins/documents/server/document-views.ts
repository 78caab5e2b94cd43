import { DOCUMENTS_ROUTES, type ClientRef, type DocumentDto, type FileNode } from '../shared/wire';

/** The columns every view of a document reads. */
export const DOCUMENT_COLUMNS = ['id', 'external_id', 'file_key', 'filename', 'mime_type', 'size', 'directory', 'client_id', 'created_at'] as const;

export interface DocumentRow {
  id: number;
  external_id: string;
  file_key: string;
  filename: string;
  mime_type: string;
  size: number;
  directory: string;
  client_id: number | null;
  created_at: Date;
}

export function downloadUrlOf(basePath: string, workspaceExternalId: string, fileKey: string): string {
  return `${basePath}/api/v1/${DOCUMENTS_ROUTES.download}/${encodeURIComponent(fileKey)}?workspaceId=${workspaceExternalId}`;
}

export const filePathOf = (directory: string, filename: string) => (directory ? `${directory}/${filename}` : filename);

export function documentDtoOf(row: DocumentRow, client: ClientRef | null, downloadUrl: string): DocumentDto {
  return {
    id: row.external_id,
    fileKey: row.file_key,
    name: row.filename,
    type: row.mime_type,
    uploadDate: row.created_at.toISOString(),
    size: row.size,
    directory: row.directory,
    client,
    downloadUrl,
  };
}

export function fileNodeOf(row: DocumentRow, client: ClientRef | null, downloadUrl: string): FileNode {
  return {
    type: 'file',
    name: row.filename,
    path: filePathOf(row.directory, row.filename),
    size: row.size,
    lastModified: row.created_at.toISOString(),
    fileInfo: { id: row.external_id, fileKey: row.file_key, mimeType: row.mime_type, downloadUrl, client },
  };
}
