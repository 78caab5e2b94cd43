import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import { signInBrowserContext } from '../../core/plugin-api/testing/browser-auth';
import { browserSuite, settledScreenshot, unexpectedConsoleErrors } from '../../core/plugin-api/testing/browser-suite';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';

const toast = (page: Page) => page.locator('.bp6-toast');
const sessionRows = (page: Page) => page.getByRole('table', { name: 'Active sessions' }).locator('tbody tr');

describe('browser: sessions on the profile page', function () {
  this.timeout(90_000);
  const browser = browserSuite();
  const url = (path: string) => `${sharedHost().baseUrl}${path}`;

  /** Signs the context in as an existing user, as the login form would. */
  async function signInAs(context: BrowserContext, account: { email: string; password: string }): Promise<void> {
    const { csrfToken } = (await (await context.request.get(url('/axal/auth/csrf'))).json()) as { csrfToken: string };
    const login = await context.request.post(url('/axal/auth/login'), {
      headers: { 'X-CSRF-Token': csrfToken },
      data: { email: account.email, password: account.password },
    });
    expect(login.status()).to.equal(200);
  }

  const signedInUserOf = async (context: BrowserContext) =>
    ((await (await context.request.get(url('/axal/auth/status'))).json()) as { user: unknown }).user;

  it('signs out another session from the profile page; that browser is signed out at its next navigation', async () => {
    const first = await browser.open();
    const account = await signInBrowserContext(first.context, sharedHost().baseUrl, 'sessions');
    const second = await browser.open();
    await signInAs(second.context, account);
    await second.page.goto(url('/axal/profile'));
    await second.page.getByRole('heading', { name: 'Your profile' }).waitFor();

    await first.page.goto(url('/axal/profile'));
    await first.page.getByRole('heading', { name: 'Sessions' }).waitFor();
    await sessionRows(first.page).nth(1).waitFor();
    expect(await sessionRows(first.page).count()).to.equal(2);
    const current = sessionRows(first.page).filter({ hasText: 'This device' });
    expect(await current.count()).to.equal(1);
    expect(await current.getByRole('button', { name: /^Sign out/ }).count()).to.equal(0);
    expect(await sessionRows(first.page).first().textContent()).to.include('This device');
    expect(await sessionRows(first.page).nth(1).textContent()).to.match(/Chrome \d+.*Linux.*127\.0\.0\.1.*Just now/);
    await settledScreenshot(first, 'profile-sessions');

    await sessionRows(first.page)
      .nth(1)
      .getByRole('button', { name: /^Sign out Chrome/ })
      .click();
    const confirm = first.page.getByRole('alertdialog');
    await confirm.getByText('Whoever uses that browser will have to sign in again.').waitFor();
    await confirm.getByRole('button', { name: 'Sign out' }).click();
    await toast(first.page).getByText('Session signed out').waitFor();
    await first.page.getByText('You are signed in on this device only.').waitFor();
    expect(await sessionRows(first.page).count()).to.equal(1);
    expect(await first.page.getByRole('button', { name: 'Sign out all other sessions' }).isDisabled()).to.equal(true);

    await second.page.goto(url('/axal/profile'));
    await second.page.waitForURL(url(`/axal/login?callbackUrl=${encodeURIComponent('/axal/profile')}`));
    expect(await signedInUserOf(second.context)).to.equal(null);
    expect(await signedInUserOf(first.context)).not.to.equal(null);
    expect(first.consoleErrors, 'console errors').to.deep.equal([]);
    expect(unexpectedConsoleErrors(second, [401])).to.deep.equal([]);
  });

  it('"Sign out all other sessions" asks first, then ends every other session; the card fits a 360 px screen', async () => {
    const first = await browser.open();
    const account = await signInBrowserContext(first.context, sharedHost().baseUrl, 'sessions-all');
    const others = [await browser.open(), await browser.open()];
    for (const other of others) await signInAs(other.context, account);
    await first.page.setViewportSize({ width: 360, height: 800 });

    await first.page.goto(url('/axal/profile'));
    await sessionRows(first.page).nth(2).waitFor();
    expect(await first.page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(360);
    await settledScreenshot(first, 'profile-sessions-360');

    await first.page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    const confirm = first.page.getByRole('alertdialog');
    await confirm.getByText('Every other browser and device signed in to your account (2) will have to sign in again.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await signedInUserOf(others[0].context)).not.to.equal(null);

    await first.page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await first.page.getByRole('alertdialog').getByRole('button', { name: 'Sign out all' }).click();
    await toast(first.page).getByText('2 other sessions are signed out.').waitFor();
    await first.page.getByText('You are signed in on this device only.').waitFor();
    for (const other of others) expect(await signedInUserOf(other.context)).to.equal(null);
    expect(first.consoleErrors, 'console errors').to.deep.equal([]);
  });
});
