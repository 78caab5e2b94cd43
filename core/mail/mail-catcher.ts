import type { AddressInfo } from 'node:net';
import { inject, injectable } from 'inversify';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Config } from '../platform/config';
import type { Logger } from '../platform/logger';
import { TOKENS } from '../platform/tokens';
import { linksIn } from './html';
import { Mailbox } from './mailbox';
import { PRODUCT_NAME } from './templates';

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** The catcher's own sender has finished its message by the time the host stops it; nothing long is left to wait for. */
const CLOSE_TIMEOUT_MS = 1000;

const hrefsIn = (html: string) => [...html.matchAll(/href\s*=\s*"(https?:\/\/[^"]+)"/gi)].map((match) => match[1].replaceAll('&amp;', '&'));

/**
 * The development stand-in for a mail server: SMTP on loopback only, no TLS or sign-in, every message kept in the
 * mailbox folder and announced on the console with its first link, so a newcomer can finish sign-up offline.
 */
@injectable()
export class MailCatcher {
  private server: SMTPServer | null = null;
  private listeningPort: number | null = null;

  constructor(
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /** Where the mailer connects; only once the catcher has started. */
  port(): number {
    if (this.listeningPort === null) throw new Error('The mail catcher has not started');
    return this.listeningPort;
  }

  async start(): Promise<void> {
    const settings = this.config.mail.catcher;
    if (!settings || this.server) return;
    const mailbox = new Mailbox(settings.dir);
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      banner: `${PRODUCT_NAME} development mail catcher`,
      size: MAX_MESSAGE_BYTES,
      rejectOversized: true,
      closeTimeout: CLOSE_TIMEOUT_MS,
      logger: false,
      onData: (stream, session, callback) => {
        this.catchMessage(mailbox, stream, session).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', (error) => this.logger.warn({ err: error.message }, 'mail catcher: connection error'));
    this.server = server;
    this.listeningPort = (server.server.address() as AddressInfo).port;
    this.logger.info(
      { port: this.listeningPort, dir: mailbox.dir },
      `mail catcher on 127.0.0.1:${this.listeningPort}: no SMTP_URL, so mail stays on this machine; read it at ${this.config.publicUrl}${this.config.basePath}/dev/mailbox`,
    );
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    this.listeningPort = null;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async catchMessage(mailbox: Mailbox, stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
    const parsed = await simpleParser(stream);
    if (stream.sizeExceeded) return;
    const text = parsed.text ?? '';
    const html = typeof parsed.html === 'string' ? parsed.html : null;
    const caught = await mailbox.save({
      from: typeof session.envelope.mailFrom === 'object' ? session.envelope.mailFrom.address : '',
      to: session.envelope.rcptTo.map((recipient) => recipient.address).join(', '),
      subject: parsed.subject ?? '',
      text,
      html,
      links: [...new Set([...linksIn(text), ...(html ? hrefsIn(html) : [])])],
    });
    this.logger.info(
      { to: caught.to, subject: caught.subject, mailboxId: caught.id },
      `mail to ${caught.to}: "${caught.subject}"${caught.links.length ? ` ${caught.links[0]}` : ''}`,
    );
  }
}
