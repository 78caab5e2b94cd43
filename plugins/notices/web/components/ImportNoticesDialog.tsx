import { AnchorButton, Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FileInput, FormGroup } from '@blueprintjs/core';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@axal/web-sdk';
import { showToast } from '@axal/web-sdk/ui';
import {
  IMPORT_ROW_ERRORS_SHOWN,
  MAX_IMPORT_BYTES,
  NOTICE_IMPORT_COLUMNS,
  NOTICE_MESSAGES,
  NOTICE_TOASTS,
  type NoticeImportResult,
  type NoticeImportRowError,
} from '../../shared/wire';
import { importTemplateHref, rowErrorsOf, useUploadNotices } from '../import-api';
import '../import-notices.css';

export interface ImportNoticesDialogProps {
  workspaceId: string;
  isOpen: boolean;
  onClose: () => void;
  onImported: () => void;
}

const REQUIRED_COLUMNS = NOTICE_IMPORT_COLUMNS.slice(0, 4).join(', ');
const OPTIONAL_COLUMNS = NOTICE_IMPORT_COLUMNS.slice(4).join(', ');
const ACCEPTED_FILES = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * 'Bulk Import' on the notices list: a CSV or XLSX of the template's columns. The server checks every row first and
 * imports all or none; rows already in the register are skipped and listed here.
 */
export function ImportNoticesDialog({ workspaceId, isOpen, onClose, onImported }: ImportNoticesDialogProps) {
  const upload = useUploadNotices(workspaceId);
  const [file, setFile] = useState<File | null>(null);
  const fileInputId = useId();
  const busy = upload.isPending;
  const tooLarge = file !== null && file.size > MAX_IMPORT_BYTES;
  const duplicatesSkipped = upload.data?.duplicates.length ? upload.data : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || busy || tooLarge) return;
    upload.mutate(file, {
      onSuccess: (result) => {
        void showToast({ message: NOTICE_TOASTS.imported(result.created, result.duplicates.length), intent: 'success' });
        onImported();
        // With duplicates the dialog stays open to say which rows were skipped.
        if (!result.duplicates.length) onClose();
      },
    });
  };

  const reset = () => {
    setFile(null);
    upload.reset();
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onClosed={reset}
      title="Bulk Import"
      icon="import"
      className="notices-import-dialog"
      canEscapeKeyClose={!busy}
      canOutsideClickClose={!busy}
      isCloseButtonShown={!busy}
    >
      <form onSubmit={submit} aria-label="Bulk Import">
        <DialogBody>
          <p>Upload a CSV or XLSX file with one notice per row. Every row is checked first: if any row has an error, nothing is imported.</p>
          <p className={Classes.TEXT_MUTED}>
            Required columns: {REQUIRED_COLUMNS}. Optional: {OPTIONAL_COLUMNS}. Dates such as 31/03/2026 or 2026-03-31; amounts in rupees such as
            1,25,000.50.
          </p>
          {/* A download is a link, though it looks like a button (Blueprint's default role). */}
          <AnchorButton
            role="link"
            className="notices-import__template"
            icon="download"
            text="Download template"
            href={importTemplateHref(workspaceId)}
            download="notices-import-template.csv"
          />
          <FormGroup label="Notice file (CSV or XLSX)" labelFor={fileInputId} className="notices-import__file">
            <FileInput
              fill
              text={file?.name ?? 'Choose a file...'}
              hasSelection={file !== null}
              buttonText="Browse"
              disabled={busy}
              inputProps={{ id: fileInputId, accept: ACCEPTED_FILES }}
              onInputChange={(event) => {
                setFile(event.currentTarget.files?.[0] ?? null);
                upload.reset();
              }}
            />
          </FormGroup>
          {tooLarge && <Problem message={NOTICE_MESSAGES.importTooLarge} />}
          {upload.error && <Failure error={upload.error} />}
          {duplicatesSkipped && <DuplicateSummary result={duplicatesSkipped} />}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={duplicatesSkipped ? 'Done' : 'Cancel'} onClick={onClose} disabled={busy} />
              <Button
                type="submit"
                intent="primary"
                text={busy ? 'Uploading...' : 'Upload'}
                disabled={!file || busy || tooLarge || upload.isSuccess}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <Callout intent="danger" icon="error" className="notices-import__outcome" role="alert">
      {message}
    </Callout>
  );
}

function Failure({ error }: { error: Error }) {
  const rows = rowErrorsOf(error);
  if (!rows.length) return <Problem message={error instanceof ApiError ? error.message : NOTICE_TOASTS.importFailed} />;
  const hidden = rows.length - IMPORT_ROW_ERRORS_SHOWN;
  return (
    <Callout intent="danger" icon="error" title={NOTICE_MESSAGES.importValidationFailed} className="notices-import__outcome" role="alert">
      <p>Nothing was imported. Fix these rows and upload the file again.</p>
      <ul className="notices-import__rows" aria-label="Row errors">
        {rows.slice(0, IMPORT_ROW_ERRORS_SHOWN).map((rowError: NoticeImportRowError) => (
          <li key={rowError.row}>
            <strong>Row {rowError.row}:</strong> {rowError.errors.join('; ')}
          </li>
        ))}
      </ul>
      {hidden > 0 && <p>and {hidden} more errors</p>}
    </Callout>
  );
}

function DuplicateSummary({ result }: { result: NoticeImportResult }) {
  const { created, duplicates } = result;
  return (
    <Callout
      intent="warning"
      icon="duplicate"
      title={NOTICE_TOASTS.imported(created, duplicates.length)}
      className="notices-import__outcome"
      role="status"
    >
      <p>These rows name a reference the client already has, so they were skipped:</p>
      <ul className="notices-import__rows" aria-label="Skipped duplicates">
        {duplicates.slice(0, IMPORT_ROW_ERRORS_SHOWN).map((duplicate) => (
          <li key={duplicate.row}>
            <strong>Row {duplicate.row}:</strong> {duplicate.reference} ({duplicate.clientPan})
          </li>
        ))}
      </ul>
      {duplicates.length > IMPORT_ROW_ERRORS_SHOWN && <p>and {duplicates.length - IMPORT_ROW_ERRORS_SHOWN} more duplicates</p>}
    </Callout>
  );
}
