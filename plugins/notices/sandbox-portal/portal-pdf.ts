import PDFDocument from 'pdfkit';
import { indianRupees, type SandboxNotice } from './portal-notices';

const PAN = /^[A-Z]{5}\d{4}[A-Z]$/i;
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/i;

/** '2026-03-31' -> '31/03/2026', the way both portals print dates. */
export const portalDate = (day: string) => day.split('-').reverse().join('/');

/** Who the notice is addressed to: the login's PAN or GSTIN when it is one, else the login itself. */
function addressee(username: string): string {
  if (PAN.test(username)) return `PAN: ${username.toUpperCase()}`;
  if (GSTIN.test(username)) return `GSTIN: ${username.toUpperCase()}`;
  return `Login ID: ${username}`;
}

/** The notice's words as the department prints them, line by line; what a reader of the PDF (the AI) gets. */
export function noticeLines(notice: SandboxNotice, username: string): string[] {
  const amount = notice.amount ? [`Amount involved: ${indianRupees(notice.amount)}`] : [];
  if (notice.platform === 'GST') {
    const reply = notice.replyForm
      ? `You are hereby directed to reply in FORM GST ${notice.replyForm} on or before ${portalDate(notice.dueOn)}, failing which proceedings in accordance with law may be initiated against you without any further reference to you.`
      : `You are hereby directed to comply on or before ${portalDate(notice.dueOn)}.`;
    return [
      'Government of India / State Government',
      'Goods and Services Tax',
      `FORM GST ${notice.noticeType}`,
      `[${notice.provision}]`,
      `Reference No.: ${notice.reference}`,
      `Date: ${portalDate(notice.issuedOn)}`,
      `To: ${addressee(username)}`,
      `Tax Period: ${notice.taxPeriod}`,
      `Subject: ${notice.title}`,
      notice.description,
      ...amount,
      reply,
      notice.officer,
    ];
  }
  return [
    'Income Tax Department',
    'Government of India',
    `Notice under ${notice.provision}`,
    `DIN: ${notice.reference}`,
    `Date: ${portalDate(notice.issuedOn)}`,
    addressee(username),
    `Assessment Year: ${notice.taxPeriod.replace(/^AY /, '')}`,
    `Subject: ${notice.title}`,
    notice.description,
    ...amount,
    `You are requested to furnish your response on or before ${portalDate(notice.dueOn)} through the e-proceedings facility of the e-filing portal.`,
    notice.officer,
  ];
}

/** The notice as a PDF with real text (pdfkit), dated as issued, so two renderings of one notice are the same document. */
export function renderNoticePdf(notice: SandboxNotice, username: string): Promise<Buffer> {
  const document = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `${notice.noticeType} ${notice.reference}`,
      Author: 'Sandbox portal',
      CreationDate: new Date(`${notice.issuedOn}T10:00:00+05:30`),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
  const [first, second, ...rest] = noticeLines(notice, username);
  document.font('Helvetica-Bold').fontSize(13).text(first!, { align: 'center' }).text(second!, { align: 'center' });
  document.moveDown().font('Helvetica').fontSize(10.5);
  for (const line of rest) document.text(line).moveDown(0.6);
  document.moveDown().fontSize(8).fillColor('#555555').text('Issued by the Sandbox portal of Axal Practice for demonstration and testing.');
  document.end();
  return done;
}
