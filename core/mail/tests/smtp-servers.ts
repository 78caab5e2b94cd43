import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  mail: ParsedMail;
}

async function until<T>(probe: () => T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = probe();
    if (found !== undefined) return found;
    await delay(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A real SMTP server on loopback that keeps what it receives, as a mail provider would. */
export class RecordingSmtpServer {
  readonly received: ReceivedMail[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      simpleParser(stream).then((mail) => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        this.received.push({ envelope: { from, to: session.envelope.rcptTo.map((recipient) => recipient.address) }, mail });
        callback();
      }, callback);
    },
  });

  listen(port: number): Promise<void> {
    return new Promise((resolve) => this.server.listen(port, '127.0.0.1', () => resolve()));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The message to `address` whose subject is `subject`, once it has arrived. */
  messageTo(address: string, subject: string): Promise<ReceivedMail> {
    return until(
      () => this.received.find((received) => received.envelope.to.includes(address) && received.mail.subject === subject),
      `"${subject}" to ${address}`,
    );
  }
}

/** A mail server that is down: it takes each connection and drops it at once, counting the attempts. */
export class DroppingServer {
  attempts = 0;
  private readonly server = net.createServer((socket) => {
    this.attempts += 1;
    socket.destroy();
  });

  listen(port: number): Promise<void> {
    return new Promise((resolve) => this.server.listen(port, '127.0.0.1', () => resolve()));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  firstAttempt(): Promise<number> {
    return until(() => (this.attempts > 0 ? this.attempts : undefined), 'a delivery attempt');
  }
}
