import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { gstinCheckCharacter } from '../../core/clients/gstin';
import { openPage, type BrowserSession } from '../../core/plugin-api/testing/browser';
import { expectNoAccessibilityViolations } from '../../core/plugin-api/testing/accessibility';
import { signInBrowserContext } from '../../core/plugin-api/testing/browser-auth';
import { browserSuite, quietWorkspace, settledScreenshot, unexpectedConsoleErrors, type SignedIn } from '../../core/plugin-api/testing/browser-suite';
import { sidewaysOverflow, squeezedWords } from '../../core/plugin-api/testing/responsive-layout';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1440, height: 900 };
const ALL_CLIENT_COLUMNS = ['Name', 'Type', 'PAN', 'GSTIN', 'Email', 'Phone', 'Created'];

/** Long names and addresses, as a practice's real list has them; phones typed the ways people type them. */
const CLIENTS = [
  {
    clientType: 'BUSINESS',
    name: 'Sreelakshmi Venkataramanan Enterprises Private Limited',
    email: 'accounts@sreelakshmi-enterprises.in',
    phone: '9822077889',
  },
  { clientType: 'INDIVIDUAL', name: 'Chandrasekharan Parameswaran Iyengar', email: 'chandrasekharan.iyengar@mail.in', phone: '+919414066778' },
  { clientType: 'BUSINESS', name: 'Bhagyanagar Agro Industries', email: 'gst.compliance@bhagyanagaragro.in', phone: '09845012345' },
  { clientType: 'INDIVIDUAL', name: 'Ananya Rao', email: 'ananya@rao.example', phone: '9820012345' },
] as const;

let panSequence = 0;
/** A well-formed PAN of this run's own (PAN is unique per workspace). */
function uniquePan(): string {
  panSequence += 1;
  return `RSPNL${String(panSequence).padStart(4, '0')}${String.fromCharCode(65 + (process.pid % 26))}`;
}

async function createClients(signedIn: SignedIn, workspaceId: string): Promise<void> {
  for (const client of CLIENTS) {
    const panNumber = uniquePan();
    const gstin = `27${panNumber}1Z`;
    await signedIn.api('/clients', {
      workspaceExternalId: workspaceId,
      ...client,
      panNumber,
      ...(client.clientType === 'BUSINESS'
        ? { gstin: `${gstin}${gstinCheckCharacter(gstin)}`, contactPerson: 'Sunil Rao', businessAddress: '22, Residency Road, Bengaluru - 560025' }
        : { residentialAddress: '7/3, Temple Street, Madurai - 625001', aadhaarNumber: '234567890123' }),
    });
  }
}

const headerNames = async (table: Locator) => (await table.locator('thead th').allInnerTexts()).map((text) => text.trim()).filter(Boolean);

/** The page does not scroll sideways and no cell of the table is narrower than one of its words. */
async function expectFitsScreen(page: Page, table: Locator) {
  expect(await sidewaysOverflow(page), 'the page scrolls sideways').to.equal(0);
  expect(await squeezedWords(table), 'words wider than their cells').to.deep.equal([]);
}

/** Opens a row's details and checks it names every column the table left out, each with its value. */
async function expectDetailsHoldHiddenColumns(page: Page, table: Locator, rowName: string, allColumns: string[]) {
  const shown = await headerNames(table);
  const hidden = allColumns.filter((column) => !shown.includes(column));
  expect(hidden, 'some columns move into the details at this width').to.have.length.above(0);
  const toggle = table.getByRole('button', { name: `Details of ${rowName}` });
  expect(await toggle.getAttribute('aria-expanded')).to.equal('false');
  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).to.equal('true');
  const details = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
  expect((await details.locator('dt').allInnerTexts()).sort()).to.deep.equal([...hidden].sort());
  return details;
}

describe('browser: responsive lists', function () {
  this.timeout(180_000);
  const suite = browserSuite();
  const baseUrl = () => sharedHost().baseUrl;
  let session: BrowserSession;
  let workspaceId: string;

  before(async () => {
    // One page for every journey here (suite.open's pages close after each test).
    session = await openPage(suite.browser());
    const signedIn = await signInBrowserContext(session.context, baseUrl(), 'responsive');
    workspaceId = (await quietWorkspace(signedIn, 'Venkataramanan and Associates')).externalId;
    await createClients(signedIn, workspaceId);
  });

  after(() => session?.close());

  beforeEach(() => {
    // The journeys share one page; each answers for its own console.
    session.consoleErrors.length = 0;
  });

  const clientsTable = (page: Page) => page.getByRole('table', { name: 'Clients' });

  for (const viewport of [PHONE, SMALL_PHONE]) {
    it(`clients at ${viewport.width} px: the name stays, the rest opens under each row, and nothing is squeezed or scrolls sideways`, async () => {
      const { page } = session;
      await page.setViewportSize(viewport);
      await page.goto(`${baseUrl()}/axal/w/${workspaceId}/clients`);
      const table = clientsTable(page);
      await table.getByRole('link', { name: CLIENTS[0].name }).waitFor();
      expect((await headerNames(table))[0]).to.equal('Name');
      await expectFitsScreen(page, table);

      const details = await expectDetailsHoldHiddenColumns(page, table, CLIENTS[0].name, ALL_CLIENT_COLUMNS);
      await details.getByText(CLIENTS[0].email).waitFor();
      await details.getByText('+91 98220 77889').waitFor();
      await expectFitsScreen(page, table);
      await expectNoAccessibilityViolations(page, { label: `clients table, details open (light, ${viewport.width} px)`, include: ['.data-table'] });
      await settledScreenshot(session, `responsive-clients-${viewport.width}-light`);

      // The disclosure buttons work from the keyboard, both ways.
      const second = table.getByRole('button', { name: `Details of ${CLIENTS[1].name}` });
      await second.focus();
      await page.keyboard.press('Enter');
      expect(await second.getAttribute('aria-expanded')).to.equal('true');
      await page
        .locator(`[id="${await second.getAttribute('aria-controls')}"]`)
        .getByText('+91 94140 66778')
        .waitFor();
      await page.keyboard.press('Space');
      expect(await second.getAttribute('aria-expanded')).to.equal('false');

      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForFunction(() => document.body.classList.contains('bp6-dark'));
      await expectFitsScreen(page, table);
      await expectNoAccessibilityViolations(page, { label: `clients table, details open (dark, ${viewport.width} px)`, include: ['.data-table'] });
      await settledScreenshot(session, `responsive-clients-${viewport.width}-dark`);
      await page.emulateMedia({ colorScheme: 'light' });
      expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
    });
  }

  it('clients at 1440 px: every column, and no details buttons', async () => {
    const { page } = session;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${baseUrl()}/axal/w/${workspaceId}/clients`);
    const table = clientsTable(page);
    await table.getByRole('link', { name: CLIENTS[0].name }).waitFor();
    expect(await headerNames(table)).to.deep.equal(ALL_CLIENT_COLUMNS);
    expect(await table.getByRole('button', { name: /^Details of / }).count()).to.equal(0);
    await expectFitsScreen(page, table);
    // The list shows a client's phone and date as the client's page does.
    const row = table.getByRole('row').filter({ hasText: CLIENTS[1].name });
    await row.getByText('+91 94140 66778').waitFor();
    await row.getByText(/^\d{2} [A-Z][a-z]{2} \d{4}$/).waitFor();
    await settledScreenshot(session, 'responsive-clients-1440-light');
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  describe('the Settings tabs at 390 px', () => {
    const settingsUrl = (tab: string) => `${baseUrl()}/axal/w/${workspaceId}/settings/${tab}`;
    const TABS = [
      { name: 'General', path: 'general', shows: (page: Page) => page.getByRole('textbox', { name: 'Workspace name' }) },
      { name: 'Members', path: 'members', shows: (page: Page) => page.getByRole('list', { name: 'Members' }) },
      { name: 'Plugins', path: 'plugins', shows: (page: Page) => page.getByRole('switch', { name: 'Documents' }) },
      { name: 'Danger zone', path: 'danger', shows: (page: Page) => page.getByRole('button', { name: 'Delete Workspace' }) },
    ];
    const strip = (page: Page) => page.getByRole('navigation', { name: 'Settings' });
    const tab = (page: Page, name: string) => strip(page).getByRole('link', { name });
    const viewport = (page: Page) => strip(page).locator('.scroll-strip__viewport');

    /** Whether the whole of the tab is inside the visible part of the strip. */
    async function isWhollyInStrip(page: Page, name: string): Promise<boolean> {
      const [box, visible] = await Promise.all([tab(page, name).boundingBox(), viewport(page).boundingBox()]);
      return !!box && !!visible && box.x >= visible.x - 0.5 && box.x + box.width <= visible.x + visible.width + 0.5;
    }

    beforeEach(async () => {
      await session.page.setViewportSize(PHONE);
    });

    it('shows that the strip scrolls, and each arrow-scrolled tab can be clicked and shows its settings', async () => {
      const { page } = session;
      // The arrows scroll at once rather than smoothly, so each step can be measured straight after the click.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(settingsUrl('general'));
      await TABS[0].shows(page).waitFor();
      const scrolls = await viewport(page).evaluate((element) => element.scrollWidth > element.clientWidth);
      expect(scrolls, 'four tabs do not fit 390 px').to.equal(true);
      const after = strip(page).locator('.scroll-strip__arrow--after');
      await after.waitFor();
      expect(await strip(page).locator('.scroll-strip__arrow--before').count(), 'nothing before the first tab').to.equal(0);
      expect(await sidewaysOverflow(page)).to.equal(0);
      await expectNoAccessibilityViolations(page, { label: 'Settings tab strip (light, 390 px)', include: ['nav[aria-label="Settings"]'] });
      await settledScreenshot(session, 'responsive-settings-tabs-390');

      for (const { name, path, shows } of TABS) {
        // As a pointer user would: the arrow until the tab is in view, then the tab itself.
        for (let clicks = 0; !(await isWhollyInStrip(page, name)); clicks += 1) {
          expect(clicks, `the arrow brings ${name} into view`).to.be.below(5);
          await after.click();
        }
        await tab(page, name).click();
        await page.waitForURL(settingsUrl(path));
        await shows(page).waitFor();
        expect(await tab(page, name).getAttribute('aria-current')).to.equal('page');
        expect(await isWhollyInStrip(page, name), `${name} stays in view once chosen`).to.equal(true);
        expect(await sidewaysOverflow(page)).to.equal(0);
      }
      await strip(page).locator('.scroll-strip__arrow--before').waitFor();
      await settledScreenshot(session, 'responsive-settings-tabs-390-end');
      expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
    });

    it('reaches every tab with the keyboard, each scrolled into view as it takes focus', async () => {
      const { page } = session;
      await page.goto(settingsUrl('general'));
      await TABS[0].shows(page).waitFor();
      await tab(page, 'General').focus();
      for (const { name } of TABS.slice(1)) {
        await page.keyboard.press('Tab');
        expect(await tab(page, name).evaluate((element) => element === document.activeElement), `Tab reaches ${name}`).to.equal(true);
        expect(await isWhollyInStrip(page, name), `${name} is scrolled into view`).to.equal(true);
      }
      await page.keyboard.press('Enter');
      await page.waitForURL(settingsUrl('danger'));
      await TABS[3].shows(page).waitFor();
      expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
    });

    it('opens at the last tab with that tab scrolled into view', async () => {
      const { page } = session;
      await page.goto(settingsUrl('danger'));
      await TABS[3].shows(page).waitFor();
      expect(await isWhollyInStrip(page, 'Danger zone')).to.equal(true);
      await strip(page).locator('.scroll-strip__arrow--before').waitFor();
      expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
    });
  });
});
