import { AnchorButton, Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FileInput, HTMLTable } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { appPath } from '@axal/web-sdk';
import { showToast } from '@axal/web-sdk/ui';
import { BULK_IMPORT_COLUMNS } from '../../../../core/clients/schemas';
import { clientListsKey } from '../clients-api';
import { BULK_IMPORT_TEMPLATE_PATH, BulkImportError, uploadClientsCsv, type ImportRowError } from './bulk-import-api';

type ImportColumn = (typeof BULK_IMPORT_COLUMNS)[number][0];

const COLUMN_RULES: Record<ImportColumn, string> = {
  'Client Type': 'Required: BUSINESS or INDIVIDUAL',
  Name: 'Required',
  Email: 'Required, unique',
  Phone: 'Required, Indian mobile number',
  'PAN Number': 'Required, unique, ABCDE1234F',
  GSTIN: 'Business: required',
  'Contact Person': 'Business: optional',
  'Business Address': 'Business: required',
  TAN: 'Optional, ABCD12345E',
  Industry: 'Optional',
  'Aadhaar Number': 'Individual: required, 12 digits',
  'Date of Birth': 'Individual: optional, YYYY-MM-DD',
  'Residential Address': 'Individual: required',
  Occupation: 'Individual: optional',
};

const IMPORT_FAILED = 'Failed to create clients';

interface BulkImportDialogProps {
  workspaceId: string;
  isOpen: boolean;
  onClose: () => void;
}

/** "Bulk Import Clients": a CSV of the template's columns; the server creates every row or none. */
export function BulkImportDialog({ workspaceId, isOpen, onClose }: BulkImportDialogProps) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [rowErrors, setRowErrors] = useState<ImportRowError[]>([]);
  const upload = useMutation({
    mutationFn: (chosen: File) => uploadClientsCsv(workspaceId, chosen),
    onSuccess: async ({ created }) => {
      void showToast({
        title: 'Clients created successfully',
        message: `${created} ${created === 1 ? 'client was' : 'clients were'} added.`,
        intent: 'success',
      });
      onClose();
      await queryClient.invalidateQueries({ queryKey: clientListsKey(workspaceId) });
    },
    onError: (error) => {
      setRowErrors(error instanceof BulkImportError ? error.rowErrors : []);
      void showToast({ message: error instanceof BulkImportError ? error.message : IMPORT_FAILED, intent: 'danger' });
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file && !upload.isPending) upload.mutate(file);
  };

  const reset = () => {
    setFile(null);
    setRowErrors([]);
    upload.reset();
  };

  const templateUrl = appPath(BULK_IMPORT_TEMPLATE_PATH);
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onClosed={reset}
      title="Bulk Import Clients"
      icon="import"
      className="bulk-import-dialog"
      canEscapeKeyClose={!upload.isPending}
      canOutsideClickClose={!upload.isPending}
      isCloseButtonShown={!upload.isPending}
    >
      <form onSubmit={handleSubmit}>
        <DialogBody>
          <div className="bulk-import__template">
            <AnchorButton icon="download" text="Download Template" href={templateUrl} download="bulk-client-import.csv" />
            <span className={Classes.TEXT_MUTED}>
              or open it directly: <a href={templateUrl}>{`${window.location.origin}${templateUrl}`}</a>
            </span>
          </div>
          <FileInput
            fill
            text={file?.name ?? 'Choose a CSV file...'}
            hasSelection={file !== null}
            buttonText="Browse"
            disabled={upload.isPending}
            inputProps={{ accept: '.csv,text/csv', 'aria-label': 'CSV file' }}
            onInputChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setRowErrors([]);
            }}
          />
          {rowErrors.length > 0 && <RowErrorList rowErrors={rowErrors} />}
          <details className="bulk-import__guide">
            <summary>CSV format guide</summary>
            <p className={Classes.TEXT_MUTED}>
              The first line names the columns, as in the template; each further line is one client. Either every row is imported or none.
            </p>
            <HTMLTable compact className="bulk-import__columns">
              <thead>
                <tr>
                  <th scope="col">Column</th>
                  <th scope="col">Rule</th>
                </tr>
              </thead>
              <tbody>
                {BULK_IMPORT_COLUMNS.map(([column]) => (
                  <tr key={column}>
                    <td>{column}</td>
                    <td>{COLUMN_RULES[column]}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </details>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={upload.isPending} />
              <Button
                type="submit"
                intent="primary"
                text={upload.isPending ? 'Importing...' : 'Import Clients'}
                disabled={!file || upload.isPending}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

function RowErrorList({ rowErrors }: { rowErrors: ImportRowError[] }) {
  return (
    <Callout intent="danger" icon="error" title="Nothing was imported. Fix these rows and try again:" className="bulk-import__errors">
      <ul aria-label="Row errors">
        {rowErrors.map((rowError, index) => (
          // A row can have several problems, even on one field; the position keeps the keys apart.
          <li key={`${rowError.row}-${index}`}>
            <strong>Row {rowError.row}</strong>
            {rowError.field && ` (${rowError.field})`}: {rowError.message}
          </li>
        ))}
      </ul>
    </Callout>
  );
}
