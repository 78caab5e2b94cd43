import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiV1 } from '@axal/web-sdk';
import { showToast } from '@axal/web-sdk/ui';
import {
  DEFAULT_MAX_FILE_SIZE,
  DOCUMENTS_ROUTES,
  isAcceptedFileName,
  MESSAGES,
  mimeTypeOf,
  type CreateDocumentResponse,
  type PresignResponse,
  type StorageInfo,
} from '../shared/wire';
import { useInvalidateDocuments } from './api';
import { uploadToBlob } from './blob-upload';

export type UploadStatus = 'pending' | 'uploading' | 'metadata' | 'success' | 'error';

/** Spec 3 "Upload queue item". */
export interface UploadItem {
  id: string;
  file: File;
  name: string;
  size: number;
  progress: number;
  status: UploadStatus;
  error?: string;
  clientId?: string;
}

const PRESIGN_FAILED = 'Failed to get upload URL';
const INVALID_DOCUMENT_RESPONSE = 'Invalid document response from server';
const STORAGE_UNAVAILABLE = 'Storage information not available';

/** Why a selection cannot be queued (all of it is refused), or null. */
export function selectionProblem(files: File[], queued: UploadItem[], storage: StorageInfo | undefined): string | null {
  if (!storage) return STORAGE_UNAVAILABLE;
  const invalidNames = files.filter((file) => !isAcceptedFileName(file.name)).map((file) => file.name);
  if (invalidNames.length > 0) return MESSAGES.invalidFileTypes(invalidNames);
  const maxFileSize = storage.maxFileSize || DEFAULT_MAX_FILE_SIZE;
  const tooLarge = files.find((file) => file.size > maxFileSize);
  if (tooLarge) return MESSAGES.fileTooLarge(tooLarge.name, maxFileSize);
  const waiting = queued.filter((item) => item.status === 'pending').reduce((total, item) => total + item.size, 0);
  const required = waiting + files.reduce((total, file) => total + file.size, 0);
  if (required > storage.remainingStorage) return MESSAGES.notEnoughStorage(required, storage.remainingStorage);
  return null;
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

interface UploadTarget {
  workspaceId: string;
  directory: string;
  /** Run on each registered document before its file counts as uploaded, e.g. linking it as an attachment. */
  afterRegister?: (documentId: string, signal: AbortSignal) => Promise<void>;
}

/**
 * The upload dialog's queue. Each file goes presign -> PUT straight to storage (with progress) -> register (->
 * `afterRegister`), one file at a time; a failure is recorded on its file and the next one goes on.
 */
export function useUploadQueue({ workspaceId, directory, afterRegister }: UploadTarget) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [isUploading, setUploading] = useState(false);
  const invalidateDocuments = useInvalidateDocuments(workspaceId);
  const abort = useRef<AbortController | null>(null);
  const nextId = useRef(0);

  useEffect(() => () => abort.current?.abort(), []);

  const update = (id: string, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const add = useCallback((files: File[], clientId?: string) => {
    setItems((current) => [
      ...current,
      ...files.map((file): UploadItem => {
        nextId.current += 1;
        return { id: `upload-${nextId.current}`, file, name: file.name, size: file.size, progress: 0, status: 'pending', clientId };
      }),
    ]);
  }, []);

  const remove = useCallback((id: string) => setItems((current) => current.filter((item) => item.id !== id || item.status !== 'pending')), []);
  const reset = useCallback(() => setItems([]), []);

  const uploadOne = async (item: UploadItem, signal: AbortSignal): Promise<void> => {
    const mimeType = mimeTypeOf(item.name);
    update(item.id, { status: 'uploading', progress: 0, error: undefined });
    let presigned: PresignResponse;
    try {
      presigned = await apiV1<PresignResponse>(`/${DOCUMENTS_ROUTES.presign}`, {
        query: { workspaceId, filename: item.name, directory, size: item.size, mimeType, clientId: item.clientId },
        signal,
      });
    } catch (error) {
      throw new Error(error instanceof ApiError ? error.message : PRESIGN_FAILED);
    }
    await uploadToBlob({
      url: presigned.url,
      file: item.file,
      contentType: mimeType,
      onProgress: (progress) => update(item.id, { progress }),
      signal,
    });
    update(item.id, { status: 'metadata', progress: 100 });
    const created = await apiV1<CreateDocumentResponse>(`/${DOCUMENTS_ROUTES.create}`, {
      method: 'POST',
      body: {
        workspaceExternalId: workspaceId,
        fileKey: presigned.fileKey,
        filename: item.name,
        clientExternalId: item.clientId,
        mimeType,
        size: item.size,
        directory,
      },
      signal,
    });
    if (!created?.document?.id) throw new Error(INVALID_DOCUMENT_RESPONSE);
    await afterRegister?.(created.document.id, signal);
    update(item.id, { status: 'success' });
  };

  const start = async () => {
    const pending = items.filter((item) => item.status === 'pending');
    if (pending.length === 0 || isUploading) return;
    const controller = new AbortController();
    abort.current = controller;
    setUploading(true);
    let succeeded = 0;
    let failed = 0;
    for (const item of pending) {
      try {
        await uploadOne(item, controller.signal);
        succeeded += 1;
      } catch (error) {
        if (controller.signal.aborted) return;
        failed += 1;
        update(item.id, { status: 'error', error: messageOf(error, 'Upload failed') });
        void showToast({ title: 'Upload Failed', message: `Failed to upload ${item.name}`, intent: 'danger' });
      }
    }
    setUploading(false);
    abort.current = null;
    const summary = `Successfully uploaded ${succeeded} file(s)${failed > 0 ? `, ${failed} failed` : ''}`;
    void showToast({ title: 'Upload Complete', message: summary, intent: failed > 0 ? 'warning' : 'success' });
    if (succeeded > 0) void invalidateDocuments();
  };

  return { items, isUploading, add, remove, reset, start };
}
