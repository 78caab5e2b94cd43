import path from 'node:path';
import { expect } from 'chai';
import { loadConfig, projectRoot } from '../../platform/config';
import { configProblemsOf as problemsOf, TEST_SECRETS as secrets } from '../../platform/tests/config-problems';
import { mailboxServed } from '../mailbox-routes';

/** What production needs besides mail, so that the mail rule is the one tested. */
const production = {
  ...secrets,
  NODE_ENV: 'production',
  AZURE_STORAGE_CONNECTION_STRING: 'DefaultEndpointsProtocol=https;AccountName=axal;AccountKey=a2V5PT0=;EndpointSuffix=core.windows.net',
};

describe('mail configuration', () => {
  it('outside production without SMTP_URL: the embedded catcher on a free loopback port, mail kept in .data/mail', () => {
    const config = loadConfig({ ...secrets });
    expect(config.mail).to.deep.equal({
      from: 'Axal Practice <no-reply@localhost>',
      smtpUrl: null,
      catcher: { port: 0, dir: path.join(projectRoot, '.data', 'mail') },
    });
    expect(mailboxServed(config)).to.equal(true);
  });

  it('takes the catcher port and folder, and a sender', () => {
    const config = loadConfig({
      ...secrets,
      MAIL_CATCHER_PORT: '2525',
      MAIL_CATCHER_DIR: 'tmp/mail',
      MAIL_FROM: 'Mehta & Co <accounts@mehta.example>',
    });
    expect(config.mail).to.deep.equal({
      from: 'Mehta & Co <accounts@mehta.example>',
      smtpUrl: null,
      catcher: { port: 2525, dir: path.join(projectRoot, 'tmp', 'mail') },
    });
  });

  it('with SMTP_URL: no catcher and no mailbox', () => {
    const config = loadConfig({ ...secrets, SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465' });
    expect(config.mail.smtpUrl).to.equal('smtps://mailer:secret@smtp.example.com:465');
    expect(config.mail.catcher).to.equal(null);
    expect(mailboxServed(config)).to.equal(false);
  });

  it('production refuses to start without SMTP_URL, in one line', () => {
    expect(problemsOf(production)).to.deep.equal(['SMTP_URL: required in production (the embedded mail catcher is for development only)']);
    const config = loadConfig({ ...production, SMTP_URL: 'smtp://relay.internal:587' });
    expect(config.mail.catcher).to.equal(null);
    expect(mailboxServed(config)).to.equal(false);
  });

  it('names a bad mail setting', () => {
    const problems = problemsOf({ ...secrets, SMTP_URL: 'https://smtp.example.com', MAIL_FROM: 'nobody', MAIL_CATCHER_PORT: '70000' });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).to.deep.equal(['MAIL_CATCHER_PORT', 'MAIL_FROM', 'SMTP_URL']);
  });
});
