import { setTimeout as delay } from 'node:timers/promises';
import { expect } from 'chai';
import { openPage, type BrowserSession } from '../../core/plugin-api/testing/browser';
import { signInBrowserContext } from '../../core/plugin-api/testing/browser-auth';
import {
  browserSuite,
  quietWorkspace,
  settledScreenshot,
  sidebarNav,
  unexpectedConsoleErrors,
  type SignedIn,
} from '../../core/plugin-api/testing/browser-suite';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';

describe('browser: workspace frame', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  const baseUrl = () => sharedHost().baseUrl;

  for (const colorScheme of ['light', 'dark'] as const) {
    describe(`with the system theme ${colorScheme}`, () => {
      let session: BrowserSession;
      let signedIn: SignedIn;
      let workspaceUrl: string;

      before(async () => {
        session = await openPage(suite.browser(), { colorScheme });
        signedIn = await signInBrowserContext(session.context, baseUrl());
        workspaceUrl = `${baseUrl()}/axal/w/${(await quietWorkspace(signedIn, `Mehta and Rao ${colorScheme}`)).externalId}`;
      });

      after(async () => {
        await session?.close();
      });

      beforeEach(() => {
        // The journeys share one page; each answers for its own console.
        session.consoleErrors.length = 0;
      });

      it('shows Dashboard, the plugins with a web part and Settings as real links, navigating inside the app', async () => {
        const { page } = session;
        await page.goto(`${workspaceUrl}/dashboard`);
        await page.getByRole('region', { name: 'Fixture card' }).waitFor();
        expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).to.equal(colorScheme === 'dark');

        const links = sidebarNav(page).getByRole('link');
        expect(await links.allInnerTexts()).to.deep.equal(['Dashboard', 'Clients', 'Tasks', 'Notices', 'Documents', 'Gate Fixture', 'Settings']);
        expect(await links.first().getAttribute('href')).to.equal(new URL(`${workspaceUrl}/dashboard`).pathname);
        expect(await sidebarNav(page).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).to.equal('page');
        await page
          .getByRole('button', { name: /switch workspace/ })
          .getByText(`Mehta and Rao ${colorScheme}`)
          .waitFor();
        await settledScreenshot(session, `frame-dashboard-${colorScheme}`);

        // A marker on window survives client-side navigation only.
        await page.evaluate(() => Object.assign(window, { journeyMarker: true }));
        await sidebarNav(page).getByRole('link', { name: 'Settings' }).click();
        await page.waitForURL(`${workspaceUrl}/settings`);
        await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
        expect(await page.evaluate(() => 'journeyMarker' in window)).to.equal(true);
        expect(await sidebarNav(page).getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).to.equal('page');
        expect(await sidebarNav(page).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).to.equal(null);

        await sidebarNav(page).getByRole('link', { name: 'Documents' }).focus();
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Gate Fixture');
        expect(await page.evaluate(() => document.activeElement?.matches(':focus-visible'))).to.equal(true);
        await settledScreenshot(session, `frame-keyboard-focus-${colorScheme}`);
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'Gate Fixture notes' }).waitFor();
        expect(await page.evaluate(() => 'journeyMarker' in window)).to.equal(true);
        expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
      });

      it("lists the user's workspaces in the switcher, ticks the current one and switches", async () => {
        const { page } = session;
        const other = await quietWorkspace(signedIn, `Second Firm ${colorScheme}`);
        await page.goto(`${workspaceUrl}/dashboard`);
        await page.getByRole('button', { name: /switch workspace/ }).click();
        const menu = page.getByRole('menu', { name: 'Your workspaces' });
        await menu.waitFor();
        const current = menu.getByRole('menuitem', { name: new RegExp(`Mehta and Rao ${colorScheme}`) });
        expect(await current.getAttribute('aria-current')).to.equal('page');
        await menu.getByRole('menuitem', { name: 'Create workspace' }).waitFor();
        expect(await menu.getByRole('menuitem', { name: /Create workspace/ }).getAttribute('href')).to.equal('/axal/create-workspace');
        await settledScreenshot(session, `frame-switcher-${colorScheme}`);

        await menu.getByRole('menuitem', { name: new RegExp(`Second Firm ${colorScheme}`) }).click();
        await page.waitForURL(`${baseUrl()}/axal/w/${other.externalId}/dashboard`);
        await page
          .getByRole('button', { name: /switch workspace/ })
          .getByText(`Second Firm ${colorScheme}`)
          .waitFor();
        await menu.waitFor({ state: 'hidden' });
        expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
      });
    });
  }

  describe('as one signed-in user', () => {
    let session: BrowserSession;
    let signedIn: SignedIn;
    let workspaceId: string;

    beforeEach(async () => {
      session = await openPage(suite.browser());
      signedIn = await signInBrowserContext(session.context, baseUrl());
      workspaceId = (await quietWorkspace(signedIn)).externalId;
    });

    afterEach(async () => {
      await session?.close();
    });

    it('keeps the chosen theme across reloads: Dark, then Light', async () => {
      const { page } = session;
      await page.goto(`${baseUrl()}/axal/w/${workspaceId}/dashboard`);
      const theme = page.getByRole('radiogroup', { name: 'Theme' });
      expect(await theme.getByRole('radio', { name: 'System' }).getAttribute('aria-checked')).to.equal('true');
      await theme.getByRole('radio', { name: 'Dark' }).click();
      await page.waitForFunction(() => document.body.classList.contains('bp6-dark'));
      await page.reload();
      await theme.waitFor();
      expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).to.equal(true);
      expect(await theme.getByRole('radio', { name: 'Dark' }).getAttribute('aria-checked')).to.equal('true');

      await theme.getByRole('radio', { name: 'Light' }).click();
      await page.waitForFunction(() => !document.body.classList.contains('bp6-dark'));
      await page.reload();
      await theme.waitFor();
      expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).to.equal(false);
      expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
    });

    it('shows the user menu with initials, name and email, and logs out to the login page', async () => {
      const { page } = session;
      await page.goto(`${baseUrl()}/axal/w/${workspaceId}/dashboard`);
      const trigger = page.getByRole('button', { name: 'Account: Browser Tester' });
      expect(await trigger.innerText())
        .to.contain('BT')
        .and.contain('Browser Tester')
        .and.contain(signedIn.email);
      await trigger.click();
      const menu = page.getByRole('menu', { name: 'Account' });
      expect(await menu.getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).to.equal('/axal/profile');
      expect(await menu.getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).to.equal(`/axal/w/${workspaceId}/settings`);
      await settledScreenshot(session, 'frame-user-menu');

      await menu.getByRole('menuitem', { name: 'Log out' }).click();
      await page.waitForURL(/\/axal\/login(\?|$)/);
      const session401 = await session.context.request.get(`${baseUrl()}/axal/auth/session`);
      expect(session401.status()).to.equal(401);
      expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
    });

    it('shows an unknown workspace page inside the frame and a non-member the plain 404 page', async () => {
      const { page } = session;
      await page.goto(`${baseUrl()}/axal/w/${workspaceId}/no-such-page`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await sidebarNav(page).waitFor();
      await settledScreenshot(session, 'frame-unknown-page');

      const stranger = await openPage(suite.browser());
      try {
        const strangersWorkspace = await quietWorkspace(await signInBrowserContext(stranger.context, baseUrl(), 'stranger'));
        await page.goto(`${baseUrl()}/axal/w/${strangersWorkspace.externalId}/dashboard`);
        await page.getByRole('heading', { name: 'Page not found' }).waitFor();
        expect(await sidebarNav(page).count()).to.equal(0);
      } finally {
        await stranger.close();
      }
      expect(unexpectedConsoleErrors(session, [404])).to.deep.equal([]);
    });

    it('collapses the sidebar behind a menu button on a narrow screen', async () => {
      const { page } = session;
      await page.setViewportSize({ width: 390, height: 780 });
      await page.goto(`${baseUrl()}/axal/w/${workspaceId}/dashboard`);
      const menuButton = page.getByRole('button', { name: 'Open navigation' });
      await menuButton.waitFor();
      expect(await sidebarNav(page).isVisible()).to.equal(false);
      await settledScreenshot(session, 'frame-narrow-closed');

      await menuButton.click();
      await sidebarNav(page).waitFor();
      expect(await menuButton.getAttribute('aria-expanded')).to.equal('true');
      await settledScreenshot(session, 'frame-narrow-open');
      // The settings page's code arrives late, after the navigation is opened again: its heading leaves focus there.
      const lateScripts = '**/*.js';
      await page.route(lateScripts, async (route) => {
        await delay(1_500);
        await route.continue();
      });
      await sidebarNav(page).getByRole('link', { name: 'Settings' }).click();
      await page.waitForURL(`${baseUrl()}/axal/w/${workspaceId}/settings`);
      await sidebarNav(page).waitFor({ state: 'hidden' });

      await menuButton.click();
      await sidebarNav(page).waitFor();
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      await page.unroute(lateScripts);
      expect(await page.evaluate(() => document.activeElement?.closest('#workspace-sidebar') !== null)).to.equal(true);
      await page.keyboard.press('Escape');
      await sidebarNav(page).waitFor({ state: 'hidden' });
      expect(await menuButton.evaluate((button) => button === document.activeElement)).to.equal(true);
      await settledScreenshot(session, 'frame-narrow-settings');
      expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
    });
  });
});
