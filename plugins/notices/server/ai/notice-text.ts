import type { ClientDirectory } from '../../../../core/plugin-api';
import type { AttachmentFile, AttachmentService } from '../../../documents/server/tokens';
import { NOTICE_ENTITY } from '../../shared/wire';
import type { Notice } from '../models';
import { readPdfText } from './pdf-text';

/** The text an analysis reads at most: a long notice with its annexures fits, a scanned book does not. */
export const MAX_ANALYSED_CHARS = 60_000;
/** PDF attachments read per notice, oldest first. */
const MAX_PDFS_READ = 5;
/** A larger PDF is a bundle of annexures, not the notice: it is named as not read. */
const MAX_PDF_BYTES = 10 * 1024 * 1024;
const PDF_MIME_TYPE = 'application/pdf';

const NOT_READ_REASONS: Record<Exclude<AttachmentFile, { body: Buffer }>['notRead'], string> = {
  'too-large': `larger than ${MAX_PDF_BYTES / 1024 / 1024} MB`,
  'beyond-count': `only the first ${MAX_PDFS_READ} PDFs are read`,
  unavailable: 'the file is missing from storage',
};

export interface NoticeText {
  /** The description and each readable PDF's text under its file name, cut at MAX_ANALYSED_CHARS. */
  text: string;
  /** The PDFs that gave no text, each with the reason, e.g. 'notice.pdf (password-protected)'. */
  unread: string[];
}

/**
 * What the analysis reads of a notice: its description, then the text of its PDF attachments when `attachments` is
 * given (the documents plugin is on for the workspace). A protected PDF of an Income Tax notice is opened with the
 * department's password rule, the client's PAN in lower case and date of birth as DDMMYYYY, when the client record has
 * both.
 */
export async function noticeTextOf(notice: Notice, attachments: AttachmentService | null, clients: ClientDirectory): Promise<NoticeText> {
  const parts = [notice.description.trim()];
  const unread: string[] = [];
  if (attachments) {
    const files = await attachments.readFiles(
      { workspaceId: notice.workspaceId, entityType: NOTICE_ENTITY, entityId: notice.externalId },
      { mimeTypes: [PDF_MIME_TYPE], maxBytes: MAX_PDF_BYTES, maxFiles: MAX_PDFS_READ },
    );
    const passwords = files.some((file) => file.body) ? await pdfPasswordsOf(notice, clients) : [];
    for (const file of files) {
      if (!file.body) {
        unread.push(`${file.filename} (${NOT_READ_REASONS[file.notRead]})`);
        continue;
      }
      const read = await readPdfText(file.body, passwords);
      if ('unreadable' in read) unread.push(`${file.filename} (${read.unreadable === 'password' ? 'password-protected' : 'not a readable PDF'})`);
      else if (!read.text) unread.push(`${file.filename} (no text in it: a scan?)`);
      else parts.push(`--- ${file.filename} ---\n${read.text}`);
    }
  }
  return { text: parts.filter(Boolean).join('\n\n').slice(0, MAX_ANALYSED_CHARS), unread };
}

async function pdfPasswordsOf(notice: Notice, clients: ClientDirectory): Promise<string[]> {
  if (notice.department !== 'INCOME_TAX') return [];
  const password = (await clients.incomeTaxPdfPasswords(notice.workspaceId, [notice.clientId])).get(notice.clientId);
  return password ? [password] : [];
}
