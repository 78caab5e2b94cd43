import { Worker } from 'node:worker_threads';
import type { PdfText, PdfTextRequest, PdfWorkerMessage } from './pdf-text-protocol';

export type { PdfText } from './pdf-text-protocol';

/** A PDF that takes longer than this to read is treated as unreadable, so no file can hold an analysis up forever. */
const PDF_READ_TIMEOUT_MS = 30_000;
/** Loading pdf.js in a fresh worker is not the file's time: its clock starts when the worker says it is ready. */
const WORKER_START_TIMEOUT_MS = 30_000;

interface PendingRead {
  request: PdfTextRequest;
  resolve: (text: PdfText) => void;
}

/**
 * pdf.js's Node build replaces built-ins of the thread that loads it (Array.prototype.push among them) with slower
 * polyfills, and reading a PDF is CPU work that would stall every request: both stay in one worker thread, started on
 * the first read and reading one PDF at a time. It does not keep the process alive.
 */
export class PdfReader {
  private worker: Worker | null = null;
  private workerReady = false;
  private readonly queue: PendingRead[] = [];
  private reading: { read: PendingRead; timer: NodeJS.Timeout } | null = null;

  /** `workerScript` and `timeoutMs` are for tests, which give it a worker that hangs or crashes. */
  constructor(
    private readonly workerScript = new URL('./pdf-text-worker.ts', import.meta.url),
    private readonly timeoutMs = PDF_READ_TIMEOUT_MS,
  ) {}

  read(request: PdfTextRequest): Promise<PdfText> {
    return new Promise((resolve) => {
      this.queue.push({ request, resolve });
      this.next();
    });
  }

  private next(): void {
    if (this.reading) return;
    const read = this.queue.shift();
    if (!read) {
      this.worker?.unref();
      return;
    }
    const worker = this.startedWorker();
    worker.ref();
    this.reading = { read, timer: this.giveUpAfter(this.workerReady ? this.timeoutMs : WORKER_START_TIMEOUT_MS) };
    worker.postMessage(read.request, [read.request.bytes.buffer]);
  }

  private giveUpAfter(ms: number): NodeJS.Timeout {
    return setTimeout(() => this.finish({ unreadable: 'invalid' }, { restart: true }), ms);
  }

  private onMessage(message: PdfWorkerMessage): void {
    if (!('ready' in message)) {
      this.finish(message, { restart: false });
      return;
    }
    this.workerReady = true;
    if (!this.reading) return;
    clearTimeout(this.reading.timer);
    this.reading.timer = this.giveUpAfter(this.timeoutMs);
  }

  private startedWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.workerScript);
    // A worker given up on (timed out) may still answer or end while it stops: only the current one's words count.
    const isCurrent = () => this.worker === worker;
    worker.on('message', (message: PdfWorkerMessage) => isCurrent() && this.onMessage(message));
    // A crash inside pdf.js fails the file it was reading, not the files after it.
    worker.on('error', () => isCurrent() && this.finish({ unreadable: 'invalid' }, { restart: true }));
    worker.on('exit', () => isCurrent() && this.finish({ unreadable: 'invalid' }, { restart: true }));
    this.worker = worker;
    this.workerReady = false;
    return worker;
  }

  private finish(text: PdfText, { restart }: { restart: boolean }): void {
    if (restart) {
      const worker = this.worker;
      this.worker = null;
      void worker?.terminate();
    }
    if (!this.reading) return;
    clearTimeout(this.reading.timer);
    this.reading.read.resolve(text);
    this.reading = null;
    this.next();
  }
}

const reader = new PdfReader();

/**
 * The text of a PDF's first pages (MAX_PDF_PAGES), pages separated by a blank line; `passwords` are tried in order on a
 * protected one (an Income Tax notice opens with the client's PAN in lower case and date of birth).
 */
export function readPdfText(body: Buffer, passwords: readonly string[] = []): Promise<PdfText> {
  return reader.read({ bytes: new Uint8Array(body), passwords: [...passwords] });
}
