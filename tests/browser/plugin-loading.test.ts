import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { ensureWebBuild, launchBrowser, openPage, type BrowserSession } from '../../core/plugin-api/testing/browser';
import { signInBrowserContext } from '../../core/plugin-api/testing/browser-auth';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';

describe('browser: run-time plugin loading', function () {
  this.timeout(120_000);
  let browser: Browser;
  let session: BrowserSession;
  let workspaceUrl: string;
  let signedIn: Awaited<ReturnType<typeof signInBrowserContext>>;
  let workspaceId: string;

  before(async () => {
    await ensureWebBuild();
    browser = await launchBrowser();
    session = await openPage(browser);
    signedIn = await signInBrowserContext(session.context, sharedHost().baseUrl);
    workspaceId = (await signedIn.createWorkspace()).externalId;
    // These journeys are about the test fixtures' remotes alone: the product plugins' cards would fill the dashboard.
    for (const pluginId of ['documents', 'tasks', 'notices'])
      await signedIn.api(`/workspaces/${workspaceId}/plugins/${pluginId}`, { enabled: false }, 'put');
    workspaceUrl = `${sharedHost().baseUrl}/axal/w/${workspaceId}`;
  });

  after(async () => {
    await session?.close();
    await browser?.close();
  });

  it('loads an enabled plugin from its remote at run time and mounts its page', async () => {
    const { page } = session;
    await page.goto(`${workspaceUrl}/gate-fixture`);
    await page.getByRole('heading', { name: 'Gate Fixture notes' }).waitFor();
    expect(await page.getByTestId('fixture-note-count').textContent()).to.equal('0 notes');
    expect(session.requests.some((url) => /\/axal\/remotes\/gate-fixture\/[0-9a-f]{12}\/remoteEntry\.js/.test(url))).to.equal(true);
    await page.getByRole('navigation', { name: 'Workspace' }).getByText('Gate Fixture').waitFor();
    // Dashboard and Clients first, then plugins by their manifests' nav.order (50, 51), Settings last.
    expect(await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link').allTextContents()).to.deep.equal([
      'Dashboard',
      'Clients',
      'Gate Fixture',
      'Broken Remote',
      'Settings',
    ]);
    await session.screenshot('plugin-loaded');
  });

  it('shows the cards plugins contribute to the dashboard', async () => {
    const { page } = session;
    await page.goto(`${workspaceUrl}/dashboard`);
    await page.getByRole('region', { name: 'Fixture card' }).waitFor();
    expect(await page.getByText('Contributed by the Gate Fixture plugin.').count()).to.equal(1);
    expect(session.consoleErrors).to.deep.equal([]);
  });

  it('shows a failing remote as an error panel with Retry in its own area while the sidebar keeps working', async () => {
    const { page } = session;
    await page.goto(`${workspaceUrl}/broken-remote`);
    await page.getByText('This area could not be loaded').waitFor();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await session.screenshot('broken-remote');
    await page.getByRole('navigation', { name: 'Workspace' }).getByText('Gate Fixture').click();
    await page.getByRole('heading', { name: 'Gate Fixture notes' }).waitFor();
  });

  it('does not load a disabled plugin, hides it from the sidebar and explains its address', async () => {
    await signedIn.api(`/workspaces/${workspaceId}/plugins/gate-fixture`, { enabled: false }, 'put');
    const fresh = await openPage(browser);
    try {
      await fresh.context.addCookies(await session.context.cookies());
      await fresh.page.goto(`${workspaceUrl}/gate-fixture`);
      await fresh.page.getByText('Gate Fixture is not enabled for this workspace').waitFor();
      expect(await fresh.page.getByRole('navigation', { name: 'Workspace' }).getByText('Gate Fixture').count()).to.equal(0);
      expect(fresh.requests.some((url) => url.includes('/remotes/gate-fixture/'))).to.equal(false);
      await fresh.page.goto(`${workspaceUrl}/dashboard`);
      // With every plugin off, the dashboard keeps the core's client cards.
      await fresh.page.getByRole('region', { name: 'Total Clients' }).waitFor();
      await fresh.page.getByText('Add clients to see growth trends over time.').waitFor();
      expect(await fresh.page.getByRole('region', { name: 'Fixture card' }).count()).to.equal(0);
      await fresh.screenshot('plugin-disabled');
    } finally {
      await fresh.close();
      await signedIn.api(`/workspaces/${workspaceId}/plugins/gate-fixture`, { enabled: true }, 'put');
    }
  });
});
