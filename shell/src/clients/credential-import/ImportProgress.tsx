import { Callout, HTMLTable, ProgressBar } from '@blueprintjs/core';
import { ErrorState } from '@axal/web-sdk/ui';
import { countOutcomes, WAITING_FOR_WORKER_MESSAGE, type CredentialImportOutcome } from '../../../../core/clients/credential-import-rows';
import { isImportFinished, useCredentialImportProgress } from './credential-import-api';

export const IMPORT_STARTED = 'Import started — processing will start shortly';

const OUTCOME_LABELS: readonly (readonly [CredentialImportOutcome, string])[] = [
  ['created_client', 'New clients created'],
  ['added_credential', 'Credentials added to existing clients'],
  ['updated_credential', 'Credentials updated'],
  ['failed', 'Failed rows'],
];

/** A started import: its progress while the server works through the rows, then what happened to them. */
export function ImportProgress({ workspaceId, importId, total }: { workspaceId: string; importId: string; total: number }) {
  const progress = useCredentialImportProgress(workspaceId, importId);
  const view = progress.data;
  if (progress.error && !view) {
    return (
      <ErrorState
        title="Progress unavailable"
        message="The import's progress could not be loaded; the import itself goes on."
        onRetry={() => void progress.refetch()}
      />
    );
  }
  const completed = view?.completed ?? 0;
  const rowsTotal = view?.total ?? total;
  const finished = isImportFinished(view);
  const results = view?.results ?? [];
  const counts = countOutcomes(results);
  const failedRows = results.filter((result) => result.outcome === 'failed');

  return (
    <section className="credential-import__progress" aria-label="Import progress">
      <Callout intent="primary" icon="time">
        {IMPORT_STARTED}
      </Callout>
      {view?.waitingForWorker && (
        <Callout intent="warning" icon="pause" role="status">
          {WAITING_FOR_WORKER_MESSAGE}
        </Callout>
      )}
      <ProgressBar
        intent={view?.status === 'failed' ? 'danger' : finished ? 'success' : 'primary'}
        stripes={!finished}
        animate={!finished && !view?.waitingForWorker}
        value={rowsTotal === 0 ? 0 : completed / rowsTotal}
        aria-label="Rows processed"
      />
      <p aria-live="polite">
        {view?.status === 'completed' ? 'Import completed: ' : view?.status === 'failed' ? 'Import failed: ' : ''}
        {completed} of {rowsTotal} rows processed
      </p>
      {finished && (
        <HTMLTable compact className="credential-import__counts" aria-label="Import outcome">
          <tbody>
            {OUTCOME_LABELS.map(([outcome, label]) => (
              <tr key={outcome}>
                <th scope="row">{label}</th>
                <td>{counts[outcome]}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {failedRows.length > 0 && (
        // Every failed row, not only the first few: these are the rows to correct and import again.
        <ul className="credential-import__issues" aria-label="Rows that failed">
          {failedRows.map((result) => (
            <li key={result.row}>
              <strong>Row {result.row}</strong> ({result.panNumber}): {result.error ?? 'Could not be imported'}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
