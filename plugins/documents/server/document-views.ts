import { DOCUMENTS_ROUTES, type ClientRef, type DocumentDto, type FileNode } from '../shared/wire';
import type { Document } from './models';

export function downloadUrlOf(basePath: string, workspaceExternalId: string, fileKey: string): string {
  return `${basePath}/api/v1/${DOCUMENTS_ROUTES.download}/${encodeURIComponent(fileKey)}?workspaceId=${workspaceExternalId}`;
}

export const filePathOf = (directory: string, filename: string) => (directory ? `${directory}/${filename}` : filename);

export function documentDtoOf(document: Document, client: ClientRef | null, downloadUrl: string): DocumentDto {
  return {
    id: document.externalId,
    fileKey: document.fileKey,
    name: document.filename,
    type: document.mimeType,
    uploadDate: document.createdAt.toISOString(),
    size: document.size,
    directory: document.directory,
    client,
    downloadUrl,
  };
}

export function fileNodeOf(document: Document, client: ClientRef | null, downloadUrl: string): FileNode {
  return {
    type: 'file',
    name: document.filename,
    path: filePathOf(document.directory, document.filename),
    size: document.size,
    lastModified: document.createdAt.toISOString(),
    fileInfo: { id: document.externalId, fileKey: document.fileKey, mimeType: document.mimeType, downloadUrl, client },
  };
}
