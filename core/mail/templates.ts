import type { Role } from '../platform/identity';
import { escapeHtml, linkifyText } from './html';

export const PRODUCT_NAME = 'Axal Practice';

/** A message ready for `Mailer.send` once it has an address: plain text and a simple HTML version of the same words. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface EmailBody {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** The one thing the reader is asked to do: a button in HTML, the bare address in text. */
  action?: { label: string; url: string };
  /** Why the reader got the message and what to do if they did not expect it. */
  closing: string;
  /**
   * The app's own address, `{publicUrl}{basePath}`: addresses under it in the words (a digest's notice pages) become
   * links in the HTML. Any other address, such as one typed into a workspace or client name, stays plain text.
   */
  appUrl?: string;
}

/** What keeps `url` from being an email link; none for an http(s) address carrying at most a single-use token. */
function emailLinkProblems(url: URL): string[] {
  return [
    !['http:', 'https:'].includes(url.protocol) && 'it is not http(s)',
    (url.username || url.password) && 'it carries credentials',
    url.hash && 'it has a fragment',
    [...url.searchParams.keys()].some((key) => key !== 'token') && 'its query carries more than the token',
    url.searchParams.getAll('token').length > 1 && 'it carries several tokens',
  ].filter((problem): problem is string => Boolean(problem));
}

/** What a link in an email may carry: its address and a single-use token, never another secret or an identity. */
export function assertSafeEmailLink(url: string): void {
  const problems = emailLinkProblems(new URL(url));
  if (problems.length) throw new Error(`An email link may carry only a single-use token: ${problems.join(', ')}`);
}

/** Whether an address in the words may be a link: a safe link to `appUrl` or a page beneath it. */
function isAppLink(url: string, appUrl: string): boolean {
  const [address, root] = [URL.parse(url), URL.parse(appUrl)];
  if (!address || !root || address.origin !== root.origin || emailLinkProblems(address).length) return false;
  const rootPath = root.pathname.replace(/\/$/, '');
  return address.pathname === rootPath || address.pathname.startsWith(`${rootPath}/`);
}

const indianDateTime = new Intl.DateTimeFormat('en-IN', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
  timeZoneName: 'short',
});

/** "Tuesday, 3 March 2026 at 2:15 pm IST": the time in India, whatever the server's time zone. */
export const formatIndianDateTime = (date: Date): string => indianDateTime.format(date);

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** A link's lifetime as a reader says it: "30 minutes", "1 hour", "24 hours", "7 days". */
export function durationInWords(milliseconds: number): string {
  const minutes = Math.max(1, Math.round(milliseconds / 60_000));
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return plural(hours, 'hour');
  return plural(Math.round(hours / 24), 'day');
}

/** The sentence under every single-use link: how long it lasts, in words and as a date in India. */
export function expirySentence(expiresAt: Date, now = new Date()): string {
  return `The link works once and expires in ${durationInWords(expiresAt.getTime() - now.getTime())}, on ${formatIndianDateTime(expiresAt)}.`;
}

const COLOURS = { text: '#1c2127', muted: '#5f6b7c', brand: '#215db0', page: '#f4f5f7', card: '#ffffff' };

function htmlOf(body: EmailBody): string {
  // Words may carry what members typed (workspace, client and inviter names): only the app's own addresses become links.
  const { appUrl } = body;
  const linkable = (url: string) => appUrl !== undefined && isAppLink(url, appUrl);
  const paragraph = (text: string, style = '') => `<p style="margin:0 0 16px;${style}">${linkifyText(text, linkable)}</p>`;
  const action = body.action
    ? [
        `<p style="margin:24px 0;"><a href="${escapeHtml(body.action.url)}" style="display:inline-block;background:${COLOURS.brand};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:4px;font-weight:bold;">${escapeHtml(body.action.label)}</a></p>`,
        `<p style="margin:0 0 16px;font-size:14px;color:${COLOURS.muted};">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(body.action.url)}" style="color:${COLOURS.brand};word-break:break-all;">${escapeHtml(body.action.url)}</a></p>`,
      ].join('\n')
    : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(body.subject)}</title></head>
<body style="margin:0;padding:0;background:${COLOURS.page};">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:${COLOURS.text};">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:${COLOURS.brand};">${PRODUCT_NAME}</p>
<div style="background:${COLOURS.card};border-radius:8px;padding:24px;">
${[paragraph(body.greeting), ...body.paragraphs.map((text) => paragraph(text)), action, paragraph(body.closing, `color:${COLOURS.muted};`)].join('\n')}
</div>
<p style="margin:16px 0 0;font-size:12px;color:${COLOURS.muted};">${PRODUCT_NAME}: practice management for chartered accountants</p>
</div>
</body>
</html>
`;
}

function textOf(body: EmailBody): string {
  const action = body.action ? [`${body.action.label}:\n${body.action.url}`] : [];
  return `${[PRODUCT_NAME, body.greeting, ...body.paragraphs, ...action, body.closing].join('\n\n')}\n\n-- \n${PRODUCT_NAME}\n`;
}

/** The shared layout of every email: the product name, the words, one action. Every value is escaped in the HTML. */
export function composeEmail(body: EmailBody): MailContent {
  if (body.action) assertSafeEmailLink(body.action.url);
  return { subject: body.subject, text: textOf(body), html: htmlOf(body) };
}

/** A single-use link and when it stops working; `now` is when the message is written (for the lifetime in words). */
export interface SingleUseLink {
  link: string;
  expiresAt: Date;
  now?: Date;
}

const greet = (name?: string) => (name?.trim() ? `Hello ${name.trim()},` : 'Hello,');

export function verificationEmail(input: SingleUseLink & { name?: string }): MailContent {
  return composeEmail({
    subject: `Verify your email address for ${PRODUCT_NAME}`,
    greeting: greet(input.name),
    paragraphs: [
      `Thank you for signing up for ${PRODUCT_NAME}. Please confirm that this is your email address to finish creating your account.`,
      expirySentence(input.expiresAt, input.now),
    ],
    action: { label: 'Verify email address', url: input.link },
    closing: `If you did not create an ${PRODUCT_NAME} account, you can ignore this email.`,
  });
}

const ROLE_NAMES: Record<Role, string> = { OWNER: 'an Owner', ADMIN: 'an Admin', EMPLOYEE: 'an Employee', CLIENT: 'a Client' };

export function invitationEmail(input: SingleUseLink & { inviterName: string; workspaceName: string; role: Role }): MailContent {
  return composeEmail({
    subject: `${input.inviterName} invited you to ${input.workspaceName} on ${PRODUCT_NAME}`,
    greeting: greet(),
    paragraphs: [
      `${input.inviterName} has invited you to join the workspace "${input.workspaceName}" on ${PRODUCT_NAME} as ${ROLE_NAMES[input.role]}.`,
      'To accept, open the invitation and sign in, or create an account, with this email address.',
      expirySentence(input.expiresAt, input.now),
    ],
    action: { label: 'View invitation', url: input.link },
    closing: 'If you were not expecting this invitation, you can ignore this email: nothing changes unless you accept it.',
  });
}

export function passwordResetEmail(input: SingleUseLink & { name?: string }): MailContent {
  return composeEmail({
    subject: `Reset your ${PRODUCT_NAME} password`,
    greeting: greet(input.name),
    paragraphs: [
      `We received a request to reset the password of your ${PRODUCT_NAME} account. Choose a new password with the link below; once it is changed, you are signed out everywhere.`,
      expirySentence(input.expiresAt, input.now),
    ],
    action: { label: 'Reset password', url: input.link },
    closing: 'If you did not ask to reset your password, you can ignore this email: your password stays as it is.',
  });
}
