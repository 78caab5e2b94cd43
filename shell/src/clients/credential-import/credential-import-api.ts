import { useQuery } from '@tanstack/react-query';
import { api, apiV1, appPath } from '@axal/web-sdk';
import type { CredentialImportRow, CredentialImportView } from '../../../../core/clients/credential-import-rows';
import { clientsKey } from '../clients-api';
import type { RowIssue } from './validate-rows';

const IMPORT_PATH = '/api/v1/clients/credentials/import';
const PROGRESS_POLL_MS = 1000;
export const IMPORT_FAILED = 'Import Failed';

/** A refused import: the server's text and, when it checked the rows, its problems per row. */
export class CredentialImportError extends Error {
  constructor(
    message: string,
    readonly rowErrors: RowIssue[],
  ) {
    super(message);
    this.name = 'CredentialImportError';
  }
}

/** Not through apiV1: its ApiError keeps only `error` and `details`, and a refused import lists its rows in `rowErrors`. */
export async function startCredentialImport(workspaceId: string, rows: CredentialImportRow[]): Promise<{ importId: string; total: number }> {
  const { csrfToken } = await api<{ csrfToken: string }>('/auth/csrf');
  const response = await fetch(appPath(IMPORT_PATH), {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken },
    body: JSON.stringify({ workspaceId, rows }),
    credentials: 'same-origin',
  });
  const payload = (await response.json().catch(() => ({}))) as { importId?: string; total?: number; error?: string; rowErrors?: RowIssue[] };
  if (!response.ok || !payload.importId)
    throw new CredentialImportError(payload.error ?? 'The import could not be started.', payload.rowErrors ?? []);
  return { importId: payload.importId, total: payload.total ?? rows.length };
}

export const isImportFinished = (view: CredentialImportView | undefined) => view?.status === 'completed' || view?.status === 'failed';

/** The import's state, asked every second until it has completed or failed. */
export function useCredentialImportProgress(workspaceId: string, importId: string | null) {
  return useQuery({
    queryKey: [...clientsKey(workspaceId), 'credential-import', importId],
    queryFn: ({ signal }) => apiV1<CredentialImportView>(`/clients/credentials/import/${importId}`, { query: { workspaceId }, signal }),
    enabled: importId !== null,
    refetchInterval: (query) => (isImportFinished(query.state.data) ? false : PROGRESS_POLL_MS),
  });
}
