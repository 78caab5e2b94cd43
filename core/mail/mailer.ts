import { inject, injectable } from 'inversify';
import type { QueueService } from '../platform/queue';
import { TOKENS } from '../platform/tokens';

/** One message to one address; `composeEmail` and the templates make the subject, text and HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Email for the core and the plugins (`TOKENS.Mailer`). */
export interface Mailer {
  /**
   * Queues the message and resolves once it is queued: a worker sends it, retrying with backoff, so a slow or
   * unreachable mail server never fails the caller's request.
   */
  send(message: MailMessage): Promise<void>;
}

/** The mail module's id; its job is queued as `mail.send`. */
export const MAIL_MODULE_ID = 'mail';
export const SEND_JOB = 'send';

/** One bare address: a display name, a list or a line break here would be a caller's mistake, not a recipient. */
const SINGLE_ADDRESS = /^[^\s@<>,;"()]+@[^\s@<>,;"()]+$/;

function assertSendable(message: MailMessage): void {
  if (!SINGLE_ADDRESS.test(message.to)) throw new Error(`Mail needs one plain recipient address, not "${message.to}"`);
  if (!message.subject.trim() || /[\r\n]/.test(message.subject)) throw new Error('Mail needs a subject of one line');
  if (!message.text.trim()) throw new Error('Mail needs a plain-text body');
}

@injectable()
export class QueuedMailer implements Mailer {
  constructor(@inject(TOKENS.Queue) private readonly queue: QueueService) {}

  async send(message: MailMessage): Promise<void> {
    assertSendable(message);
    const { to, subject, text, html } = message;
    await this.queue.enqueue<MailMessage>(`${MAIL_MODULE_ID}.${SEND_JOB}`, { to, subject, text, ...(html ? { html } : {}) });
  }
}
