import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { gstinCheckCharacter } from '../../core/clients/gstin';
import type { BrowserSession } from '../../core/plugin-api/testing/browser';
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

const searchDialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const searchBox = (page: Page) => searchDialog(page).getByRole('combobox', { name: 'Search the workspace' });
/** The sidebar's Search button, named with its shortcut. */
const searchButton = (page: Page) => page.getByRole('button', { name: /^Search (Ctrl K|⌘K)$/ });
const SEARCH_REQUEST = /\/axal\/api\/v1\/search\?/;
const EXAMPLE_PLUGIN = 'example-extensions';

interface Journey {
  session: BrowserSession;
  signedIn: SignedIn;
  workspaceId: string;
  workspaceUrl: string;
}

let panSequence = 0;

describe('browser: global search', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  async function startJourney(colorScheme: 'light' | 'dark' = 'light'): Promise<Journey> {
    const session = await suite.open({ colorScheme });
    const signedIn = await signInBrowserContext(session.context, sharedHost().baseUrl, 'search');
    const workspaceId = (await quietWorkspace(signedIn, `Search Firm ${colorScheme}`)).externalId;
    return { session, signedIn, workspaceId, workspaceUrl: `${sharedHost().baseUrl}/axal/w/${workspaceId}` };
  }

  async function createClient({ signedIn, workspaceId }: Journey, name: string): Promise<string> {
    panSequence += 1;
    const panNumber = `SRCHP${String(panSequence).padStart(4, '0')}K`;
    const gstin = `27${panNumber}1Z`;
    const { client } = await signedIn.api<{ client: { externalId: string } }>('/clients', {
      workspaceExternalId: workspaceId,
      clientType: 'BUSINESS',
      name,
      email: `search.${panSequence}.${Date.now().toString(36)}@clients.example`,
      phone: '9820012345',
      panNumber,
      gstin: `${gstin}${gstinCheckCharacter(gstin)}`,
      contactPerson: 'Sunil Rao',
      businessAddress: '22, Residency Road, Bengaluru - 560025',
    });
    return client.externalId;
  }

  async function openSearch(page: Page): Promise<void> {
    await sidebarNav(page).waitFor();
    await page.keyboard.press('Control+k');
    await searchBox(page).waitFor();
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`finds clients as they are typed and opens one with the arrow keys and Enter (${colorScheme})`, async () => {
      const journey = await startJourney(colorScheme);
      const { page } = journey.session;
      const ids = new Map<string, string>();
      for (const name of ['Mehta Textiles Pvt Ltd', 'Mehta Foods LLP', 'Rao Associates']) ids.set(name, await createClient(journey, name));
      await page.goto(`${journey.workspaceUrl}/dashboard`);
      // A marker on window survives client-side navigation only.
      await page.evaluate(() => Object.assign(window, { journeyMarker: true }));
      await openSearch(page);
      const dialog = searchDialog(page);
      expect(await searchBox(page).evaluate((input) => input === document.activeElement)).to.equal(true);

      await page.keyboard.type('m');
      await dialog.getByText('Type at least 2 characters to search').waitFor();
      await page.keyboard.type('ehta');
      const clients = dialog.getByRole('group', { name: 'Clients' });
      await clients.getByRole('option', { name: /Mehta Textiles Pvt Ltd/ }).waitFor();
      const names = (await clients.getByRole('option').allTextContents()).map((text) => [...ids.keys()].find((name) => text.includes(name)));
      expect(names).to.have.members(['Mehta Foods LLP', 'Mehta Textiles Pvt Ltd']);
      expect(journey.session.requests.filter((url) => SEARCH_REQUEST.test(url) && new URL(url).searchParams.get('q') === 'm')).to.deep.equal([]);

      const options = dialog.getByRole('option');
      expect(await options.nth(0).getAttribute('aria-selected')).to.equal('true');
      await page.keyboard.press('ArrowDown');
      expect(await options.nth(1).getAttribute('aria-selected')).to.equal('true');
      expect(await searchBox(page).getAttribute('aria-activedescendant')).to.equal(await options.nth(1).getAttribute('id'));
      await page.keyboard.press('ArrowDown');
      expect(await options.nth(0).getAttribute('aria-selected')).to.equal('true');
      await page.keyboard.press('ArrowUp');
      await settledScreenshot(journey.session, `search-results-${colorScheme}`);

      await page.keyboard.press('Enter');
      await page.waitForURL(`${journey.workspaceUrl}/clients/${ids.get(names[1]!)}`);
      await page.getByRole('heading', { level: 1, name: names[1] }).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => 'journeyMarker' in window)).to.equal(true);
      expect(unexpectedConsoleErrors(journey.session)).to.deep.equal([]);
    });
  }

  it('says "No results for …", closes with Escape, and opens again empty from the button; Cmd+K toggles it', async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    await createClient(journey, 'Iyer Exports');
    await page.goto(`${journey.workspaceUrl}/dashboard`);
    await openSearch(page);
    await searchBox(page).fill('no such client');
    await searchDialog(page).getByText('No results for “no such client”.').waitFor();
    await page.keyboard.press('Escape');
    await searchDialog(page).waitFor({ state: 'hidden' });

    await searchButton(page).click();
    await searchBox(page).waitFor();
    expect(await searchBox(page).inputValue()).to.equal('');
    await page.keyboard.press('Meta+k');
    await searchDialog(page).waitFor({ state: 'hidden' });
    expect(unexpectedConsoleErrors(journey.session)).to.deep.equal([]);
  });

  it("lists a plugin's hits in a group of their own, and says when a source did not answer in time", async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    const { signedIn, workspaceId } = journey;
    await createClient(journey, 'Kapoor Traders');
    await signedIn.api(`/workspaces/${workspaceId}/plugins/${EXAMPLE_PLUGIN}`, { enabled: true }, 'put');
    await signedIn.api(`/${EXAMPLE_PLUGIN}/reminders`, { workspaceId, title: 'Kapoor GST return', dueOn: '2026-12-20' });
    await page.goto(`${journey.workspaceUrl}/dashboard`);
    await openSearch(page);
    await searchBox(page).fill('kapoor');
    const dialog = searchDialog(page);
    await dialog
      .getByRole('group', { name: 'Clients' })
      .getByRole('option', { name: /Kapoor Traders/ })
      .waitFor();
    // The fixture has no web part, so its hits show as default rows titled by their type.
    await dialog
      .getByRole('group', { name: 'Reminder' })
      .getByRole('option', { name: /Kapoor GST return.*Due 2026-12-20/ })
      .waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('option', { name: /Kapoor GST return/ }).getAttribute('aria-selected')).to.equal('true');
    await settledScreenshot(journey.session, 'search-groups');

    // The fixture's providers now hang: the core's hits still come, with a note that the answer is incomplete.
    await signedIn.api(`/workspaces/${workspaceId}/plugins/${EXAMPLE_PLUGIN}/settings`, { values: { simulateFailure: 'hang' } }, 'put');
    await searchBox(page).fill('kapoor t');
    await dialog.getByText('Some sources did not answer in time, so these results may be incomplete.').waitFor({ timeout: 10_000 });
    await dialog.getByRole('option', { name: /Kapoor Traders/ }).waitFor();
    expect(await dialog.getByRole('group', { name: 'Reminder' }).count()).to.equal(0);
    expect(unexpectedConsoleErrors(journey.session)).to.deep.equal([]);
  });

  it('shows a failed search with Retry', async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    const clientId = await createClient(journey, 'Bose Exports');
    await page.goto(`${journey.workspaceUrl}/dashboard`);
    // The server answers every search it can; an unreachable one is played here.
    await page.route(SEARCH_REQUEST, (route) => route.fulfill({ status: 503, json: { error: 'Service unavailable' } }));
    await openSearch(page);
    await searchBox(page).fill('bose');
    const failure = searchDialog(page).getByRole('alert');
    await failure.getByText('Search is not available right now.').waitFor();
    await settledScreenshot(journey.session, 'search-error');

    await page.unroute(SEARCH_REQUEST);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await searchDialog(page)
      .getByRole('option', { name: /Bose Exports/ })
      .click();
    await page.waitForURL(`${journey.workspaceUrl}/clients/${clientId}`);
    expect(unexpectedConsoleErrors(journey.session, [503])).to.deep.equal([]);
  });

  it('opens from the navigation panel of a 360 px wide screen and fits it', async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    await createClient(journey, 'Narrow Screen Consultants');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${journey.workspaceUrl}/dashboard`);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await searchButton(page).click();
    await searchBox(page).fill('narrow');
    const option = searchDialog(page).getByRole('option', { name: /Narrow Screen Consultants/ });
    await option.waitFor();
    const dialogBox = (await searchDialog(page).boundingBox())!;
    expect(dialogBox.x).to.be.at.least(0);
    expect(dialogBox.x + dialogBox.width).to.be.at.most(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(360);
    await settledScreenshot(journey.session, 'search-narrow');
    expect(unexpectedConsoleErrors(journey.session)).to.deep.equal([]);
  });
});
