import { AnchorButton, Button, Classes, Section, SectionCard } from '@blueprintjs/core';
import { useCallback, useMemo, useState, type HTMLAttributes } from 'react';
import { formatFileSize, formatIndianDateTime } from '@axal/web-sdk';
import { ConfirmAlert, ErrorState, LoadingState, showErrorToast, showToast } from '@axal/web-sdk/ui';
import { linkAttachment, useAttachments, useRemoveAttachment, type AttachmentView } from '../api';
import { attachmentLinkFailedMessage } from '../attachment-messages';
import { BreakableName } from './BreakableName';
import { UploadDialog, type AttachmentUpload } from './UploadDialog';
import type { EntityAttachmentsProps } from '../../server/tokens';
import '../documents.css';

function SectionHeading(props: HTMLAttributes<HTMLElement>) {
  return <h2 {...props} />;
}

/** The Attachments card of a record's page (spec 2 section 2.7): its files, uploading more, downloading, removing. */
export function EntityAttachments({
  workspaceId,
  attachmentsPath,
  directory,
  clientId,
  canChange,
  dialogDescription,
  entityLabel = 'task',
  onChange,
}: EntityAttachmentsProps) {
  const attachments = useAttachments(workspaceId, attachmentsPath);
  const [isUploadOpen, setUploadOpen] = useState(false);
  const [toRemove, setToRemove] = useState<AttachmentView | null>(null);

  const link = useCallback(
    async (documentId: string, signal: AbortSignal) => {
      try {
        await linkAttachment(workspaceId, attachmentsPath, documentId, signal);
      } catch {
        throw new Error(attachmentLinkFailedMessage(entityLabel));
      }
      onChange?.();
    },
    [workspaceId, attachmentsPath, entityLabel, onChange],
  );
  const upload = useMemo<AttachmentUpload>(() => ({ title: 'Upload Attachments', description: dialogDescription, link }), [dialogDescription, link]);

  return (
    <Section
      className="documents-attachments"
      title="Attachments"
      titleRenderer={SectionHeading}
      rightElement={canChange ? <Button icon="cloud-upload" text="Upload" onClick={() => setUploadOpen(true)} /> : undefined}
    >
      <SectionCard>
        {attachments.isPending ? (
          <LoadingState label="Loading attachments..." />
        ) : attachments.error ? (
          <ErrorState title="Failed to fetch attachments" message="The attachments could not be loaded." onRetry={() => void attachments.refetch()} />
        ) : attachments.data.length === 0 ? (
          <p className={`documents-attachments__empty ${Classes.TEXT_MUTED}`}>No attachments yet.</p>
        ) : (
          <ul className="documents-attachments__list" aria-label="Attachments">
            {attachments.data.map((attachment) => (
              <AttachmentRow key={attachment.id} attachment={attachment} onRemove={canChange ? setToRemove : undefined} />
            ))}
          </ul>
        )}
      </SectionCard>
      {canChange && (
        <>
          <UploadDialog
            workspaceId={workspaceId}
            clientId={clientId ?? undefined}
            isOpen={isUploadOpen}
            onClose={() => setUploadOpen(false)}
            initialDirectory={directory}
            attachment={upload}
          />
          <RemoveAttachmentAlert
            workspaceId={workspaceId}
            attachmentsPath={attachmentsPath}
            entityLabel={entityLabel}
            attachment={toRemove}
            onClose={() => setToRemove(null)}
            onRemoved={onChange}
          />
        </>
      )}
    </Section>
  );
}

function AttachmentRow({ attachment, onRemove }: { attachment: AttachmentView; onRemove?: (attachment: AttachmentView) => void }) {
  const { filename, size, createdAt, downloadUrl } = attachment.document;
  return (
    <li className="documents-attachments__item">
      <div className="documents-attachments__text">
        <span className="documents-attachments__name">
          <BreakableName name={filename} />
        </span>
        <span className={Classes.TEXT_MUTED}>
          {formatFileSize(size)} · {formatIndianDateTime(createdAt)}
        </span>
      </div>
      <div className="documents-attachments__actions">
        <AnchorButton
          variant="minimal"
          icon="download"
          href={downloadUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Download ${filename}`}
          title="Download"
        />
        {onRemove && (
          <Button
            variant="minimal"
            intent="danger"
            icon="trash"
            aria-label={`Remove ${filename}`}
            title="Remove"
            onClick={() => onRemove(attachment)}
          />
        )}
      </div>
    </li>
  );
}

interface RemoveAttachmentAlertProps {
  workspaceId: string;
  attachmentsPath: string;
  entityLabel: string;
  attachment: AttachmentView | null;
  onClose: () => void;
  onRemoved?: () => void;
}

/** Removing unlinks the file from the record; the document itself stays in Documents. */
function RemoveAttachmentAlert({ workspaceId, attachmentsPath, entityLabel, attachment, onClose, onRemoved }: RemoveAttachmentAlertProps) {
  const remove = useRemoveAttachment(workspaceId, attachmentsPath);

  const confirm = () => {
    if (!attachment || remove.isPending) return;
    remove.mutate(attachment.id, {
      onSuccess: () => {
        void showToast({ message: 'Attachment removed', intent: 'success' });
        onRemoved?.();
      },
      onError: (error) => void showErrorToast(error, 'Failed to remove attachment'),
      onSettled: onClose,
    });
  };

  return (
    <ConfirmAlert
      title="Remove attachment?"
      isOpen={attachment !== null}
      intent="danger"
      icon="trash"
      cancelButtonText="Cancel"
      confirmButtonText={remove.isPending ? 'Removing...' : 'Remove'}
      loading={remove.isPending}
      canEscapeKeyCancel={!remove.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    >
      <p>
        Remove <strong>{attachment?.document.filename}</strong> from this {entityLabel}? The file stays in Documents.
      </p>
    </ConfirmAlert>
  );
}
