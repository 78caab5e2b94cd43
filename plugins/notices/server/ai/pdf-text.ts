import { PasswordException, PDFParse } from 'pdf-parse';

/** Pages read of one PDF: a notice runs to a few pages; annexures beyond this add length, not meaning. */
const MAX_PDF_PAGES = 30;

export type PdfText =
  | { text: string }
  /** `password`: protected, and no password given or the one given is wrong; `invalid`: not a PDF it can read. */
  | { unreadable: 'password' | 'invalid' };

/**
 * The text of a PDF's first MAX_PDF_PAGES pages, pages separated by a blank line; `passwords` are tried in order on a
 * protected one (an Income Tax notice opens with the client's PAN in lower case and date of birth).
 */
export async function readPdfText(body: Buffer, passwords: readonly string[] = []): Promise<PdfText> {
  for (const password of [undefined, ...passwords]) {
    // pdf.js takes ownership of the bytes it is given, so each attempt gets its own copy.
    const parser = new PDFParse({ data: new Uint8Array(body), password, verbosity: 0 });
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
