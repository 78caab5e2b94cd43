import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { expectNoAccessibilityViolations } from '../../core/plugin-api/testing/accessibility';
import { signInBrowserContext } from '../../core/plugin-api/testing/browser-auth';
import { browserSuite, quietWorkspace, settledScreenshot, sidebarNav, unexpectedConsoleErrors } from '../../core/plugin-api/testing/browser-suite';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';

/** The product plugins that have only a manifest so far, with the sidebar path each would have. */
const NOT_AVAILABLE = [
  { name: 'Invoices', path: 'invoices' },
  { name: 'DSC', path: 'dsc' },
  { name: 'Integrations', path: 'integrations' },
];

const pluginCard = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

describe('browser: plugins that are not available yet', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  const baseUrl = () => sharedHost().baseUrl;

  async function ownerOfNewWorkspace(colorScheme: 'light' | 'dark') {
    const session = await suite.open({ colorScheme });
    const signedIn = await signInBrowserContext(session.context, baseUrl(), 'availability');
    const workspaceId = (await quietWorkspace(signedIn, `Availability Firm ${colorScheme}`)).externalId;
    return { session, page: session.page, workspaceUrl: `${baseUrl()}/axal/w/${workspaceId}` };
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`lists them as "Not available yet" without a switch, keeps them out of the sidebar, and explains their address (${colorScheme})`, async () => {
      const { session, page, workspaceUrl } = await ownerOfNewWorkspace(colorScheme);
      await page.goto(`${workspaceUrl}/settings/plugins`);
      await pluginCard(page, 'Documents').getByRole('switch').waitFor();
      for (const { name } of NOT_AVAILABLE) {
        const card = pluginCard(page, name);
        await card.getByText('Not available yet').waitFor();
        expect(await card.getByRole('switch').count(), name).to.equal(0);
      }
      // What can be switched comes first: the last card is one that cannot.
      const titles = await page.locator('.plugin-card__title').allTextContents();
      expect(titles.indexOf('Documents')).to.be.below(titles.indexOf('DSC'));
      await settledScreenshot(session, `plugins-not-available-${colorScheme}`);
      await expectNoAccessibilityViolations(page, { label: `Settings -> Plugins (${colorScheme})` });

      const links = await sidebarNav(page).getByRole('link').allTextContents();
      for (const { name } of NOT_AVAILABLE)
        expect(
          links.map((text) => text.trim()),
          name,
        ).to.not.include(name);
      expect(links.map((text) => text.trim())).to.include('Documents');

      for (const { name, path } of NOT_AVAILABLE) {
        await page.goto(`${workspaceUrl}/${path}`);
        await page.getByRole('heading', { level: 1, name }).waitFor();
        await page.getByText(`${name} is not available yet`).waitFor();
        expect(await page.getByText('Page not found').count(), name).to.equal(0);
      }
      // A deeper address of the plugin says the same.
      await page.goto(`${workspaceUrl}/dsc/some-certificate`);
      await page.getByText('DSC is not available yet').waitFor();
      await settledScreenshot(session, `plugin-not-available-page-${colorScheme}`);
      await expectNoAccessibilityViolations(page, { label: `a plugin's address while it is not available (${colorScheme})` });
      await page.getByRole('link', { name: 'Go to the dashboard' }).click();
      await page.waitForURL(`${workspaceUrl}/dashboard`);
      expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
    });
  }

  it('fits a 360 px wide screen', async () => {
    const { session, page, workspaceUrl } = await ownerOfNewWorkspace('light');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${workspaceUrl}/settings/plugins`);
    await pluginCard(page, 'DSC').getByText('Not available yet').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(360);
    await page.goto(`${workspaceUrl}/integrations`);
    await page.getByText('Integrations is not available yet').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(360);
    await settledScreenshot(session, 'plugin-not-available-narrow');
    await expectNoAccessibilityViolations(page, { label: "a plugin's address while it is not available (360 px)" });
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });
});
