import { inject, injectable } from 'inversify';
import { createTransport, type Transporter } from 'nodemailer';
import type { Config } from '../platform/config';
import type { JobContext, JobDefinition } from '../platform/queue';
import { TOKENS } from '../platform/tokens';
import { MailCatcher } from './mail-catcher';
import { SEND_JOB, type MailMessage } from './mailer';

/**
 * Nine attempts, 2 s apart at first and doubling: a mail server may be away for about eight and a half minutes
 * before a message is given up.
 */
const RETRIES = 8;
const FIRST_RETRY_DELAY_MS = 2000;
/** A server that accepts the connection and then stalls holds the attempt no longer than this, not nodemailer's minutes. */
const SOCKET_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
const JOB_TIMEOUT_MS = 60_000;

/** The worker's half of the mailer: the `mail.send` job, through SMTP_URL or the embedded catcher. */
@injectable()
export class MailDelivery {
  private transporter: Transporter | null = null;

  constructor(
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(MailCatcher) private readonly catcher: MailCatcher,
  ) {}

  job(): JobDefinition<MailMessage> {
    return {
      name: SEND_JOB,
      retries: RETRIES,
      backoffMs: FIRST_RETRY_DELAY_MS,
      timeoutMs: JOB_TIMEOUT_MS,
      handler: (message, context) => this.deliver(message, context),
    };
  }

  /** Forgets the connection settings, so a catcher started again on another port is found. */
  close(): void {
    this.transporter?.close();
    this.transporter = null;
  }

  private async deliver(message: MailMessage, context: JobContext): Promise<void> {
    try {
      await this.transport().sendMail(message);
    } catch (error) {
      const outcome = context.finalAttempt ? 'mail not sent: its retries are used up' : 'mail not sent yet: it will be retried';
      context.logger.warn({ to: message.to, subject: message.subject, err: (error as Error).message }, outcome);
      throw error;
    }
  }

  private transport(): Transporter {
    if (!this.transporter) {
      const { smtpUrl, from } = this.config.mail;
      const server = smtpUrl ? { url: smtpUrl } : { host: '127.0.0.1', port: this.catcher.port(), secure: false, ignoreTLS: true };
      // Messages are strings made here: nodemailer must never read a file or a URL on a message's behalf.
      this.transporter = createTransport({ ...server, ...SOCKET_TIMEOUTS, disableFileAccess: true, disableUrlAccess: true }, { from });
    }
    return this.transporter;
  }
}
