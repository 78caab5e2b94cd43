import { api, appPath } from '@axal/web-sdk';

export interface ImportRowError {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  field?: string;
  message: string;
}

export class BulkImportError extends Error {
  constructor(
    message: string,
    readonly rowErrors: ImportRowError[],
  ) {
    super(message);
    this.name = 'BulkImportError';
  }
}

export const BULK_IMPORT_TEMPLATE_PATH = '/templates/bulk-client-import.csv';

/**
 * Sends a bulk client CSV. Not through apiV1: its ApiError keeps only `error` and `details`, and a refused import
 * reports its problems per row in `rowErrors`.
 */
export async function uploadClientsCsv(workspaceId: string, file: File): Promise<{ created: number }> {
  const { csrfToken } = await api<{ csrfToken: string }>('/auth/csrf');
  const body = new FormData();
  body.append('file', file);
  // In the query: the server checks the workspace before it reads the file.
  const response = await fetch(appPath(`/api/v1/clients/bulk-upload?workspaceId=${encodeURIComponent(workspaceId)}`), {
    method: 'POST',
    headers: { Accept: 'application/json', 'X-CSRF-Token': csrfToken },
    body,
    credentials: 'same-origin',
  });
  const payload = (await response.json().catch(() => ({}))) as { created?: number; error?: string; rowErrors?: ImportRowError[] };
  if (!response.ok) throw new BulkImportError(payload.error ?? 'Failed to create clients', payload.rowErrors ?? []);
  return { created: payload.created ?? 0 };
}
