import { useQuery } from '@tanstack/react-query';
import { ApiError, apiV1 } from '@axal/web-sdk';
import type { CredentialImportRow, CredentialImportView } from '../../../../core/clients/credential-import-rows';
import { clientsKey } from '../clients-api';
import type { RowIssue } from './validate-rows';

const IMPORT_PATH = '/clients/credentials/import';
const PROGRESS_POLL_MS = 1000;
export const IMPORT_FAILED = 'Import Failed';

/** A refused import: the server's text and, when it checked the rows, its problems per row. */
export class CredentialImportError extends Error {
  constructor(
    message: string,
    readonly rowErrors: RowIssue[],
    /** The user cancelled "Verify Your Identity": nothing was sent, and there is nothing to report. */
    readonly stepUpDeclined = false,
  ) {
    super(message);
    this.name = 'CredentialImportError';
  }
}

/** Sent through apiV1, so an import asks for "Verify Your Identity" when it is due; a refusal lists its rows in `rowErrors`. */
export async function startCredentialImport(workspaceId: string, rows: CredentialImportRow[]): Promise<{ importId: string; total: number }> {
  try {
    return await apiV1<{ importId: string; total: number }>(IMPORT_PATH, {
      method: 'POST',
      // The workspace in the query: the server checks it before it reads a body of several megabytes.
      query: { workspaceId },
      body: { rows },
      stepUp: { reason: 'Enter your account password to import portal credentials.' },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new CredentialImportError(
      error.message,
      Array.isArray(error.body.rowErrors) ? (error.body.rowErrors as RowIssue[]) : [],
      error.stepUpDeclined,
    );
  }
}

export const isImportFinished = (view: CredentialImportView | undefined) => view?.status === 'completed' || view?.status === 'failed';

/** The import's state, asked every second until it has completed or failed. */
export function useCredentialImportProgress(workspaceId: string, importId: string | null) {
  return useQuery({
    queryKey: [...clientsKey(workspaceId), 'credential-import', importId],
    queryFn: ({ signal }) => apiV1<CredentialImportView>(`${IMPORT_PATH}/${importId}`, { query: { workspaceId }, signal }),
    enabled: importId !== null,
    refetchInterval: (query) => (isImportFinished(query.state.data) ? false : PROGRESS_POLL_MS),
  });
}
