import { Alert, AnchorButton, Button, Classes, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { formatFileSize, formatLongDate, usePermission, type ClientSectionProps } from '@axal/web-sdk';
import { LoadingSkeleton, showErrorToast, showToast } from '@axal/web-sdk/ui';
import { MESSAGES, type DocumentDto } from '../../shared/wire';
import { deleteDocuments, useClientDocuments, useInvalidateDocuments } from '../api';
import { fileTypeLabel } from '../file-kinds';
import { ROOT_PATH } from '../folder-paths';
import { DisabledButton } from './DisabledButton';
import { UploadDialog } from './UploadDialog';
import '../documents.css';

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
      {documents.error ? (
        <p className="documents-client-section__state" role="alert">
          The documents could not be loaded.{' '}
          <Button variant="minimal" size="small" icon="refresh" text="Retry" onClick={() => void documents.refetch()} />
        </p>
      ) : documents.isPending ? (
        <LoadingSkeleton rows={3} height={24} />
      ) : documents.data.documents.length === 0 ? (
        <p className={`documents-client-section__state ${Classes.TEXT_MUTED}`}>No documents uploaded yet</p>
      ) : (
        <div className="documents-table-wrapper">
          <HTMLTable className="documents-table" compact aria-label="Client documents">
            <thead>
              <tr>
                {['Document Name', 'Type', 'Upload Date', 'Size', 'Actions'].map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {documents.data.documents.map((document) => (
                <tr key={document.id}>
                  <td className="documents-table__document-name">{document.name}</td>
                  <td className="documents-table__nowrap">{fileTypeLabel(document.name)}</td>
                  <td className="documents-table__nowrap">{formatLongDate(document.uploadDate)}</td>
                  <td className="documents-table__nowrap">{formatFileSize(document.size)}</td>
                  <td className="documents-table__actions">
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
                        onClick={() => setToDelete(document)}
                      />
                    ) : (
                      <DisabledButton variant="minimal" icon="trash" reason={MESSAGES.deleteForbidden} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
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
    <Alert
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
    </Alert>
  );
}
