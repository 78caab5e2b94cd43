import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { TOKENS } from '../../platform/tokens';
import { APP } from '../../plugin-api/testing/http';
import { latestMailTo, tokenIn } from '../../plugin-api/testing/mailbox';
import { freePort } from '../../plugin-api/testing/spawned-app';
import { startTestHost, type TestHost } from '../../plugin-api/testing/test-host';
import { MailCatcher } from '../mail-catcher';
import type { Mailer } from '../mailer';
import { verificationEmail } from '../templates';
import { DroppingServer, RecordingSmtpServer } from './smtp-servers';

const HOURS = 3_600_000;
const mailerOf = (host: TestHost) => host.host.container.get<Mailer>(TOKENS.Mailer);

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('mailer: queued delivery through SMTP_URL', function () {
  this.timeout(60_000);
  let port: number;
  let provider: RecordingSmtpServer;
  let host: TestHost;

  before(async () => {
    port = await freePort();
    provider = new RecordingSmtpServer();
    await provider.listen(port);
    host = await startTestHost({
      plugins: [],
      configOverrides: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Axal Practice <no-reply@practice.example>' },
    });
  });
  after(async () => {
    await host?.stop();
    await provider?.close();
  });

  it('sends the queued message to the mail server: sender, recipient, subject, text, HTML and the link', async () => {
    const link = 'https://practice.example/axal/verify-email?token=tok_1f2e3d4c5b6a';
    const content = verificationEmail({ name: 'Asha Mehta', link, expiresAt: new Date(Date.now() + 24 * HOURS) });
    await mailerOf(host).send({ to: 'asha@firm.example', ...content });

    const { envelope, mail } = await provider.messageTo('asha@firm.example', content.subject);
    expect(envelope).to.deep.equal({ from: 'no-reply@practice.example', to: ['asha@firm.example'] });
    expect(mail.from?.value).to.deep.equal([{ name: 'Axal Practice', address: 'no-reply@practice.example' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : null).to.equal('asha@firm.example');
    expect(mail.subject).to.equal('Verify your email address for Axal Practice');
    expect(mail.text).to.contain('Hello Asha Mehta,').and.contain(`Verify email address:\n${link}`);
    expect(mail.html).to.contain(`href="${link}"`);
  });

  it('serves no mailbox while a real mail server is configured', async () => {
    const { agent } = await host.newAgent();
    const response = await agent.get(`${APP}/dev/mailbox`).set('Accept', 'application/json');
    expect(response.status).to.equal(404);
  });

  it('a mail server that is down fails nobody: the caller gets on, the job retries and delivers once it is back', async () => {
    await provider.close();
    const down = new DroppingServer();
    await down.listen(port);

    const subject = 'Sent while the mail server was down';
    await mailerOf(host).send({ to: 'ravi@firm.example', subject, text: 'Retried until delivered.' });
    await down.firstAttempt();
    await down.close();
    provider = new RecordingSmtpServer();
    await provider.listen(port);

    const { mail } = await provider.messageTo('ravi@firm.example', subject);
    expect(mail.text?.trim()).to.equal('Retried until delivered.');
    expect(down.attempts).to.be.greaterThan(0);
  });

  it('refuses a message it could not deliver as asked, before queuing it', async () => {
    const mailer = mailerOf(host);
    const bad = [
      { to: 'asha@firm.example, ravi@firm.example', subject: 'Two at once', text: 'x' },
      { to: 'Asha <asha@firm.example>', subject: 'Display name', text: 'x' },
      { to: 'asha@firm.example', subject: 'Line\r\nBcc: everyone@firm.example', text: 'x' },
      { to: 'asha@firm.example', subject: 'Empty', text: ' ' },
    ];
    for (const message of bad) {
      let error: unknown;
      await mailer.send(message).catch((caught: unknown) => (error = caught));
      expect(error, message.subject).to.be.instanceOf(Error);
    }
  });
});

describe('mailer: the embedded catcher', function () {
  this.timeout(60_000);
  let dir: string;
  let host: TestHost | null = null;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'axal-mail-catcher-'));
    host = await startTestHost({ plugins: [], configOverrides: { MAIL_CATCHER_DIR: dir } });
  });
  after(async () => {
    await host?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('listens on loopback while the worker runs, keeps what it catches, and stops with the host', async () => {
    const running = host!;
    const catcherPort = running.host.container.get(MailCatcher).port();
    expect(await refusesConnections(catcherPort)).to.equal(false);

    const link = 'http://localhost:3000/axal/reset-password?token=tok_9a8b7c';
    await mailerOf(running).send({ to: 'meera@firm.example', subject: 'Caught locally', text: `Reset it here: ${link}` });
    const message = await latestMailTo('meera@firm.example', { baseUrl: running.baseUrl });
    expect(message).to.include({ to: 'meera@firm.example', subject: 'Caught locally' });
    expect(message.links).to.deep.equal([link]);
    expect(tokenIn(message, '/reset-password')).to.equal('tok_9a8b7c');

    await running.stop();
    host = null;
    expect(await refusesConnections(catcherPort)).to.equal(true);
  });
});
