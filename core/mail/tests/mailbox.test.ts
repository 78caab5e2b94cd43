import { expect } from 'chai';
import express from 'express';
import { Container } from 'inversify';
import request from 'supertest';
import { errorHandler } from '../../host/error-handler';
import { createLogger } from '../../platform/logger';
import { loadConfig } from '../../platform/config';
import { TOKENS } from '../../platform/tokens';
import { APP, newAgent, uniqueEmail } from '../../plugin-api/testing/http';
import { latestMailTo, readMailbox } from '../../plugin-api/testing/mailbox';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import type { Mailer } from '../mailer';
import { mailboxRoutes } from '../mailbox-routes';
import { composeEmail } from '../templates';

const mailer = () => sharedHost().host.container.get<Mailer>(TOKENS.Mailer);

describe('development mailbox ({app}/dev/mailbox)', function () {
  this.timeout(30_000);
  const to = uniqueEmail('mailbox');
  const link = 'http://localhost:3000/axal/verify-email?token=tok_5e6f7a8b';
  let first: Awaited<ReturnType<typeof latestMailTo>>;
  let second: Awaited<ReturnType<typeof latestMailTo>>;

  before(async () => {
    await mailer().send({
      to,
      subject: 'First <b>message</b> & more',
      text: `Open ${link} to go on.`,
      html: '<p>First <a href="https://x.example/">x</a></p>',
    });
    first = await latestMailTo(to);
    const since = new Date();
    await mailer().send({
      to,
      ...composeEmail({
        subject: 'Second message',
        greeting: 'Hello,',
        paragraphs: ['Second.'],
        action: { label: 'Go', url: link },
        closing: 'Bye.',
      }),
    });
    second = await latestMailTo(to, { since, subject: 'Second' });
  });

  it('answers JSON with Accept: application/json, newest first, with to, subject, text, links and receivedAt', async () => {
    const { agent } = await newAgent();
    const response = await agent.get(`${APP}/dev/mailbox`).query({ to: to.toUpperCase() }).set('Accept', 'application/json').expect(200);
    expect(response.headers['cache-control']).to.equal('no-store');
    const messages = response.body.messages as Record<string, unknown>[];
    expect(messages.map((message) => message.subject)).to.deep.equal(['Second message', 'First <b>message</b> & more']);
    expect(Object.keys(messages[1]).sort()).to.deep.equal(['id', 'links', 'receivedAt', 'subject', 'text', 'to']);
    expect(messages[1]).to.include({ to, text: `Open ${link} to go on.` });
    expect(messages[1].links).to.deep.equal([link, 'https://x.example/']);
    expect(new Date(messages[0].receivedAt as string).getTime()).to.be.at.least(new Date(messages[1].receivedAt as string).getTime());

    const everyone = await readMailbox();
    expect(everyone.findIndex((message) => message.id === second.id)).to.be.lessThan(everyone.findIndex((message) => message.id === first.id));
  });

  it('lists the messages as a page: subject (escaped), recipient and time, each opening the message', async () => {
    const { agent } = await newAgent();
    const response = await agent.get(`${APP}/dev/mailbox`).query({ to }).expect(200);
    expect(response.headers['content-type']).to.match(/^text\/html/);
    expect(response.text).to.contain('<h1>Mailbox</h1>').and.contain('<label for="mailbox-to">Recipient</label>');
    expect(response.text).to.contain(`<a href="/axal/dev/mailbox/${first.id}">First &lt;b&gt;message&lt;/b&gt; &amp; more</a>`);
    expect(response.text).not.to.contain('<b>message</b>');
    expect(response.text).to.contain(`To ${to} · <time datetime="${first.receivedAt}">`);
    expect(response.text.indexOf(second.id)).to.be.lessThan(response.text.indexOf(first.id));
  });

  it('shows one message: clickable links and text, its HTML only in a sandbox', async () => {
    const { agent } = await newAgent();
    const page = await agent.get(`${APP}/dev/mailbox/${second.id}`).expect(200);
    expect(page.text).to.contain('<h1>Second message</h1>');
    expect(page.text).to.contain(`<li><a href="${link}">${link}</a></li>`);
    expect(page.text).to.match(/<pre class="text">[^]*Go:\n<a href="http:\/\/localhost:3000\/axal\/verify-email\?token=tok_5e6f7a8b">/);
    expect(page.text).to.match(/<iframe sandbox="" title="HTML version of the message" srcdoc="&lt;!doctype html&gt;/);

    const json = await agent.get(`${APP}/dev/mailbox/${first.id}`).set('Accept', 'application/json').expect(200);
    expect(json.body.message).to.include({ id: first.id, to, html: '<p>First <a href="https://x.example/">x</a></p>' });
  });

  it('answers 404 for a message it does not hold, whatever the id, and 400 for a malformed filter', async () => {
    const { agent } = await newAgent();
    for (const id of ['000000000000000-00000000', '..%2F..%2Fsecrets', 'x'.repeat(40)]) {
      await agent.get(`${APP}/dev/mailbox/${id}`).set('Accept', 'application/json').expect(404);
    }
    await agent.get(`${APP}/dev/mailbox?to=a@x.example&to=b@x.example`).set('Accept', 'application/json').expect(400);
  });

  it('is not served in production', async () => {
    const container = new Container();
    container.bind(TOKENS.Config).toConstantValue(
      loadConfig({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://relay.internal:587',
        SESSION_SECRET: 'x'.repeat(40),
        DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
        AZURE_STORAGE_CONNECTION_STRING: 'DefaultEndpointsProtocol=https;AccountName=axal;AccountKey=a2V5PT0=;EndpointSuffix=core.windows.net',
      }),
    );
    const app = express()
      .use(mailboxRoutes(container))
      .use(errorHandler(createLogger('silent')));
    for (const path of ['/dev/mailbox', `/dev/mailbox/${first.id}`]) {
      const response = await request(app).get(path).set('Accept', 'application/json');
      expect(response.status, path).to.equal(404);
      expect(response.body).to.deep.equal({ error: 'Not found' });
    }
  });
});
