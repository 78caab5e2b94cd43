import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../../core/plugin-api/testing/browser';
import { signInBrowserContext } from '../../core/plugin-api/testing/browser-auth';
import { GOOGLE_SIGN_IN_REQUIRED } from '../../core/auth/schemas';
import { rewriteStoredSession, sessionIdOf } from '../../core/auth/tests/support';
import { browserSuite, unexpectedConsoleErrors } from '../../core/plugin-api/testing/browser-suite';
import { APP, newAgent } from '../../core/plugin-api/testing/http';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';

const NEW_PASSWORD = 'Fresh$Balance2027';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const toast = (page: Page) => page.locator('.bp6-toast');
const fieldErrors = (page: Page, inputId: string) => page.locator(`#${inputId}-errors`);

async function loginStatus(email: string, password: string): Promise<number> {
  const { agent, csrf } = await newAgent();
  return (await agent.post(`${APP}/auth/login`).set('X-CSRF-Token', csrf).send({ email, password })).status;
}

describe('browser: create a workspace and the profile page', function () {
  this.timeout(60_000);
  const browser = browserSuite();
  const url = (path: string) => `${sharedHost().baseUrl}${path}`;

  /** A new user, signed in, on `path`. */
  async function visitSignedIn(path: string, colorScheme: 'light' | 'dark' = 'light') {
    const session = await browser.open({ colorScheme });
    const account = await signInBrowserContext(session.context, sharedHost().baseUrl, 'profile');
    await session.page.goto(url(path));
    return { session, page: session.page, account };
  }

  const expectCleanConsole = (session: BrowserSession) => expect(session.consoleErrors, 'console errors').to.deep.equal([]);

  it('create workspace: the spec 5.1 messages inline, "Creating..." while busy, then the new workspace dashboard', async () => {
    const { session, page } = await visitSignedIn('/axal/dashboard');
    await page.waitForURL(url('/axal/create-workspace'));
    const name = page.getByLabel('Workspace Name');
    expect(await name.getAttribute('placeholder')).to.match(/^e\.g\. /);
    const create = page.getByRole('button', { name: 'Create Workspace' });
    await create.click();
    expect(await fieldErrors(page, 'workspace-name').textContent()).to.equal('Workspace name must be at least 3 characters');
    for (const [typed, message] of [
      ['Mehta & Co', 'Workspace name can only contain letters, numbers, spaces, and hyphens'],
      ['K'.repeat(51), 'Workspace name must be less than 50 characters'],
      ['  AB  ', 'Workspace name must be at least 3 characters after trimming'],
    ]) {
      await name.fill(typed);
      expect(await fieldErrors(page, 'workspace-name').textContent(), typed).to.equal(message);
    }
    await session.screenshot('profile-create-workspace-invalid');

    await name.fill('Kapoor Tax Advisors');
    await page.route('**/axal/api/v1/workspaces', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await create.click();
    await page.getByRole('button', { name: 'Creating...' }).waitFor();
    await toast(page).getByText('Workspace created!').waitFor();
    await toast(page).getByText('Redirecting to your dashboard...').waitFor();
    await page.waitForURL(new RegExp(`/axal/w/${UUID}/dashboard$`));
    const mine = (await (await session.context.request.get(url('/axal/api/v1/workspaces'))).json()) as { workspaces: Array<{ name: string }> };
    expect(mine.workspaces.map((workspace) => workspace.name)).to.deep.equal(['Kapoor Tax Advisors']);
    await session.screenshot('profile-create-workspace-done');
    expectCleanConsole(session);
  });

  it('profile: shows the initials and email, renames the user and changes the password', async () => {
    const { session, page, account } = await visitSignedIn('/axal/profile');
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    await page.locator('.profile-identity').getByText('BT', { exact: true }).waitFor();
    await page.locator('.profile-identity').getByText(account.email).waitFor();
    expect(await page.getByLabel('Email').getAttribute('readonly')).to.equal('');
    expect(await page.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).to.equal('/axal/dashboard');
    await session.screenshot('profile-light');

    const fullName = page.getByLabel('Full name');
    const save = page.getByRole('button', { name: 'Save changes' });
    expect(await save.isDisabled()).to.equal(true);
    await fullName.fill('Kavya R4ghunathan');
    await save.click();
    expect(await fieldErrors(page, 'profile-name').textContent()).to.equal('Name can only contain letters and spaces');
    await fullName.fill('Kavya Raghunathan');
    await save.click();
    await toast(page).getByText('Profile updated').waitFor();
    await page.locator('.profile-identity').getByText('KR', { exact: true }).waitFor();
    await page.locator('.profile-identity').getByText('Kavya Raghunathan').waitFor();

    const newPassword = page.getByLabel('New password', { exact: true });
    await page.getByLabel('Current password').fill(account.password);
    await newPassword.fill('password');
    await newPassword.blur();
    expect(await fieldErrors(page, 'new-password').locator('li').allTextContents()).to.include.members([
      'Password must be at least 12 characters',
      'Password must contain at least one uppercase letter',
      'Password must not contain common patterns like "password", "123" or "abc"',
    ]);
    await newPassword.fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Change password' }).click();
    expect(await fieldErrors(page, 'confirm-new-password').textContent()).to.equal("Passwords don't match");
    await session.screenshot('profile-password-invalid');

    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await toast(page).getByText('Password changed').waitFor();
    expect(await page.getByLabel('Current password').inputValue(), 'the form is cleared').to.equal('');
    expect(await loginStatus(account.email, account.password)).to.equal(401);
    expect(await loginStatus(account.email, NEW_PASSWORD)).to.equal(200);

    await page.reload();
    await page.locator('.profile-identity').getByText('Kavya Raghunathan').waitFor();
    expectCleanConsole(session);
  });

  it('profile: an account that signs in only with Google sets a first password after a fresh Google sign-in', async () => {
    const { session, page, account } = await visitSignedIn('/axal/profile');
    await sharedHost().host.knex('users').whereRaw('lower(email) = lower(?)', [account.email]).update({ password_hash: null });
    await page.reload();
    await page.getByRole('heading', { name: 'Set a password' }).waitFor();
    expect(await page.getByLabel('Current password').count()).to.equal(0);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();

    // This session signed in with a password, not with Google: the page asks for a Google sign-in first.
    const refusal = page.getByRole('alert').filter({ hasText: GOOGLE_SIGN_IN_REQUIRED });
    await refusal.waitFor();
    expect(await refusal.getByRole('button', { name: 'Sign in with Google again' }).getAttribute('href')).to.equal(
      `/axal/connect/google?callbackUrl=${encodeURIComponent('/axal/profile')}`,
    );
    expect(await toast(page).count(), 'the page explains it; no error toast').to.equal(0);
    await session.screenshot('profile-set-password-google-again');

    // What coming back from that Google sign-in leaves in the session (the shared host has no Google to ask).
    const cookie = (await session.context.cookies()).find((each) => each.name === 'axal.sid');
    await rewriteStoredSession(sessionIdOf({ pair: '', value: cookie!.value, attributes: {} }), (data) => ({
      ...data,
      googleSignedInAt: Date.now(),
    }));
    await page.getByRole('button', { name: 'Set password' }).click();
    await toast(page).getByText('Password set').waitFor();
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    expect(await loginStatus(account.email, NEW_PASSWORD)).to.equal(200);
    await session.screenshot('profile-set-password');
    expect(unexpectedConsoleErrors(session, [403])).to.deep.equal([]);
  });

  it('profile in the dark theme', async () => {
    const { session, page } = await visitSignedIn('/axal/profile', 'dark');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).to.equal(true);
    expect(await page.locator('.account-page').evaluate((element) => getComputedStyle(element).backgroundColor)).to.equal('rgb(28, 33, 39)');
    await session.screenshot('profile-dark');
    expectCleanConsole(session);
  });
});
