import { parentPort } from 'node:worker_threads';
import { PasswordException, PDFParse } from 'pdf-parse';
import { MAX_PDF_PAGES, WORKER_READY, type PdfText, type PdfTextRequest } from './pdf-text-protocol';

async function readPdfText({ bytes, passwords }: PdfTextRequest): Promise<PdfText> {
  for (const password of [undefined, ...passwords]) {
    // pdf.js takes ownership of the bytes it is given, so each attempt gets its own copy.
    const parser = new PDFParse({ data: bytes.slice(), password, verbosity: 0 });
    try {
      const { text } = await parser.getText({ first: MAX_PDF_PAGES, pageJoiner: '' });
      return { text: text.replace(/\n{3,}/g, '\n\n').trim() };
    } catch (error) {
      if (!(error instanceof PasswordException)) return { unreadable: 'invalid' };
    } finally {
      await parser.destroy();
    }
  }
  return { unreadable: 'password' };
}

parentPort?.on('message', (request: PdfTextRequest) => {
  void readPdfText(request).then((result) => parentPort?.postMessage(result));
});
parentPort?.postMessage(WORKER_READY);
