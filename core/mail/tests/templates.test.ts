import { expect } from 'chai';
import { linkifyText, linksIn } from '../html';
import {
  assertSafeEmailLink,
  composeEmail,
  durationInWords,
  formatIndianDateTime,
  invitationEmail,
  passwordResetEmail,
  PRODUCT_NAME,
  verificationEmail,
  type MailContent,
} from '../templates';

const NOW = new Date('2026-03-03T08:45:00Z');
const HOURS = 3_600_000;
const TOKEN = 'tok_3f9a1c7e5b2d4f60a8c1e9b7d5f3a1c2';

const everyTemplate: { name: string; make(link: string): MailContent }[] = [
  {
    name: 'verification',
    make: (link) => verificationEmail({ name: 'Asha Mehta', link, expiresAt: new Date(NOW.getTime() + 24 * HOURS), now: NOW }),
  },
  {
    name: 'invitation',
    make: (link) =>
      invitationEmail({
        inviterName: 'Ravi Iyer',
        workspaceName: 'Iyer and Co',
        role: 'EMPLOYEE',
        link,
        expiresAt: new Date(NOW.getTime() + 168 * HOURS),
        now: NOW,
      }),
  },
  { name: 'password reset', make: (link) => passwordResetEmail({ name: 'Asha Mehta', link, expiresAt: new Date(NOW.getTime() + HOURS), now: NOW }) },
];

/** The text between tags, as a reader sees it. */
const visibleTextOf = (html: string) => html.replace(/<[^>]+>/g, ' ');
/** Where the links of an HTML body lead. */
const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);

describe('mail templates', () => {
  it('dates are Indian: day month year, 12-hour clock, IST, whatever the server time zone', () => {
    expect(formatIndianDateTime(NOW)).to.equal('Tuesday, 3 March 2026 at 2:15 pm IST');
  });

  it('say how long a link lasts in words', () => {
    expect(durationInWords(30 * 60_000)).to.equal('30 minutes');
    expect(durationInWords(HOURS)).to.equal('1 hour');
    expect(durationInWords(24 * HOURS - 150)).to.equal('24 hours');
    expect(durationInWords(7 * 24 * HOURS)).to.equal('7 days');
  });

  for (const template of everyTemplate) {
    it(`${template.name}: product name, link in text and HTML, what it is for and its expiry`, () => {
      const link = `https://practice.example.in/axal/somewhere?token=${TOKEN}`;
      const mail = template.make(link);
      expect(mail.subject).to.contain(PRODUCT_NAME);
      for (const body of [mail.text, visibleTextOf(mail.html)]) {
        expect(body).to.contain(PRODUCT_NAME);
        expect(body).to.match(
          /The link works once and expires in (24 hours|7 days|1 hour), on \w+day, \d{1,2} March 2026 at \d{1,2}:\d{2} (am|pm) IST\./,
        );
      }
      expect(linksIn(mail.text)).to.deep.equal([link]);
      expect(mail.html).to.contain(`href="${link}"`);
    });
  }

  it('name the action and its lifetime of each message', () => {
    const [verification, invitation, reset] = everyTemplate.map((template) => template.make(`https://x.example/a?token=${TOKEN}`));
    expect(verification.text).to.contain('Verify email address:').and.contain('expires in 24 hours, on Wednesday, 4 March 2026 at 2:15 pm IST');
    expect(invitation.subject).to.equal('Ravi Iyer invited you to Iyer and Co on Axal Practice');
    expect(invitation.text).to.contain('join the workspace "Iyer and Co" on Axal Practice as an Employee').and.contain('expires in 7 days');
    expect(reset.text).to.contain('Reset password:').and.contain('expires in 1 hour, on Tuesday, 3 March 2026 at 3:15 pm IST');
  });

  it('escape every interpolated value in the HTML and leave the text as typed', () => {
    const hostile = `<script>alert("x")</script> & 'quotes'`;
    const mail = invitationEmail({
      inviterName: hostile,
      workspaceName: `<img src=x onerror=alert(1)>`,
      role: 'ADMIN',
      link: `https://x.example/invitations/accept?token=a"b<c>`,
      expiresAt: new Date(NOW.getTime() + 168 * HOURS),
      now: NOW,
    });
    expect(mail.html).not.to.contain('<script>').and.not.to.contain('<img').and.not.to.contain('token=a"b');
    expect(mail.html).to.contain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
    expect(mail.html).to.contain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.text).to.contain(hostile);
  });

  it('carry no secret in a link but the single-use token', () => {
    expect(() => assertSafeEmailLink(`https://x.example/verify-email?token=${TOKEN}`)).not.to.throw();
    for (const link of [
      `https://x.example/verify-email?token=${TOKEN}&email=asha%40firm.example`,
      `https://x.example/verify-email?token=${TOKEN}&token=other`,
      `https://asha:secret@x.example/verify-email?token=${TOKEN}`,
      `https://x.example/verify-email?token=${TOKEN}#password=1`,
      `javascript:alert(1)`,
    ]) {
      expect(() => verificationEmail({ link, expiresAt: new Date(NOW.getTime() + HOURS), now: NOW }), link).to.throw(/only a single-use token/);
    }
    for (const template of everyTemplate) {
      const mail = template.make(`https://x.example/a?token=${TOKEN}`);
      for (const link of [...linksIn(mail.text), ...[...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1])]) {
        expect([...new URL(link).searchParams.keys()], template.name).to.deep.equal(['token']);
      }
    }
  });

  it('compose a plugin message with the shared layout, with or without an action', () => {
    const mail = composeEmail({ subject: 'GST return due', greeting: 'Hello,', paragraphs: ['GSTR-3B for <March> is due.'], closing: 'Thank you.' });
    expect(mail.text).to.equal('Axal Practice\n\nHello,\n\nGSTR-3B for <March> is due.\n\nThank you.\n\n-- \nAxal Practice\n');
    expect(mail.html).to.contain('GSTR-3B for &lt;March&gt; is due.').and.contain('<title>GST return due</title>');
  });

  it('link only the app’s own addresses in the words: one typed into a name stays text', () => {
    const appUrl = 'https://practice.example.in/axal';
    const noticePage = `${appUrl}/w/acme/notices/n-1`;
    const mail = composeEmail({
      subject: 'Notices digest',
      greeting: 'Hello,',
      paragraphs: [
        'Your notices in Acme https://evil.example/login on 3 March 2026.',
        `- ASMT-10 for Sharma Traders: ${noticePage}`,
        `Look-alikes: https://practice.example.in.evil.example/axal/w https://practice.example.in/axal-login ${appUrl}/w?next=https://evil.example`,
      ],
      closing: `Turn it off on your profile: ${appUrl}/profile`,
      appUrl,
    });
    expect(hrefsOf(mail.html)).to.deep.equal([noticePage, `${appUrl}/profile`]);
    expect(mail.html).to.contain('Your notices in Acme https://evil.example/login on 3 March 2026.');
    expect(mail.text).to.contain('Acme https://evil.example/login');
  });

  it('leave an address in a workspace or inviter name as text: the action is the only link', () => {
    const link = `https://practice.example.in/axal/invitations/accept?token=${TOKEN}`;
    const mail = invitationEmail({
      inviterName: 'Ravi https://evil.example/profile',
      workspaceName: 'Acme https://evil.example/login',
      role: 'EMPLOYEE',
      link,
      expiresAt: new Date(NOW.getTime() + 168 * HOURS),
      now: NOW,
    });
    expect(hrefsOf(mail.html)).to.deep.equal([link, link]);
    expect(mail.html).to.contain('join the workspace &quot;Acme https://evil.example/login&quot;');
  });

  it('turn addresses in text into links and escape the rest', () => {
    expect(linksIn('Open https://x.example/a?token=1. Or (https://y.example/b), then stop.')).to.deep.equal([
      'https://x.example/a?token=1',
      'https://y.example/b',
    ]);
    expect(linkifyText('See <https://x.example/a?b=1&token=2> & go')).to.equal(
      'See &lt;<a href="https://x.example/a?b=1&amp;token=2">https://x.example/a?b=1&amp;token=2</a>&gt; &amp; go',
    );
    expect(linkifyText('javascript:alert(1) ftp://x')).to.equal('javascript:alert(1) ftp://x');
  });
});
