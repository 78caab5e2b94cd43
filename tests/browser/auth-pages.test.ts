import { expect } from 'chai';
import type { ConsoleMessage, Page } from 'playwright-core';
import type { BrowserSession } from '../../core/plugin-api/testing/browser';
import { signInBrowserContext } from '../../core/plugin-api/testing/browser-auth';
import { browserSuite } from '../../core/plugin-api/testing/browser-suite';
import { createWorkspace, newAgent, signedInUser, signUp, STRONG_PASSWORD, TestClient, uniqueEmail } from '../../core/plugin-api/testing/http';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';
import { startTestHost, type RunningHost } from '../../core/plugin-api/testing/test-host';

/**
 * Chromium logs every 4xx answer to a fetch as a console error. These are the answers the journeys expect: the
 * session probe of a signed-out visitor, a refused sign-in and an already registered email. Anything else fails.
 */
const EXPECTED_ANSWERS = [
  { status: 401, path: '/axal/auth/login' },
  { status: 409, path: '/axal/auth/signup' },
];

function isExpectedAnswer(message: ConsoleMessage): boolean {
  const resource = message.location().url;
  if (!message.text().startsWith('Failed to load resource') || !resource) return false;
  const { pathname } = new URL(resource);
  return EXPECTED_ANSWERS.some((answer) => pathname === answer.path && message.text().includes(`status of ${answer.status} `));
}

interface AuthSession extends BrowserSession {
  /** Console errors other than the expected answers above. */
  unexpectedErrors: string[];
}

/** The light site's toasts on the sign-in pages, Blueprint's in the app they lead to. */
const toast = (page: Page) => page.locator('.site-toast, .bp6-toast');
const fieldErrors = (page: Page, inputId: string) => page.locator(`#${inputId}-errors`);

describe('browser: sign-up, login and the pages around them', function () {
  this.timeout(60_000);
  const browser = browserSuite();
  const url = (path: string, baseUrl = sharedHost().baseUrl) => `${baseUrl}${path}`;

  async function visit(path: string, options: { colorScheme?: 'light' | 'dark'; baseUrl?: string; signedIn?: boolean } = {}): Promise<AuthSession> {
    const opened = await browser.open({ colorScheme: options.colorScheme });
    const session: AuthSession = Object.assign(opened, { unexpectedErrors: [] as string[] });
    session.page.on('console', (message) => {
      if (message.type() === 'error' && !isExpectedAnswer(message)) session.unexpectedErrors.push(message.text());
    });
    session.page.on('pageerror', (error) => session.unexpectedErrors.push(error.message));
    if (options.signedIn) await signInBrowserContext(session.context, options.baseUrl ?? sharedHost().baseUrl);
    await session.page.goto(url(path, options.baseUrl));
    return session;
  }

  const expectCleanConsole = (session: AuthSession) => expect(session.unexpectedErrors, 'console errors').to.deep.equal([]);

  /** An account made over HTTP, not verified yet: enough to be "already registered". */
  async function registeredAccount(name = 'Asha Mehta') {
    const { agent, csrf } = await newAgent();
    const email = uniqueEmail('browser-login');
    const { response } = await signUp(agent, csrf, { name, email });
    expect(response.status).to.equal(201);
    return { name, email, password: STRONG_PASSWORD };
  }

  /** An account made and verified over HTTP, ready to sign in with in the browser. */
  const verifiedAccount = (name: string) => new TestClient(sharedHost().baseUrl).verifiedAccount('browser-login', { name });

  async function fillLogin(page: Page, email: string, password: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  describe('sign-up', () => {
    it('shows every rule of spec 5.2 inline under its field, needs the terms ticked, then creates the account and opens login', async () => {
      const session = await visit('/axal/signup');
      const { page } = session;
      const createAccount = page.getByRole('button', { name: 'Create account' });
      await createAccount.click();
      expect(await fieldErrors(page, 'signup-name').textContent()).to.equal('Name must be at least 3 characters');
      expect(await fieldErrors(page, 'signup-email').textContent()).to.equal('Please enter a valid email address');
      expect(await fieldErrors(page, 'signup-password').textContent()).to.include('Password must be at least 12 characters');
      expect(await fieldErrors(page, 'signup-acceptTerms').textContent()).to.include('Please accept the Terms of Service and Privacy Policy');
      expect(await page.evaluate(() => document.activeElement?.id)).to.equal('signup-name');
      await session.screenshot('auth-signup-empty-submit');

      await page.getByLabel('Full name').fill('Asha M3hta');
      expect(await fieldErrors(page, 'signup-name').textContent()).to.equal('Name can only contain letters and spaces');
      await page.getByLabel('Full name').fill('Asha Mehta');
      expect(await fieldErrors(page, 'signup-name').count()).to.equal(0);

      await page.getByLabel('Email').fill('asha.mehta@');
      expect(await fieldErrors(page, 'signup-email').textContent()).to.equal('Please enter a valid email address');

      await page.getByLabel('Password', { exact: true }).fill('ledger123');
      const passwordMessages = await fieldErrors(page, 'signup-password').locator('li').allTextContents();
      expect(passwordMessages).to.include.members([
        'Password must be at least 12 characters',
        'Password must contain at least one uppercase letter',
        'Password must contain at least one special character',
        'Password must not contain common patterns like "password", "123" or "abc"',
      ]);
      await page.getByLabel('Password', { exact: true }).fill('Sturdy#Ledgerrr26');
      expect(await fieldErrors(page, 'signup-password').textContent()).to.equal('Password must not repeat a character more than twice in a row');

      await page.getByLabel('Confirm password').fill('Sturdy#Ledger2026');
      expect(await fieldErrors(page, 'signup-confirmPassword').textContent()).to.equal("Passwords don't match");
      await session.screenshot('auth-signup-invalid');

      const email = uniqueEmail('browser-signup');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
      await page.getByLabel('Confirm password').fill(STRONG_PASSWORD);
      for (const field of ['name', 'email', 'password', 'confirmPassword'])
        expect(await fieldErrors(page, `signup-${field}`).count(), field).to.equal(0);
      await createAccount.click();
      expect(await fieldErrors(page, 'signup-acceptTerms').textContent()).to.include('Please accept the Terms of Service and Privacy Policy');
      expect(
        session.requests.some((request) => request.endsWith('/axal/auth/signup')),
        'no sign-up without the terms',
      ).to.equal(false);

      const terms = page.getByRole('checkbox', { name: /I agree to the Terms of Service/ });
      await terms.focus();
      await page.keyboard.press('Space');
      expect(await terms.isChecked()).to.equal(true);
      expect(await fieldErrors(page, 'signup-acceptTerms').count()).to.equal(0);
      await createAccount.click();
      await toast(page).getByText('Account created').waitFor();
      await toast(page).getByText('Please check your email to verify your account.').waitFor();
      await page.waitForURL(url('/axal/login'));
      expect(await page.getByLabel('Email').inputValue()).to.equal(email);
      await page.getByRole('status').getByText('Account created: Please check your email to verify your account.').waitFor();
      await session.screenshot('auth-signup-success-login');
      expectCleanConsole(session);
    });

    it('an email that is already registered: "Account exists"', async () => {
      const account = await registeredAccount();
      const session = await visit('/axal/signup');
      const { page } = session;
      await page.getByLabel('Full name').fill('Asha Mehta');
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
      await page.getByLabel('Confirm password').fill(STRONG_PASSWORD);
      await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
      await page.getByRole('button', { name: 'Create account' }).click();
      await toast(page).getByText('Account exists').waitFor();
      await toast(page).getByText('This email is already registered. Please login instead.').waitFor();
      expect(page.url()).to.equal(url('/axal/signup'));
      await session.screenshot('auth-signup-exists');
      expectCleanConsole(session);
    });
  });

  describe('login', () => {
    it('checks the fields, refuses a wrong password with "Invalid email or password", then signs in with a spinner and returns to the callbackUrl', async () => {
      const account = await verifiedAccount('Kavya Raghunathan');
      const session = await visit(`/axal/login?callbackUrl=${encodeURIComponent('/axal/profile')}`);
      const { page } = session;
      await page.getByRole('button', { name: 'Sign In' }).click();
      expect(await fieldErrors(page, 'login-email').textContent()).to.equal('Invalid email address');
      expect(await fieldErrors(page, 'login-password').textContent()).to.equal('Password must be at least 8 characters');

      const password = page.getByLabel('Password', { exact: true });
      await password.fill('Wrong#Guess2026');
      await page.getByRole('button', { name: 'Show password' }).click();
      expect(await password.getAttribute('type')).to.equal('text');
      await page.getByRole('button', { name: 'Hide password' }).click();
      expect(await password.getAttribute('type')).to.equal('password');

      await fillLogin(page, account.email, 'Wrong#Guess2026');
      await toast(page).getByText('Invalid email or password').waitFor();
      expect(page.url()).to.include('/axal/login');
      await session.screenshot('auth-login-failed');

      await page.getByText('Remember me').click();
      expect(await page.getByRole('checkbox', { name: 'Remember me' }).isChecked()).to.equal(true);
      await page.route('**/axal/auth/login', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      await fillLogin(page, account.email, account.password);
      await page.locator('button[type="submit"][aria-busy="true"]').waitFor();
      await toast(page).getByText('Welcome back, Kavya Raghunathan').waitFor();
      await page.waitForURL(url('/axal/profile'));
      await page.getByRole('heading', { name: 'Your profile' }).waitFor();
      const cookie = (await session.context.cookies()).find((each) => each.name === 'axal.sid');
      expect(cookie?.expires, 'Remember me keeps the session cookie').to.be.greaterThan(Date.now() / 1000 + 29 * 24 * 3600);
      expectCleanConsole(session);
    });

    it('a signed-out visit to a workspace page goes to login and comes back to it after signing in', async () => {
      const owner = await signedInUser('browser-owner');
      const workspace = await createWorkspace(owner);
      const workspacePath = `/axal/w/${workspace.externalId}/dashboard`;
      const session = await visit(workspacePath);
      const { page } = session;
      await page.waitForURL(url(`/axal/login?callbackUrl=${encodeURIComponent(workspacePath)}`));
      await fillLogin(page, owner.user.email, owner.password);
      await page.waitForURL(url(workspacePath));
      await page.getByRole('navigation', { name: 'Workspace' }).waitFor();
      await session.screenshot('auth-back-to-workspace');
      expectCleanConsole(session);
    });

    it('a signed-in visitor of login or sign-up goes to the dashboard', async () => {
      const session = await visit('/axal', { signedIn: true });
      const { page } = session;
      for (const path of ['/axal/login', '/axal/signup']) {
        await page.goto(url(path));
        await page.waitForURL(url('/axal/create-workspace'));
      }
      await session.screenshot('auth-signed-in-redirect');
      expectCleanConsole(session);
    });
  });

  describe('dark theme', () => {
    for (const [path, heading] of [
      ['/axal/login', 'Welcome back'],
      ['/axal/signup', 'Create your account'],
    ]) {
      it(`${path} follows a dark system theme`, async () => {
        const session = await visit(path, { colorScheme: 'dark' });
        const { page } = session;
        await page.getByRole('heading', { name: heading }).waitFor();
        expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).to.equal(true);
        expect(await page.locator('.auth-layout').evaluate((element) => getComputedStyle(element).backgroundColor)).to.equal('rgb(28, 33, 39)');
        await page.getByRole('button', { name: heading === 'Welcome back' ? 'Sign In' : 'Create account' }).click();
        await session.screenshot(`auth${path.replace('/axal/', '-')}-dark`);
        expectCleanConsole(session);
      });
    }
  });

  describe('Google', () => {
    let googleHost: RunningHost;
    before(async () => {
      googleHost = await startTestHost({ configOverrides: { GOOGLE_CLIENT_ID: 'browser-test-client', GOOGLE_CLIENT_SECRET: 'browser-test-secret' } });
    });
    after(async () => {
      await googleHost?.stop();
    });

    it('is offered on login and sign-up only when it is configured', async () => {
      const plain = await visit('/axal/login');
      await plain.page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(await plain.page.getByText('Continue with Google').count()).to.equal(0);
      await plain.screenshot('auth-login-without-google');
      expectCleanConsole(plain);

      const session = await visit(`/axal/login?callbackUrl=${encodeURIComponent('/axal/profile')}`, { baseUrl: googleHost.baseUrl });
      const { page } = session;
      const google = page.getByRole('link', { name: 'Continue with Google' });
      expect(await google.getAttribute('href')).to.equal(`/axal/connect/google?callbackUrl=${encodeURIComponent('/axal/profile')}`);
      await session.screenshot('auth-login-google');
      await page.getByRole('link', { name: 'Sign up' }).click();
      await page.getByText('OR CONTINUE WITH', { exact: true }).waitFor();
      expect(await page.getByRole('link', { name: 'Continue with Google' }).getAttribute('href')).to.equal('/axal/connect/google/signup');
      await session.screenshot('auth-signup-google');
      expectCleanConsole(session);
    });

    for (const [error, message] of [
      ['GoogleSignin', 'Failed to sign in with Google. Please try again.'],
      ['GoogleSignup', 'Failed to create account with Google. Please try again.'],
      ['Callback', 'An unexpected error occurred. Please try again.'],
    ]) {
      it(`/auth/error?error=${error}: "Authentication Error" with "${message}"`, async () => {
        const session = await visit(`/auth/error?error=${error}`);
        const { page } = session;
        await page.getByRole('heading', { name: 'Authentication Error' }).waitFor();
        await page.getByRole('alert').getByText(message).waitFor();
        expect(await page.getByRole('link', { name: 'Back to login' }).getAttribute('href')).to.equal('/axal/login');
        expect(await page.getByRole('link', { name: 'Create an account' }).getAttribute('href')).to.equal('/axal/signup');
        await session.screenshot(`auth-error-${error}`);
        expectCleanConsole(session);
      });
    }
  });

  it('the workspace-deleted page confirms the deletion and offers the next steps', async () => {
    const session = await visit('/axal/workspace-deleted', { signedIn: true });
    const { page } = session;
    await page.getByRole('heading', { name: 'Workspace deleted' }).waitFor();
    expect(await page.getByRole('link', { name: 'Create a workspace' }).getAttribute('href')).to.equal('/axal/create-workspace');
    await session.screenshot('auth-workspace-deleted');
    await page.getByRole('link', { name: 'Go to dashboard' }).click();
    await page.waitForURL(url('/axal/create-workspace'));
    expectCleanConsole(session);
  });
});
