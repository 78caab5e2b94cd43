import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import type { BrowserSession } from '../../core/plugin-api/testing/browser';
import { signInBrowserContext } from '../../core/plugin-api/testing/browser-auth';
import { browserSuite, quietWorkspace, settledScreenshot, unexpectedConsoleErrors } from '../../core/plugin-api/testing/browser-suite';
import { STRONG_PASSWORD, TestClient, uniqueEmail } from '../../core/plugin-api/testing/http';
import { latestMailTo, linkTo } from '../../core/plugin-api/testing/mailbox';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';

const PHONE_WIDTH = 360;
const NEW_PASSWORD = 'Fresh#Ledger2027';
const VERIFY_SUBJECT = 'Verify your email address';
const RESET_SUBJECT = 'Reset your Axal Practice password';

/** The light site's toasts on the sign-in pages, Blueprint's in the app they lead to. */
const toast = (page: Page, text: string | RegExp) => page.locator('.site-toast, .bp6-toast').filter({ hasText: text });
const callout = (page: Page, text: string) => page.locator('.auth-callout').filter({ hasText: text });
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('browser: accounts (verified sign-up, invitations by link, password reset)', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  const url = (path: string) => `${sharedHost().baseUrl}${path}`;

  /**
   * Opens the newest message to `to` whose subject starts with `subject` in the development mailbox, as a newcomer
   * would, and follows its link to `path` in the same tab.
   */
  async function followMailboxLink(page: Page, to: string, subject: string, path: string): Promise<string> {
    await page.goto(url('/axal/dev/mailbox'));
    await page.getByLabel('Recipient').fill(to);
    await page.getByRole('button', { name: 'Show' }).click();
    await page
      .getByRole('link', { name: new RegExp(`^${subject}`) })
      .first()
      .click();
    const link = page.getByRole('region', { name: 'Links' }).getByRole('link', { name: new RegExp(`/axal${path}\\?token=`) });
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await page.waitForURL(href);
    return href;
  }

  async function fillSignUp(page: Page, account: { name: string; email?: string }) {
    await page.getByLabel('Full name').fill(account.name);
    if (account.email) await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm password').fill(STRONG_PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
  }

  async function signIn(page: Page, password: string) {
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  const signedInUserOf = async (context: BrowserContext) =>
    ((await (await context.request.get(url('/axal/auth/status'))).json()) as { user: { email: string } | null }).user;

  it('signs up through the form, is refused until the address is verified, verifies from the mailbox and signs in', async () => {
    const session = await suite.open();
    const { page } = session;
    const email = uniqueEmail('verify-journey');
    await page.goto(url('/axal/signup'));
    await fillSignUp(page, { name: 'Nandini Kulkarni', email });
    await toast(page, 'Account created').waitFor();
    await page.waitForURL(url('/axal/login'));
    await callout(page, 'Account created: Please check your email to verify your account.').waitFor();
    expect(await page.getByLabel('Email').inputValue()).to.equal(email);

    await signIn(page, STRONG_PASSWORD);
    const refusal = callout(page, 'Verify your email address');
    await refusal.getByText('Please verify your email address before signing in. We sent you a link when you signed up.').waitFor();
    expect(await signedInUserOf(session.context)).to.equal(null);
    const resentAt = new Date();
    await refusal.getByRole('button', { name: 'Resend verification email' }).click();
    await refusal.getByRole('status').getByText('If this email needs verifying, a new link is on its way.').waitFor();
    await refusal.getByRole('button', { name: 'Resend verification email' }).click();
    await refusal.getByRole('alert').getByText('Please wait before asking for another email.').waitFor();
    await settledScreenshot(session, 'accounts-login-unverified');

    // The resent link replaced the first one: once it has arrived, the newest message carries the link that works.
    await latestMailTo(email, { subject: VERIFY_SUBJECT, since: resentAt });
    const verificationLink = await followMailboxLink(page, email, VERIFY_SUBJECT, '/verify-email');
    await page.getByRole('heading', { name: 'Verify your email address' }).waitFor();
    // Opening the link verified nothing (a mail scanner opens links too): the account is still refused.
    const { csrfToken } = (await (await session.context.request.get(url('/axal/auth/csrf'))).json()) as { csrfToken: string };
    const early = await session.context.request.post(url('/axal/auth/login'), {
      headers: { 'X-CSRF-Token': csrfToken },
      data: { email, password: STRONG_PASSWORD },
    });
    expect(early.status()).to.equal(403);
    await settledScreenshot(session, 'accounts-verify-email');

    await page.getByRole('button', { name: 'Verify email address' }).click();
    await page.getByRole('heading', { name: 'Email address verified' }).waitFor();
    await page.getByRole('status').getByText('Your email address is verified. You can sign in now.').waitFor();
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(url('/axal/login'));
    expect(await page.getByLabel('Email').inputValue()).to.equal(email);
    await signIn(page, STRONG_PASSWORD);
    await toast(page, 'Welcome back, Nandini Kulkarni').waitFor();
    await page.waitForURL(url('/axal/create-workspace'));

    // The link works once.
    await page.goto(verificationLink);
    await page.getByRole('button', { name: 'Verify email address' }).click();
    await page.getByRole('alert').getByText('This verification link is invalid or has already been used.').waitFor();
    await page.getByRole('form', { name: 'Resend verification email' }).waitFor();
    await settledScreenshot(session, 'accounts-verify-email-used');
    expect(unexpectedConsoleErrors(session, [403, 429, 400])).to.deep.equal([]);
  });

  it('an owner invites a colleague from Settings; the colleague signs up, verifies, signs in and accepts from the emailed link', async () => {
    const owner = await suite.open();
    const ownerSignedIn = await signInBrowserContext(owner.context, sharedHost().baseUrl, 'inviting-owner');
    const workspace = await quietWorkspace(ownerSignedIn, 'Rao and Kulkarni Associates');
    const colleagueEmail = uniqueEmail('colleague');

    await owner.page.goto(url(`/axal/w/${workspace.externalId}/settings/members`));
    await owner.page.getByRole('textbox', { name: 'Email address' }).fill(colleagueEmail);
    await owner.page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('EMPLOYEE');
    await owner.page.getByRole('button', { name: 'Invite' }).click();
    await toast(owner.page, 'Invitation sent').waitFor();
    await owner.page.getByRole('list', { name: 'Pending invitations' }).getByText(colleagueEmail).waitFor();

    const colleague = await suite.open({ colorScheme: 'dark' });
    const { page } = colleague;
    const invitationLink = await followMailboxLink(page, colleagueEmail, 'Browser Tester invited you', '/invitations/accept');
    await page.getByRole('heading', { name: 'Join Rao and Kulkarni Associates' }).waitFor();
    await page.getByText('Browser Tester invited you to join as Employee.').waitFor();
    const summary = page.locator('.auth-invitation');
    await summary.getByText(colleagueEmail).waitFor();
    await summary.getByText(/^\d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm) IST$/).waitFor();
    await settledScreenshot(colleague, 'accounts-invitation-signed-out');

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/axal\/signup\?callbackUrl=/);
    expect(await page.getByLabel('Email').inputValue()).to.equal(colleagueEmail);
    await fillSignUp(page, { name: 'Sameer Rao' });
    await page.waitForURL(/\/axal\/login\?callbackUrl=/);

    // The verification link opens in another tab, as from a mail client; its "Log in" still leads back to the invitation.
    const mailTab = await colleague.context.newPage();
    await followMailboxLink(mailTab, colleagueEmail, VERIFY_SUBJECT, '/verify-email');
    await mailTab.getByRole('button', { name: 'Verify email address' }).click();
    await mailTab.getByRole('heading', { name: 'Email address verified' }).waitFor();
    await mailTab.getByRole('link', { name: 'Log in' }).click();
    await mailTab.waitForURL(/\/axal\/login\?callbackUrl=/);
    await signIn(mailTab, STRONG_PASSWORD);
    await mailTab.waitForURL(invitationLink);
    await mailTab.close();

    await page.goto(invitationLink);
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await toast(page, 'Welcome to Rao and Kulkarni Associates.').waitFor();
    await page.waitForURL(url(`/axal/w/${workspace.externalId}/dashboard`));
    await page.getByRole('navigation', { name: 'Workspace' }).waitFor();
    expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).to.equal(true);

    await owner.page.reload();
    await owner.page.getByRole('list', { name: 'Members' }).getByText(colleagueEmail).waitFor();
    await owner.page.getByText('No pending invitations.').waitFor();
    await settledScreenshot(owner, 'accounts-invitation-accepted-owner');

    // Accepted once: the link is spent.
    await page.goto(invitationLink);
    await page.getByRole('heading', { name: 'Invitation unavailable' }).waitFor();
    await page.getByRole('alert').getByText('This invitation link is invalid, or the invitation was revoked or already accepted.').waitFor();
    expect(unexpectedConsoleErrors(owner)).to.deep.equal([]);
    // The spent link's lookup answers 404.
    expect(unexpectedConsoleErrors(colleague, [404])).to.deep.equal([]);
  });

  it('an invitation opened while signed in with another address offers to switch accounts', async () => {
    const owner = new TestClient(sharedHost().baseUrl);
    const ownerSession = await owner.signedInUser('switch-owner');
    const workspace = await owner.createWorkspace(ownerSession, 'Menon Tax Chambers');
    const invitedEmail = uniqueEmail('invited');
    const invited = await ownerSession.agent
      .post(`/axal/api/v1/workspaces/${workspace.externalId}/members`)
      .set('X-CSRF-Token', ownerSession.csrf)
      .send({ email: invitedEmail, role: 'ADMIN' });
    expect(invited.status).to.equal(202);
    const invitationLink = linkTo(await latestMailTo(invitedEmail, { subject: 'invited you' }), '/invitations/accept');

    const session = await suite.open();
    const someoneElse = await signInBrowserContext(session.context, sharedHost().baseUrl, 'someone-else');
    const { page } = session;
    await page.goto(invitationLink);
    const warning = callout(page, 'Signed in with another address');
    await warning
      .getByText(`This invitation was sent to ${invitedEmail}, but you are signed in as ${someoneElse.email}.`, { exact: false })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Accept invitation' }).count()).to.equal(0);
    await settledScreenshot(session, 'accounts-invitation-other-account');

    await page.getByRole('button', { name: 'Sign out and switch account' }).click();
    await page.waitForURL(url(`/axal/login?callbackUrl=${encodeURIComponent(new URL(invitationLink).pathname + new URL(invitationLink).search)}`));
    expect(await page.getByLabel('Email').inputValue()).to.equal(invitedEmail);
    expect(await signedInUserOf(session.context)).to.equal(null);
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it('resets a forgotten password from the emailed link: other sessions end, the old password stops working', async () => {
    const signedInElsewhere = await suite.open();
    const account = await signInBrowserContext(signedInElsewhere.context, sharedHost().baseUrl, 'forgetful');
    await signedInElsewhere.page.goto(url('/axal/profile'));
    await signedInElsewhere.page.getByRole('heading', { name: 'Your profile' }).waitFor();

    const session = await suite.open();
    const { page } = session;
    await page.goto(url('/axal/login'));
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(url('/axal/forgot-password'));
    // The address typed on the login page comes along; the button is reached and pressed from the keyboard.
    expect(await page.getByLabel('Email').inputValue()).to.equal(account.email);
    await page.getByLabel('Email').press('Enter');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByRole('status').getByText('If an account exists for this email, we have sent a link to reset its password.').waitFor();

    const resetLink = await followMailboxLink(page, account.email, RESET_SUBJECT, '/reset-password');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const password = page.getByLabel('New password', { exact: true });
    await password.fill('ledger123');
    await page.getByLabel('Confirm password').fill('ledger');
    await page.getByRole('button', { name: 'Reset password' }).click();
    expect(await page.locator('#reset-password-errors li').allTextContents()).to.include.members([
      'Password must be at least 12 characters',
      'Password must contain at least one uppercase letter',
    ]);
    expect(await page.locator('#reset-confirmPassword-errors').textContent()).to.equal("Passwords don't match");
    await page.getByRole('button', { name: 'Show password' }).first().click();
    expect(await password.getAttribute('type')).to.equal('text');
    await password.fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await settledScreenshot(session, 'accounts-reset-password');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await toast(page, 'Password reset').waitFor();
    await page.waitForURL(url('/axal/login'));
    await callout(page, 'Your password has been reset. Sign in with your new password.').waitFor();

    // Every session of the account ended, the one that never asked for the reset included.
    expect(await signedInUserOf(signedInElsewhere.context)).to.equal(null);
    await signedInElsewhere.page.goto(url('/axal/profile'));
    await signedInElsewhere.page.waitForURL(url(`/axal/login?callbackUrl=${encodeURIComponent('/axal/profile')}`));

    await page.getByLabel('Email').fill(account.email);
    await signIn(page, account.password);
    await toast(page, 'Invalid email or password').waitFor();
    await signIn(page, NEW_PASSWORD);
    await toast(page, 'Welcome back, Browser Tester').waitFor();
    await page.waitForURL(url('/axal/create-workspace'));

    await page.goto(resetLink);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD.replace('2027', '2028'));
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD.replace('2027', '2028'));
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('alert').getByText('This password reset link is invalid or has already been used.').waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL(url('/axal/forgot-password'));
    // A wrong old password (401) and the spent link (400) are refused on purpose.
    expect(unexpectedConsoleErrors(session, [401, 400])).to.deep.equal([]);
  });

  it('asks the same of an unknown address, and says when to wait', async () => {
    const session = await suite.open();
    const { page } = session;
    const unknown = uniqueEmail('nobody');
    const askFor = async (email: string) => {
      await page.goto(url('/axal/forgot-password'));
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
    };
    await askFor(unknown);
    await page.getByRole('status').getByText('If an account exists for this email, we have sent a link to reset its password.').waitFor();
    await askFor(unknown);
    await page.getByRole('alert').getByText('Please wait before asking for another email.').waitFor();
    await settledScreenshot(session, 'accounts-forgot-password-throttled');
    expect(unexpectedConsoleErrors(session, [429])).to.deep.equal([]);
  });

  describe('at 360 px, light and dark', () => {
    let invitationLink: string;
    before(async () => {
      const client = new TestClient(sharedHost().baseUrl);
      const owner = await client.signedInUser('narrow-owner');
      const workspace = await client.createWorkspace(owner, 'Venkataraman Chartered Accountants');
      const invitedEmail = uniqueEmail('a-rather-long-invited-address-for-narrow-screens');
      await owner.agent
        .post(`/axal/api/v1/workspaces/${workspace.externalId}/members`)
        .set('X-CSRF-Token', owner.csrf)
        .send({ email: invitedEmail, role: 'CLIENT' })
        .expect(202);
      invitationLink = linkTo(await latestMailTo(invitedEmail, { subject: 'invited you' }), '/invitations/accept');
    });

    const pages: Array<{ name: string; path: () => string; heading: string }> = [
      { name: 'verify-email', path: () => '/axal/verify-email?token=not-a-real-token', heading: 'Verify your email address' },
      { name: 'forgot-password', path: () => '/axal/forgot-password', heading: 'Forgot your password?' },
      { name: 'reset-password', path: () => '/axal/reset-password?token=not-a-real-token', heading: 'Choose a new password' },
      { name: 'reset-password-without-token', path: () => '/axal/reset-password', heading: 'This link did not work' },
      {
        name: 'invitation',
        path: () => new URL(invitationLink).pathname + new URL(invitationLink).search,
        heading: 'Join Venkataraman Chartered Accountants',
      },
    ];

    for (const colorScheme of ['light', 'dark'] as const) {
      for (const { name, path, heading } of pages) {
        it(`${name} (${colorScheme})`, async () => {
          const session: BrowserSession = await suite.open({ colorScheme });
          const { page } = session;
          await page.setViewportSize({ width: PHONE_WIDTH, height: 760 });
          await page.goto(url(path()));
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).to.equal(colorScheme === 'dark');
          expect(await overflowsSideways(page), 'scrolls sideways').to.equal(false);
          await settledScreenshot(session, `accounts-${name}-narrow-${colorScheme}`);
          expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
        });
      }
    }

    it('the verification link that did not work offers to sign in or resend, reachable by keyboard', async () => {
      const session = await suite.open({ colorScheme: 'dark' });
      const { page } = session;
      await page.setViewportSize({ width: PHONE_WIDTH, height: 760 });
      await page.goto(url('/axal/verify-email?token=not-a-real-token'));
      await page.getByRole('heading', { name: 'Verify your email address' }).waitFor();
      // The button has the focus when the page opens.
      await page.keyboard.press('Enter');
      await page.getByRole('alert').getByText('This verification link is invalid or has already been used.').waitFor();
      await page.getByRole('link', { name: 'Log in' }).waitFor();
      await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('unknown-verify'));
      await page.getByLabel('Email', { exact: true }).press('Enter');
      await page.getByRole('status').getByText('If this email needs verifying, a new link is on its way.').waitFor();
      expect(await overflowsSideways(page), 'scrolls sideways').to.equal(false);
      await settledScreenshot(session, 'accounts-verify-email-refused-narrow-dark');
      expect(unexpectedConsoleErrors(session, [400])).to.deep.equal([]);
    });
  });
});
