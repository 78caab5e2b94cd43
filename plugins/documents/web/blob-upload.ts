/** Upload failures carry the spec's wording: "Upload failed with status N", or "Upload failed" without an answer. */
export class BlobUploadError extends Error {
  override name = 'BlobUploadError';
}

/** Blob Storage answers 201 Created to a Put Blob; 200 is accepted as well, as other stores answer it. */
const UPLOAD_OK = new Set([200, 201]);

export interface BlobUploadOptions {
  url: string;
  file: Blob;
  contentType: string;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends the file's bytes straight to Blob Storage through a short-lived signed address, never through the app
 * server. XMLHttpRequest rather than fetch, because only it reports upload progress.
 */
export function uploadToBlob({ url, file, contentType, onProgress, signal }: BlobUploadOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('x-ms-blob-type', 'BlockBlob');
    request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (UPLOAD_OK.has(request.status)) {
        onProgress(100);
        resolve();
      } else reject(new BlobUploadError(`Upload failed with status ${request.status}`));
    };
    request.onerror = () => reject(new BlobUploadError('Upload failed'));
    request.onabort = () => reject(new BlobUploadError('Upload failed'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
