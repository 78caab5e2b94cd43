/** Pages read of one PDF: a notice runs to a few pages; annexures beyond this add length, not meaning. */
export const MAX_PDF_PAGES = 30;

export type PdfText =
  | { text: string }
  /** `password`: protected, and no password given or the one given is wrong; `invalid`: not a PDF it can read. */
  | { unreadable: 'password' | 'invalid' };

export interface PdfTextRequest {
  bytes: Uint8Array<ArrayBuffer>;
  passwords: readonly string[];
}

/** What the worker says: once, that it has loaded and listens; then the text of each file, in the order asked. */
export type PdfWorkerMessage = PdfText | { ready: true };

export const WORKER_READY: PdfWorkerMessage = { ready: true };
