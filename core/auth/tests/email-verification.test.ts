import { expect } from 'chai';
import { API, APP, createWorkspace, newAgent, signedInUser, STRONG_PASSWORD, uniqueEmail } from '../../plugin-api/testing/http';
import { linkTo } from '../../plugin-api/testing/mailbox';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import {
  activityOf,
  aMinuteLater,
  expireToken,
  loginStatus,
  mailedToken,
  mailsSince,
  postAuth,
  RESET_SUBJECT,
  sessionIndexOf,
  tokenRow,
  unverifiedAccount,
  userRow,
  VERIFY_SUBJECT,
} from './account-links';
import { sessionCookieOf } from './support';

const VERIFIED = 'Your email address is verified. You can sign in now.';
const INVALID_LINK = { error: 'This verification link is invalid or has already been used.' };
const EXPIRED_LINK = { error: 'This verification link has expired. Sign in to request a new one.' };
const VERIFICATION_REQUIRED = {
  error: 'Please verify your email address before signing in. We sent you a link when you signed up.',
  verificationRequired: true,
};
const ON_ITS_WAY = { message: 'If this email needs verifying, a new link is on its way.' };
const WAIT = { error: 'Please wait before asking for another email.' };
const DAY_MS = 24 * 60 * 60 * 1000;

const verify = (token: unknown) => postAuth('verify-email', { token });
const resend = (email: string) => postAuth('resend-verification', { email });

describe('verified sign-up: {app}/auth/verify-email and resend-verification', () => {
  describe('the verification link', () => {
    it('sign-up mails a 24-hour link to the host; posting its token verifies the address, and then sign-in works', async () => {
      const { email, password } = await unverifiedAccount();
      const { message, token } = await mailedToken(email, VERIFY_SUBJECT, '/verify-email');
      expect(linkTo(message, '/verify-email')).to.equal(`${sharedHost().baseUrl}${APP}/verify-email?token=${token}`);
      expect(message.text).to.include('expires in 24 hours');
      const row = await tokenRow(token);
      expect(row?.purpose).to.equal('verify-email');
      expect(row?.token_hash).not.to.include(token);
      expect(row!.expires_at.getTime()).to.be.within(Date.now() + DAY_MS - 60_000, Date.now() + DAY_MS);

      const verified = await verify(token);
      expect(verified.status, JSON.stringify(verified.body)).to.equal(200);
      expect(verified.body).to.deep.equal({ message: VERIFIED, email });
      expect((await userRow(email)).email_verified_at).to.be.instanceOf(Date);
      expect(await activityOf(email, 'user.email_verified')).to.have.length(1);
      expect(await loginStatus(email, password)).to.equal(200);
    });

    it('works once: the same token again is an invalid link', async () => {
      const { email } = await unverifiedAccount();
      const { token } = await mailedToken(email, VERIFY_SUBJECT, '/verify-email');
      await verify(token).then((response) => expect(response.status).to.equal(200));
      const again = await verify(token);
      expect(again.status).to.equal(400);
      expect(again.body).to.deep.equal(INVALID_LINK);
    });

    it('of two requests carrying one token at once, exactly one verifies', async () => {
      const { email } = await unverifiedAccount();
      const { token } = await mailedToken(email, VERIFY_SUBJECT, '/verify-email');
      const answers = await Promise.all([verify(token), verify(token), verify(token)]);
      expect(answers.map((answer) => answer.status).sort((a, b) => a - b)).to.deep.equal([200, 400, 400]);
      expect(await activityOf(email, 'user.email_verified')).to.have.length(1);
    });

    it('an expired link is refused with its own message and verifies nothing', async () => {
      const { email, password } = await unverifiedAccount();
      const { token } = await mailedToken(email, VERIFY_SUBJECT, '/verify-email');
      await expireToken(token);
      const response = await verify(token);
      expect(response.status).to.equal(400);
      expect(response.body).to.deep.equal(EXPIRED_LINK);
      expect((await userRow(email)).email_verified_at).to.equal(null);
      expect(await loginStatus(email, password)).to.equal(403);
    });

    const malformed: Array<[string, unknown]> = [
      ['missing', undefined],
      ['empty', ''],
      ['too short', 'abc'],
      ['a number', 42],
      ['an array', ['x'.repeat(43)]],
      ['null', null],
      ['43 characters with a NUL', `${'A'.repeat(42)}\u0000`],
      ['well formed but never issued', 'A'.repeat(43)],
    ];
    for (const [label, token] of malformed) {
      it(`a token that is ${label} is an invalid link (400)`, async () => {
        const response = await verify(token);
        expect(response.status).to.equal(400);
        expect(response.body).to.deep.equal(INVALID_LINK);
      });
    }

    it('a body that is an array is an invalid link too', async () => {
      const { agent, csrf } = await newAgent();
      const response = await agent.post(`${APP}/auth/verify-email`).set('X-CSRF-Token', csrf).set('Content-Type', 'application/json').send('[]');
      expect(response.status).to.equal(400);
      expect(response.body).to.deep.equal(INVALID_LINK);
    });

    it('a mail scanner opening the link verifies nothing: the GET is the web page, which asks before it posts', async () => {
      const { email, password } = await unverifiedAccount();
      const { message, token } = await mailedToken(email, VERIFY_SUBJECT, '/verify-email');
      const opened = await fetch(linkTo(message, '/verify-email'));
      // The shell's page, or the note that it is not built yet: never an answer of the verification route.
      expect(opened.headers.get('content-type')).to.match(/^text\/(html|plain)/);
      expect(await opened.text()).not.to.include(VERIFIED);
      expect((await userRow(email)).email_verified_at).to.equal(null);
      expect(await loginStatus(email, password)).to.equal(403);
      expect((await verify(token)).status).to.equal(200);
    });

    it('a link for an address verified meanwhile (by a password reset) still answers 200', async () => {
      const { email } = await unverifiedAccount();
      const { token } = await mailedToken(email, VERIFY_SUBJECT, '/verify-email');
      await postAuth('forgot-password', { email }).then((response) => expect(response.status).to.equal(202));
      const reset = await mailedToken(email, RESET_SUBJECT, '/reset-password');
      const password = 'Second$Ledger2027';
      const resetAnswer = await postAuth('reset-password', { token: reset.token, password, confirmPassword: password });
      expect(resetAnswer.status, JSON.stringify(resetAnswer.body)).to.equal(200);
      expect((await userRow(email)).email_verified_at).to.be.instanceOf(Date);

      const response = await verify(token);
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.equal({ message: VERIFIED, email });
      expect(await activityOf(email, 'user.email_verified')).to.have.length(0);
    });

    it('sign-up grants nothing: an invitation waiting for the address is not accepted by signing up, verifying or signing in', async () => {
      const owner = await signedInUser('inviter');
      const workspace = await createWorkspace(owner);
      const email = uniqueEmail('invited');
      await owner.agent
        .post(`${API}/workspaces/${workspace.externalId}/members`)
        .set('X-CSRF-Token', owner.csrf)
        .send({ email, role: 'ADMIN' })
        .expect(202);
      const invited = await sharedHost().signedInUser('invited', { email });
      expect((await invited.agent.get(`${API}/workspaces`).expect(200)).body.workspaces).to.deep.equal([]);
      await invited.agent.get(`${API}/workspaces/${workspace.externalId}/role`).expect(404);
    });
  });

  describe('signing in before verifying', () => {
    it('the right password answers 403 with verificationRequired, and no session is made', async () => {
      const { email, password } = await unverifiedAccount();
      const { agent, csrf } = await newAgent();
      const response = await agent.post(`${APP}/auth/login`).set('X-CSRF-Token', csrf).send({ email, password });
      expect(response.status).to.equal(403);
      expect(response.body).to.deep.equal(VERIFICATION_REQUIRED);
      expect(sessionCookieOf(response)).to.equal(null);
      await agent.get(`${APP}/auth/session`).expect(401);
      expect(await sessionIndexOf(email)).to.deep.equal([]);
    });

    it('a wrong password answers 401 as for any account: the verification state never leaks to a wrong password', async () => {
      const { email } = await unverifiedAccount();
      const response = await postAuth('login', { email, password: `${STRONG_PASSWORD}x` });
      expect(response.status).to.equal(401);
      expect(response.body).to.deep.equal({ error: 'Invalid email or password' });
    });
  });

  describe('POST {app}/auth/resend-verification', () => {
    it('mails a new link; the older one stops working and the new one verifies', async () => {
      const { email, password } = await unverifiedAccount();
      const first = await mailedToken(email, VERIFY_SUBJECT, '/verify-email');
      const since = new Date();
      const response = await resend(email.toUpperCase());
      expect(response.status).to.equal(202);
      expect(response.body).to.deep.equal(ON_ITS_WAY);
      const second = await mailedToken(email, VERIFY_SUBJECT, '/verify-email', since);
      expect(second.token).not.to.equal(first.token);
      expect((await verify(first.token)).body).to.deep.equal(INVALID_LINK);
      expect((await verify(second.token)).status).to.equal(200);
      expect(await loginStatus(email, password)).to.equal(200);
    });

    it('answers alike for an unknown address, a verified and an unverified account, and mails only the unverified one', async () => {
      const unverified = await unverifiedAccount();
      await mailedToken(unverified.email, VERIFY_SUBJECT, '/verify-email');
      const verified = await sharedHost().verifiedAccount('verified');
      const unknown = uniqueEmail('nobody');
      const since = new Date();
      const answers = await Promise.all([resend(unknown), resend(verified.email), resend(unverified.email)]);
      for (const answer of answers) {
        expect(answer.status).to.equal(202);
        expect(answer.body).to.deep.equal(ON_ITS_WAY);
      }
      await mailedToken(unverified.email, VERIFY_SUBJECT, '/verify-email', since);
      // A later message to the verified account marks the point by which a verification mail would have arrived.
      await postAuth('forgot-password', { email: verified.email });
      await mailedToken(verified.email, RESET_SUBJECT, '/reset-password', since);
      expect(await mailsSince(verified.email, VERIFY_SUBJECT, since)).to.deep.equal([]);
      expect(await mailsSince(unknown, VERIFY_SUBJECT, since)).to.deep.equal([]);
    });

    it('allows one request a minute per address, whether an account has it or not: 429 with Retry-After', async () => {
      const { email } = await unverifiedAccount();
      const unknown = uniqueEmail('nobody');
      for (const address of [email, unknown]) {
        expect((await resend(address)).status).to.equal(202);
        const refused = await resend(address.toUpperCase());
        expect(refused.status).to.equal(429);
        expect(refused.body).to.deep.equal(WAIT);
        expect(Number(refused.headers['retry-after'])).to.be.within(1, 60);
      }
    });

    it('allows five requests an hour per address', async () => {
      const email = uniqueEmail('patient');
      for (let request = 1; request <= 5; request += 1) {
        expect((await resend(email)).status, `request ${request}`).to.equal(202);
        await aMinuteLater('verify', email);
      }
      const sixth = await resend(email);
      expect(sixth.status).to.equal(429);
      expect(sixth.body).to.deep.equal(WAIT);
      expect(Number(sixth.headers['retry-after'])).to.be.within(61, 60 * 60);
    });

    it('counts verification and password reset requests apart', async () => {
      const email = uniqueEmail('both');
      expect((await resend(email)).status).to.equal(202);
      expect((await postAuth('forgot-password', { email })).status).to.equal(202);
    });

    it('refuses a malformed address with 400', async () => {
      for (const email of ['not-an-email', `a\u0000@firm.example`, 42, undefined]) {
        const response = await resend(email as string);
        expect(response.status, String(email)).to.equal(400);
        expect(response.body.error).to.be.a('string');
      }
    });
  });
});
