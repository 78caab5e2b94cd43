import type { IconName } from '@blueprintjs/core';
import { extensionOf } from '../shared/wire';

/** Spec 3 section 9: icons by MIME type for images, text, spreadsheets, archives, code, and a default. */
export function fileIconOf(mimeType: string): IconName {
  if (mimeType.startsWith('image/')) return 'media';
  if (/spreadsheet|excel|csv/.test(mimeType)) return 'th';
  if (/zip|compressed|x-tar|gzip|x-7z/.test(mimeType)) return 'compressed';
  if (/javascript|typescript/.test(mimeType)) return 'code';
  if (mimeType.startsWith('text/')) return 'align-left';
  return 'document';
}

/** The Type column: the file's extension in capitals ("PDF", "XLSX"), or "File" without one. */
export function fileTypeLabel(name: string): string {
  const extension = extensionOf(name);
  return extension ? extension.toUpperCase() : 'File';
}

const GIGABYTE = 1024 ** 3;

/** Storage totals are shown in GB (spec 3 section 9). */
export const formatGigabytes = (bytes: number): string => `${(Math.max(bytes, 0) / GIGABYTE).toFixed(2)} GB`;
