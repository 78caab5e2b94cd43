import { expect } from 'chai';
import { API, APP, newAgent, signedInUser, STRONG_PASSWORD, uniqueEmail } from '../../plugin-api/testing/http';
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

const LINK_SENT = { message: 'If an account exists for this email, we have sent a link to reset its password.' };
const RESET_DONE = { message: 'Your password has been reset. Sign in with your new password.' };
const INVALID_LINK = { error: 'This password reset link is invalid or has already been used.' };
const EXPIRED_LINK = { error: 'This password reset link has expired. Ask for a new one.' };
const WAIT = { error: 'Please wait before asking for another email.' };
const NEW_PASSWORD = 'Renewed$Ledger2027';
const HOUR_MS = 60 * 60 * 1000;

const forgot = (email: string) => postAuth('forgot-password', { email });
const reset = (token: unknown, password = NEW_PASSWORD, confirmPassword = password) =>
  postAuth('reset-password', { token, password, confirmPassword });

/** Asks for a reset link for `email` and answers its token, taken from the mail as its reader would. */
async function resetToken(email: string): Promise<string> {
  const since = new Date();
  expect((await forgot(email)).status).to.equal(202);
  return (await mailedToken(email, RESET_SUBJECT, '/reset-password', since)).token;
}

describe('password reset: {app}/auth/forgot-password and reset-password', () => {
  describe('POST {app}/auth/forgot-password', () => {
    it('answers a known and an unknown address alike, and mails a 1-hour link only to the known one', async () => {
      const known = await sharedHost().verifiedAccount('forgetful');
      const unknown = uniqueEmail('nobody');
      const since = new Date();
      const unknownAnswer = await forgot(unknown);
      const knownAnswer = await forgot(known.email);
      for (const answer of [unknownAnswer, knownAnswer]) {
        expect(answer.status).to.equal(202);
        expect(answer.body).to.deep.equal(LINK_SENT);
      }
      const { message, token } = await mailedToken(known.email, RESET_SUBJECT, '/reset-password', since);
      expect(linkTo(message, '/reset-password')).to.equal(`${sharedHost().baseUrl}${APP}/reset-password?token=${token}`);
      expect(message.text).to.include('expires in 1 hour');
      const row = await tokenRow(token);
      expect(row?.purpose).to.equal('reset-password');
      expect(row!.expires_at.getTime()).to.be.within(Date.now() + HOUR_MS - 60_000, Date.now() + HOUR_MS);
      // The unknown address was asked first: its mail, had there been one, would have come before the known one's.
      expect(await mailsSince(unknown, RESET_SUBJECT, since)).to.deep.equal([]);
    });

    it('allows one request a minute and five an hour per address, known or not: 429 with Retry-After', async () => {
      const { email } = await sharedHost().verifiedAccount('impatient');
      for (const address of [email, uniqueEmail('nobody')]) {
        expect((await forgot(address)).status).to.equal(202);
        const refused = await forgot(address.toUpperCase());
        expect(refused.status).to.equal(429);
        expect(refused.body).to.deep.equal(WAIT);
        expect(Number(refused.headers['retry-after'])).to.be.within(1, 60);
      }
      for (let request = 2; request <= 5; request += 1) {
        await aMinuteLater('reset', email);
        expect((await forgot(email)).status, `request ${request}`).to.equal(202);
      }
      await aMinuteLater('reset', email);
      const sixth = await forgot(email);
      expect(sixth.status).to.equal(429);
      expect(Number(sixth.headers['retry-after'])).to.be.within(61, 60 * 60);
    });

    it('a new link replaces the older unused one', async () => {
      const { email, password } = await sharedHost().verifiedAccount('twice');
      const first = await resetToken(email);
      await aMinuteLater('reset', email);
      const second = await resetToken(email);
      expect((await reset(first)).body).to.deep.equal(INVALID_LINK);
      expect(await loginStatus(email, password)).to.equal(200);
      expect((await reset(second)).status).to.equal(200);
    });

    it('refuses a malformed address with 400', async () => {
      const response = await forgot('not-an-email');
      expect(response.status).to.equal(400);
      expect(response.body.error).to.equal('Please enter a valid email address');
    });
  });

  describe('POST {app}/auth/reset-password', () => {
    it("sets the new password and ends every session of the account, this browser's and another's; the old password stops working", async () => {
      const user = await signedInUser('reset');
      const elsewhere = await newAgent();
      await elsewhere.agent
        .post(`${APP}/auth/login`)
        .set('X-CSRF-Token', elsewhere.csrf)
        .send({ email: user.user.email, password: user.password })
        .expect(200);
      expect(await sessionIndexOf(user.user.email)).to.have.length(2);
      const token = await resetToken(user.user.email);

      const response = await reset(token);
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      expect(response.body).to.deep.equal(RESET_DONE);
      await user.agent.get(`${APP}/auth/session`).expect(401);
      await elsewhere.agent.get(`${API}/me`).expect(401);
      expect(await sessionIndexOf(user.user.email)).to.deep.equal([]);
      expect(await loginStatus(user.user.email, STRONG_PASSWORD)).to.equal(401);
      expect(await loginStatus(user.user.email, NEW_PASSWORD)).to.equal(200);
      expect((await activityOf(user.user.email, 'user.password_reset')).map((entry) => entry.metadata)).to.deep.equal([{ endedSessions: 2 }]);
    });

    it('refuses a password that breaks the sign-up rules or does not match, and the link still works afterwards', async () => {
      const { email } = await sharedHost().verifiedAccount('weak');
      const token = await resetToken(email);
      const weak = await reset(token, 'Sh0rt#Pw');
      expect(weak.status).to.equal(400);
      expect(weak.body).to.deep.equal({
        error: 'Password must be at least 12 characters',
        details: { password: ['Password must be at least 12 characters'] },
      });
      const common = await reset(token, 'My#Password2026');
      expect(common.body.error).to.equal('Password must not contain common patterns like "password", "123" or "abc"');
      const mismatch = await reset(token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
      expect(mismatch.status).to.equal(400);
      expect(mismatch.body).to.deep.equal({ error: "Passwords don't match", details: { confirmPassword: ["Passwords don't match"] } });
      expect((await tokenRow(token))?.used_at).to.equal(null);
      expect((await reset(token)).status).to.equal(200);
    });

    it('works once: the same link again is refused and changes nothing', async () => {
      const { email } = await sharedHost().verifiedAccount('once');
      const token = await resetToken(email);
      expect((await reset(token)).status).to.equal(200);
      const again = await reset(token, 'Another$Ledger2028');
      expect(again.status).to.equal(400);
      expect(again.body).to.deep.equal(INVALID_LINK);
      expect(await loginStatus(email, NEW_PASSWORD)).to.equal(200);
    });

    it('of two resets carrying one link at once, exactly one sets its password', async () => {
      const { email } = await sharedHost().verifiedAccount('race');
      const token = await resetToken(email);
      const answers = await Promise.all([reset(token, 'Racing$Ledger2027'), reset(token, 'Rushing$Ledger2028')]);
      expect(answers.map((answer) => answer.status).sort((a, b) => a - b)).to.deep.equal([200, 400]);
      const winner = answers[0].status === 200 ? 'Racing$Ledger2027' : 'Rushing$Ledger2028';
      expect(await loginStatus(email, winner)).to.equal(200);
    });

    it('an expired link is refused with its own message, and the password stays', async () => {
      const { email, password } = await sharedHost().verifiedAccount('late');
      const token = await resetToken(email);
      await expireToken(token);
      const response = await reset(token);
      expect(response.status).to.equal(400);
      expect(response.body).to.deep.equal(EXPIRED_LINK);
      expect(await loginStatus(email, password)).to.equal(200);
    });

    it('tells a dead link before the password rules, and a malformed or missing token is an invalid link', async () => {
      for (const token of [undefined, '', 'abc', 42, 'A'.repeat(43), `${'A'.repeat(42)}\u0000`]) {
        const response = await reset(token, 'weak');
        expect(response.status, String(token)).to.equal(400);
        expect(response.body, String(token)).to.deep.equal(INVALID_LINK);
      }
    });

    it('a verification link is not a reset link', async () => {
      const { email } = await unverifiedAccount('mixed');
      const { token } = await mailedToken(email, VERIFY_SUBJECT, '/verify-email');
      expect((await reset(token)).body).to.deep.equal(INVALID_LINK);
      expect((await postAuth('verify-email', { token })).status).to.equal(200);
    });

    it('proves the address of an account that never verified it: sign-in works with the new password', async () => {
      const { email, password } = await unverifiedAccount('unproven');
      expect(await loginStatus(email, password)).to.equal(403);
      expect((await reset(await resetToken(email))).status).to.equal(200);
      expect((await userRow(email)).email_verified_at).to.be.instanceOf(Date);
      expect(await loginStatus(email, NEW_PASSWORD)).to.equal(200);
    });
  });
});
