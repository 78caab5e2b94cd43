import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, Icon, ProgressBar } from '@blueprintjs/core';
import { useId, useState, type DragEvent } from 'react';
import { formatFileSize, usePermission } from '@axal/web-sdk';
import { showToast } from '@axal/web-sdk/ui';
import { ACCEPT_ATTRIBUTE, MESSAGES, type StorageInfo } from '../../shared/wire';
import { useStorageInfo } from '../api';
import { selectionProblem, useUploadQueue, type UploadItem } from '../use-upload-queue';
import { FolderPicker } from './FolderPicker';
import { StorageBar } from './StorageBar';
import { UpgradeStorageButton } from './UpgradeStorage';

const PROCESSING_FAILED = 'Failed to process files. Please try again.';
const CANNOT_UPLOAD = 'Cannot upload files';

/** Uploads that become attachments of a record (spec 2 section 2.7): they stay in the dialog's folder, with no folder picker. */
export interface AttachmentUpload {
  title: string;
  description: string;
  /** Links a registered document to the record; its failure is the file's error. */
  link: (documentId: string, signal: AbortSignal) => Promise<void>;
}

interface UploadDialogProps {
  workspaceId: string;
  isOpen: boolean;
  onClose: () => void;
  /** The folder the dialog starts on. */
  initialDirectory: string;
  /** Uploads from a client's page are assigned to that client. */
  clientId?: string;
  attachment?: AttachmentUpload;
}

const SUPPORTED_FORMATS = 'PDF, Word, Excel, PowerPoint, images, text, CSV, Markdown, ZIP, JSON or XML';

/** Drag-and-drop or chosen files, checked against type, size and quota, then uploaded one at a time with progress. */
export function UploadDialog({ workspaceId, isOpen, onClose, initialDirectory, clientId, attachment }: UploadDialogProps) {
  const [directory, setDirectory] = useState(initialDirectory);
  const [problem, setProblem] = useState<string | null>(null);
  const [isDragging, setDragging] = useState(false);
  const descriptionId = useId();
  const dropZoneTitleId = useId();
  const storage = useStorageInfo(workspaceId, isOpen);
  const queue = useUploadQueue({ workspaceId, directory, afterRegister: attachment?.link });
  const canCreateFolders = usePermission('upload');

  const storageFull = storage.data ? storage.data.usedStorage >= storage.data.storageLimit : false;

  const accept = (files: File[]) => {
    if (files.length === 0) return;
    try {
      const refusal = storageFull ? MESSAGES.storageLimitReached : selectionProblem(files, queue.items, storage.data);
      setProblem(refusal);
      if (refusal && storage.data && exceedsLimit(files, queue.items, storage.data)) {
        void showToast({ title: MESSAGES.storageLimitReached, message: MESSAGES.upgradePlan, intent: 'warning' });
      }
      if (!refusal) queue.add(files, clientId);
    } catch {
      setProblem(PROCESSING_FAILED);
    }
  };

  const handleDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!queue.isUploading) accept(Array.from(event.dataTransfer.files));
  };

  const reset = () => {
    queue.reset();
    setProblem(null);
    setDirectory(initialDirectory);
  };

  const pendingCount = queue.items.filter((item) => item.status === 'pending').length;
  const busy = queue.isUploading;
  return (
    <Dialog
      isOpen={isOpen}
      onOpening={() => setDirectory(initialDirectory)}
      onClose={onClose}
      onClosed={reset}
      title={attachment?.title ?? 'Upload Documents'}
      aria-describedby={attachment ? descriptionId : undefined}
      icon="cloud-upload"
      className="documents-upload-dialog"
      canEscapeKeyClose={!busy}
      canOutsideClickClose={!busy}
      // The footer's Close is the one close button, disabled while a file uploads.
      isCloseButtonShown={false}
    >
      <DialogBody>
        {attachment && <p id={descriptionId}>{attachment.description}</p>}
        {storage.data ? (
          <StorageBar storage={storage.data} />
        ) : (
          <p className={Classes.TEXT_MUTED} role="status">
            {storage.isPending ? 'Loading storage information...' : 'Storage information not available'}
          </p>
        )}
        {storageFull && (
          <Callout intent="warning" title={MESSAGES.storageLimitReached} className="documents-upload__notice">
            {MESSAGES.upgradePlan} <UpgradeStorageButton workspaceId={workspaceId} />
          </Callout>
        )}
        {problem && (
          <Callout intent="danger" title="Upload Error" role="alert" className="documents-upload__notice">
            {problem === MESSAGES.storageLimitReached ? `${CANNOT_UPLOAD}: ${MESSAGES.upgradePlan}` : problem}
          </Callout>
        )}
        <label
          className={`documents-dropzone${isDragging ? ' documents-dropzone--active' : ''}${busy || storage.isPending ? ' documents-dropzone--busy' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={handleDrop}
        >
          <input
            type="file"
            multiple
            accept={ACCEPT_ATTRIBUTE}
            // Files are checked against the storage information, so choosing waits until it has loaded (or failed).
            disabled={busy || storage.isPending}
            // Named by the words the user sees on the drop zone (WCAG 2.5.3, label in name).
            aria-labelledby={dropZoneTitleId}
            className="documents-dropzone__input"
            onChange={(event) => {
              accept(Array.from(event.currentTarget.files ?? []));
              // The same file can be chosen again after it was removed from the queue.
              event.currentTarget.value = '';
            }}
          />
          <Icon icon="cloud-upload" size={16} svgProps={{ style: { width: 32, height: 32 } }} aria-hidden="true" />
          <span id={dropZoneTitleId} className="documents-dropzone__title">
            {attachment ? 'Click to upload or drag and drop' : 'Drag and drop files here, or click to choose'}
          </span>
          <span className={Classes.TEXT_MUTED}>
            {attachment ? `Supported formats: ${SUPPORTED_FORMATS}` : SUPPORTED_FORMATS}
            {storage.data ? `, up to ${formatFileSize(storage.data.maxFileSize)} each` : ''}
          </span>
        </label>
        {queue.items.length > 0 && <UploadList items={queue.items} onRemove={busy ? undefined : queue.remove} />}
        {!attachment && (
          <FolderPicker
            workspaceId={workspaceId}
            clientId={clientId}
            value={directory}
            onChange={setDirectory}
            canCreate={canCreateFolders && !busy}
          />
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Close" onClick={onClose} disabled={busy} />
            <Button
              intent="primary"
              icon="upload"
              text={busy ? 'Uploading...' : pendingCount > 0 ? `Upload ${pendingCount} file(s)` : 'Upload'}
              disabled={busy || pendingCount === 0}
              onClick={() => void queue.start()}
            />
          </>
        }
      />
    </Dialog>
  );
}

/** Used plus queued plus new above the limit: the case the spec reports as 'Storage Limit Reached'. */
function exceedsLimit(files: File[], queued: UploadItem[], storage: StorageInfo): boolean {
  const queuedBytes = queued.filter((item) => item.status === 'pending').reduce((total, item) => total + item.size, 0);
  const newBytes = files.reduce((total, file) => total + file.size, 0);
  return storage.usedStorage + queuedBytes + newBytes > storage.storageLimit;
}

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  pending: 'Waiting',
  uploading: 'Uploading',
  metadata: 'Saving metadata...',
  success: 'Uploaded',
  error: 'Failed',
};

/** `onRemove` is left out while uploading: the running batch has already taken its files. */
function UploadList({ items, onRemove }: { items: UploadItem[]; onRemove?: (id: string) => void }) {
  return (
    <ul className="documents-upload-list" aria-label="Files to upload">
      {items.map((item) => (
        <li key={item.id} className="documents-upload-item">
          <div className="documents-upload-item__head">
            <span className="documents-upload-item__name">{item.name}</span>
            <span className={Classes.TEXT_MUTED}>{formatFileSize(item.size)}</span>
            <UploadStatusText item={item} />
            {item.status === 'pending' && onRemove && (
              <Button variant="minimal" size="small" icon="cross" aria-label={`Remove ${item.name}`} onClick={() => onRemove(item.id)} />
            )}
          </div>
          {(item.status === 'uploading' || item.status === 'metadata') && (
            <ProgressBar
              value={item.progress / 100}
              intent="primary"
              animate={item.status === 'metadata'}
              stripes={item.status === 'metadata'}
              aria-label={`Uploading ${item.name}`}
            />
          )}
          {item.status === 'error' && (
            <p className="documents-upload-item__error" role="alert">
              {item.error}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function UploadStatusText({ item }: { item: UploadItem }) {
  const icon = item.status === 'success' ? 'tick-circle' : item.status === 'error' ? 'error' : null;
  const intent = item.status === 'success' ? 'success' : item.status === 'error' ? 'danger' : 'none';
  return (
    <span className={`documents-upload-item__status documents-upload-item__status--${intent}`} data-status={item.status}>
      {icon && <Icon icon={icon} size={14} aria-hidden="true" />}
      {item.status === 'uploading' ? `${STATUS_TEXT.uploading} ${item.progress}%` : STATUS_TEXT[item.status]}
    </span>
  );
}
