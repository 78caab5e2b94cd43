import { AnchorButton, Button, Classes } from '@blueprintjs/core';
import { useState } from 'react';
import { formatDate, formatFileSize, usePermission, type ClientSectionProps } from '@axal/web-sdk';
import { ConfirmAlert, DataTable, type DataTableColumn, showErrorToast, showToast } from '@axal/web-sdk/ui';
import { MESSAGES, type DocumentDto } from '../../shared/wire';
import { deleteDocuments, useClientDocuments, useInvalidateDocuments } from '../api';
import { fileTypeLabel } from '../file-kinds';
import { ROOT_PATH } from '../folder-paths';
import { BreakableName } from './BreakableName';
import { DisabledButton } from './DisabledButton';
import { UploadDialog } from './UploadDialog';
import '../documents.css';

const SKELETON_ROWS = 3;
const NO_DOCUMENTS: DocumentDto[] = [];
/** Wide enough that a document's name reads as a name at any screen width, not a word per line. */
const NAME_MIN_WIDTH_PX = 160;

/** The "Documents" section of a client's page (spec 1 section 2.9): the documents assigned to the client. */
export function ClientDocumentsSection({ workspaceId, clientId }: ClientSectionProps) {
  const documents = useClientDocuments(workspaceId, clientId);
  const canUpload = usePermission('upload');
  const canDelete = usePermission('delete_documents');
  const [isUploadOpen, setUploadOpen] = useState(false);
  const [toDelete, setToDelete] = useState<DocumentDto | null>(null);

  return (
    <div className="documents-client-section">
      {canUpload && (
        <div className="documents-client-section__actions">
          <Button icon="cloud-upload" text="Upload Document" onClick={() => setUploadOpen(true)} />
        </div>
      )}
      <DataTable
        label="Client documents"
        columns={clientDocumentColumns(canDelete, setToDelete)}
        rows={documents.data?.documents ?? NO_DOCUMENTS}
        rowKey={(document) => document.id}
        rowLabel={(document) => document.name}
        loading={documents.isPending}
        skeletonRows={SKELETON_ROWS}
        error={
          documents.error
            ? { title: 'Failed to load documents', message: 'The documents could not be loaded.', onRetry: () => void documents.refetch() }
            : undefined
        }
        empty={<p className={`documents-client-section__state ${Classes.TEXT_MUTED}`}>No documents uploaded yet</p>}
      />
      {canUpload && (
        <UploadDialog
          workspaceId={workspaceId}
          clientId={clientId}
          isOpen={isUploadOpen}
          onClose={() => setUploadOpen(false)}
          initialDirectory={ROOT_PATH}
        />
      )}
      {canDelete && <DeleteDocumentAlert workspaceId={workspaceId} document={toDelete} onClose={() => setToDelete(null)} />}
    </div>
  );
}

/** Spec 1 section 2.9's columns; on a narrow screen the name stays, the actions longest after it. */
function clientDocumentColumns(canDelete: boolean, onDelete: (document: DocumentDto) => void): DataTableColumn<DocumentDto>[] {
  return [
    {
      id: 'name',
      header: 'Document Name',
      priority: 'primary',
      minWidth: NAME_MIN_WIDTH_PX,
      className: 'documents-table__document-name',
      cell: (document) => <BreakableName name={document.name} />,
    },
    { id: 'type', header: 'Type', priority: 4, nowrap: true, cell: (document) => fileTypeLabel(document.name) },
    { id: 'uploaded', header: 'Upload Date', priority: 2, nowrap: true, cell: (document) => formatDate(document.uploadDate) },
    { id: 'size', header: 'Size', priority: 3, nowrap: true, cell: (document) => formatFileSize(document.size) },
    {
      id: 'actions',
      header: 'Actions',
      priority: 1,
      nowrap: true,
      className: 'documents-table__actions',
      cell: (document) => (
        <>
          <AnchorButton
            variant="minimal"
            icon="download"
            href={document.downloadUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Download ${document.name}`}
            title="Download"
          />
          {canDelete ? (
            <Button
              variant="minimal"
              intent="danger"
              icon="trash"
              aria-label={`Delete ${document.name}`}
              title="Delete"
              onClick={() => onDelete(document)}
            />
          ) : (
            <DisabledButton variant="minimal" icon="trash" reason={MESSAGES.deleteForbidden} />
          )}
        </>
      ),
    },
  ];
}

function DeleteDocumentAlert({ workspaceId, document, onClose }: { workspaceId: string; document: DocumentDto | null; onClose: () => void }) {
  const invalidateDocuments = useInvalidateDocuments(workspaceId);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!document || busy) return;
    setBusy(true);
    try {
      await deleteDocuments(workspaceId, [{ type: 'file', fileInfo: { id: document.id } }]);
      void showToast({ message: 'Document deleted', intent: 'success' });
    } catch (error) {
      void showErrorToast(error, 'Failed to delete document');
    } finally {
      setBusy(false);
      onClose();
      void invalidateDocuments();
    }
  };

  return (
    <ConfirmAlert
      title="Delete document?"
      isOpen={document !== null}
      intent="danger"
      icon="trash"
      cancelButtonText="Cancel"
      confirmButtonText={busy ? 'Deleting...' : 'Delete'}
      loading={busy}
      canEscapeKeyCancel={!busy}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      <p>
        <strong>Are you sure?</strong>
      </p>
      <p>This action cannot be undone. This will permanently delete the document from the system.</p>
    </ConfirmAlert>
  );
}
