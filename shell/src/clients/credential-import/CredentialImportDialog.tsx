import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FileInput } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { showToast } from '@axal/web-sdk/ui';
import { CREDENTIAL_IMPORT_FIELDS } from '../../../../core/clients/credential-import-rows';
import { clientListsKey, clientsKey, credentialsStatusKey } from '../clients-api';
import { CredentialImportError, IMPORT_FAILED, isImportFinished, startCredentialImport, useCredentialImportProgress } from './credential-import-api';
import { downloadCsvTemplate, downloadExcelTemplate } from './credential-templates';
import { IMPORT_STARTED, ImportProgress } from './ImportProgress';
import { CREDENTIAL_FILE_ACCEPT, CredentialFileError, readCredentialFile } from './read-credential-file';
import { checkCredentialRows, validationNotices, type CredentialRowsCheck, type RowIssue } from './validate-rows';
import { RowIssueList, ValidationSummary } from './ValidationSummary';
import './credential-import.css';

interface CredentialImportDialogProps {
  workspaceId: string;
  isOpen: boolean;
  onClose: () => void;
}

type FileState =
  | { step: 'none' }
  | { step: 'reading'; name: string }
  | { step: 'unreadable'; name: string; error: CredentialFileError }
  | { step: 'checked'; name: string; check: CredentialRowsCheck };

const NO_FILE: FileState = { step: 'none' };

/**
 * "Bulk Import Credentials": the file is read and checked in the browser, its valid rows are sent, and the server
 * imports them in the background while this dialog follows the progress.
 */
export function CredentialImportDialog({ workspaceId, isOpen, onClose }: CredentialImportDialogProps) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<FileState>(NO_FILE);
  const [rowErrors, setRowErrors] = useState<RowIssue[]>([]);
  const [started, setStarted] = useState<{ importId: string; total: number } | null>(null);
  // Only the last file chosen may set the state: reading an earlier one can finish after it.
  const latestRead = useRef(0);

  const start = useMutation({
    mutationFn: (check: Extract<CredentialRowsCheck, { kind: 'checked' }>) => startCredentialImport(workspaceId, check.validRows),
    onSuccess: (result) => {
      setStarted(result);
      void showToast({ message: IMPORT_STARTED, intent: 'success' });
    },
    onError: (error) => {
      setRowErrors(error instanceof CredentialImportError ? error.rowErrors : []);
      if (error instanceof CredentialImportError && error.stepUpDeclined) return;
      void showToast({
        title: IMPORT_FAILED,
        message: error instanceof CredentialImportError ? error.message : 'The import could not be started.',
        intent: 'danger',
      });
    },
  });

  const progress = useCredentialImportProgress(workspaceId, started?.importId ?? null);
  const finishedStatus = isImportFinished(progress.data) ? progress.data?.status : undefined;
  const failureMessage =
    progress.data && progress.data.completed < progress.data.total
      ? 'The import stopped before every row was processed.'
      : 'None of the rows could be imported.';
  useEffect(() => {
    if (!finishedStatus) return;
    if (finishedStatus === 'failed') void showToast({ title: IMPORT_FAILED, message: failureMessage, intent: 'danger' });
    else void showToast({ message: 'Credential import completed', intent: 'success' });
    void queryClient.invalidateQueries({ queryKey: clientListsKey(workspaceId) });
    void queryClient.invalidateQueries({ queryKey: credentialsStatusKey(workspaceId) });
    void queryClient.invalidateQueries({ queryKey: [...clientsKey(workspaceId), 'detail'] });
  }, [finishedStatus, failureMessage, queryClient, workspaceId]);

  const chooseFile = async (chosen: File | undefined) => {
    const read = ++latestRead.current;
    setRowErrors([]);
    start.reset();
    setFile(chosen ? { step: 'reading', name: chosen.name } : NO_FILE);
    let next: FileState;
    try {
      const table = await readCredentialFile(chosen);
      next = { step: 'checked', name: chosen?.name ?? '', check: checkCredentialRows(table) };
    } catch (error) {
      // Anything else (the sheet library failing to download, say) still ends the reading, with a general message.
      const fileError = error instanceof CredentialFileError ? error : new CredentialFileError('Validation Failed', 'The file could not be read.');
      next = { step: 'unreadable', name: chosen?.name ?? '', error: fileError };
    }
    if (read !== latestRead.current) return;
    setFile(next);
    const problem =
      next.step === 'unreadable'
        ? { title: next.error.title, message: next.error.message, intent: 'danger' as const }
        : validationNotices(next.check)[0];
    if (problem.intent !== 'success') void showToast({ title: problem.title, message: problem.message, intent: problem.intent });
  };

  const downloadTemplate = async (download: () => void | Promise<void>) => {
    try {
      await download();
      void showToast({ message: 'Template downloaded', intent: 'success' });
    } catch {
      void showToast({ message: 'Download failed', intent: 'danger' });
    }
  };

  const importable = file.step === 'checked' && file.check.kind === 'checked' && file.check.validRows.length > 0 ? file.check : null;
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (importable && !start.isPending) start.mutate(importable);
  };

  // A running import keeps its progress when the dialog is closed, so reopening it shows where it is.
  const isRunning = started !== null && !finishedStatus;
  const reset = () => {
    if (isRunning) return;
    latestRead.current += 1;
    setFile(NO_FILE);
    setRowErrors([]);
    setStarted(null);
    start.reset();
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onClosed={reset}
      title="Bulk Import Credentials"
      icon="key"
      className="credential-import-dialog"
      canEscapeKeyClose={!start.isPending}
      canOutsideClickClose={!start.isPending}
      isCloseButtonShown={!start.isPending}
    >
      <form onSubmit={handleSubmit}>
        <DialogBody>
          {started ? (
            <ImportProgress workspaceId={workspaceId} importId={started.importId} total={started.total} />
          ) : (
            <>
              <p className={Classes.TEXT_MUTED}>
                One portal login per row, with the columns {CREDENTIAL_IMPORT_FIELDS.join(', ')}. Platform is GST or Income Tax. A row whose PAN
                belongs to no client creates the client.
              </p>
              <div className="credential-import__templates">
                <Button icon="download" text="Download CSV template" onClick={() => void downloadTemplate(downloadCsvTemplate)} />
                <Button icon="download" text="Download Excel template" onClick={() => void downloadTemplate(downloadExcelTemplate)} />
              </div>
              <FileInput
                fill
                text={file.step === 'none' ? 'Choose a .csv or .xlsx file...' : file.name}
                hasSelection={file.step !== 'none'}
                buttonText="Browse"
                disabled={start.isPending}
                inputProps={{ accept: CREDENTIAL_FILE_ACCEPT, 'aria-label': 'Credentials file' }}
                onInputChange={(event) => void chooseFile(event.currentTarget.files?.[0])}
              />
              {file.step === 'reading' && <p className={Classes.TEXT_MUTED}>Reading {file.name}...</p>}
              {file.step === 'unreadable' && (
                <Callout intent="danger" title={file.error.title} className="credential-import__notice">
                  {file.error.message}
                </Callout>
              )}
              {file.step === 'checked' && <ValidationSummary check={file.check} />}
              {rowErrors.length > 0 && (
                <Callout intent="danger" title={IMPORT_FAILED} className="credential-import__notice">
                  Nothing was imported. The server refused these rows:
                  <RowIssueList issues={rowErrors} label="Refused rows" />
                </Callout>
              )}
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            started ? (
              <Button intent={isRunning ? 'none' : 'primary'} text={isRunning ? 'Close' : 'Done'} onClick={onClose} />
            ) : (
              <>
                <Button text="Cancel" onClick={onClose} disabled={start.isPending} />
                <Button
                  type="submit"
                  intent="primary"
                  text={
                    start.isPending
                      ? 'Importing...'
                      : importable
                        ? `Import ${importable.validRows.length} ${importable.validRows.length === 1 ? 'row' : 'rows'}`
                        : 'Import'
                  }
                  disabled={!importable || start.isPending}
                />
              </>
            )
          }
        />
      </form>
    </Dialog>
  );
}
