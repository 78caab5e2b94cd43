import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { gstinCheckCharacter } from '../../core/clients/gstin';
import { expectNoAccessibilityViolations } from '../../core/plugin-api/testing/accessibility';
import { openPage, type BrowserSession } from '../../core/plugin-api/testing/browser';
import { signInBrowserContext } from '../../core/plugin-api/testing/browser-auth';
import { joinByInvitation } from '../../core/plugin-api/testing/browser-invitations';
import {
  animationsSettled,
  browserSuite,
  quietWorkspace,
  settledScreenshot,
  sidebarNav,
  unexpectedConsoleErrors,
  type SignedIn,
} from '../../core/plugin-api/testing/browser-suite';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';
import { DOCUMENTS_ROUTES, mimeTypeOf, type PresignResponse } from '../../plugins/documents/shared/wire';

const searchDialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const searchBox = (page: Page) => searchDialog(page).getByRole('combobox', { name: 'Search the workspace' });
const searchButton = (page: Page) => page.getByRole('button', { name: /^Search (Ctrl K|⌘K)$/ });
const group = (page: Page, name: string) => searchDialog(page).getByRole('group', { name });
const recentSearches = (page: Page) => searchDialog(page).getByRole('listbox', { name: 'Recent searches' });
const SEARCH_REQUEST = /\/axal\/api\/v1\/search\?/;
const termOf = (url: string) => new URL(url).searchParams.get('q');
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const randomLetters = (count: number) => Array.from({ length: count }, () => LETTERS[Math.floor(Math.random() * 26)]).join('');
const randomDigits = (count: number) => Array.from({ length: count }, () => String(Math.floor(Math.random() * 10))).join('');
/** A business PAN (fourth letter C) no other test uses. */
const uniquePan = () => `${randomLetters(3)}C${randomLetters(1)}${randomDigits(4)}${randomLetters(1)}`;

interface Client {
  externalId: string;
  name: string;
  panNumber: string;
  gstin: string;
}

/**
 * One firm with two business clients and each client's return in a folder assigned to that client, so the owner
 * finds everything and a CLIENT member linked to one client finds only that client's records.
 */
interface Firm {
  owner: SignedIn;
  workspaceId: string;
  workspaceUrl: string;
  lakshmi: Client;
  kaveri: Client;
}

describe('browser: global search on real records', function () {
  this.timeout(180_000);
  const suite = browserSuite();
  const baseUrl = () => sharedHost().baseUrl;
  let firm: Firm;

  async function createClient(owner: SignedIn, workspaceId: string, name: string): Promise<Client> {
    const panNumber = uniquePan();
    const withoutCheck = `27${panNumber}1Z`;
    const gstin = `${withoutCheck}${gstinCheckCharacter(withoutCheck)}`;
    const { client } = await owner.api<{ client: { externalId: string } }>('/clients', {
      workspaceExternalId: workspaceId,
      clientType: 'BUSINESS',
      name,
      email: `search.${randomUUID().slice(0, 8)}@clients.example`,
      phone: '09820012345',
      panNumber,
      gstin,
      contactPerson: 'Sunil Rao',
      businessAddress: '22, Residency Road, Bengaluru - 560025',
    });
    return { externalId: client.externalId, name, panNumber, gstin };
  }

  /** Uploads as the browser would, from the test: presign, PUT straight to storage, register. */
  async function uploadByApi(session: BrowserSession, owner: SignedIn, workspaceId: string, filename: string, directory: string) {
    const bytes = Buffer.from(`%PDF-1.4 ${filename}`);
    const presign = await session.context.request.get(`${baseUrl()}/axal/api/v1/${DOCUMENTS_ROUTES.presign}`, {
      params: { workspaceId, filename, directory, size: bytes.length },
    });
    expect(presign.status(), await presign.text()).to.equal(200);
    const { url, fileKey, requiredHeaders } = (await presign.json()) as PresignResponse;
    const put = await fetch(url, {
      method: 'PUT',
      headers: { ...requiredHeaders, 'Content-Type': mimeTypeOf(filename) },
      body: new Uint8Array(bytes),
    });
    expect(put.status).to.be.oneOf([200, 201]);
    await owner.api(`/${DOCUMENTS_ROUTES.create}`, { workspaceExternalId: workspaceId, fileKey, filename, size: bytes.length, directory });
  }

  // The owner's own browser context, kept for the suite: the owner invites the CLIENT member through it.
  let ownerContext: BrowserSession | undefined;

  before(async function () {
    this.timeout(240_000);
    ownerContext = await openPage(suite.browser());
    const owner = await signInBrowserContext(ownerContext.context, baseUrl(), 'search-owner');
    const workspaceId = (await quietWorkspace(owner, 'Real Search Firm')).externalId;
    const lakshmi = await createClient(owner, workspaceId, 'Lakshmi Textiles Pvt Ltd');
    const kaveri = await createClient(owner, workspaceId, 'Kaveri Spices LLP');
    for (const [client, folder] of [
      [lakshmi, 'Clients/Lakshmi'],
      [kaveri, 'Clients/Kaveri'],
    ] as const) {
      await owner.api(`/${DOCUMENTS_ROUTES.createDirectory}`, { workspaceId, path: folder, clientId: client.externalId });
      await uploadByApi(ownerContext, owner, workspaceId, `${folder.split('/')[1]}_GSTR3B_March.pdf`, folder);
    }
    firm = { owner, workspaceId, workspaceUrl: `${baseUrl()}/axal/w/${workspaceId}`, lakshmi, kaveri };
  });

  after(() => ownerContext?.close());

  /** A page of the owner in a context of its own (its own storage), signed in with the owner's password. */
  async function ownerPage(colorScheme: 'light' | 'dark' = 'light'): Promise<BrowserSession> {
    const session = await suite.open({ colorScheme });
    const { request } = session.context;
    const { csrfToken } = (await (await request.get(`${baseUrl()}/axal/auth/csrf`)).json()) as { csrfToken: string };
    const login = await request.post(`${baseUrl()}/axal/auth/login`, {
      headers: { 'X-CSRF-Token': csrfToken },
      data: { email: firm.owner.email, password: firm.owner.password },
    });
    expect(login.status()).to.equal(200);
    await session.page.goto(`${firm.workspaceUrl}/dashboard`);
    await sidebarNav(session.page).waitFor();
    return session;
  }

  async function openSearch(page: Page): Promise<void> {
    await page.keyboard.press('Control+k');
    await searchBox(page).waitFor();
  }

  async function searchAndOpen(page: Page, term: string, groupName: string, option: RegExp): Promise<void> {
    await openSearch(page);
    await searchBox(page).fill(term);
    const hit = group(page, groupName).getByRole('option', { name: option });
    await hit.waitFor();
    await hit.click();
    await searchDialog(page).waitFor({ state: 'hidden' });
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`finds a client by a name fragment, by PAN and by a GSTIN fragment, and a document by name, and opens each (${colorScheme})`, async () => {
      const session = await ownerPage(colorScheme);
      const { page } = session;
      const { lakshmi, kaveri, workspaceUrl } = firm;

      await openSearch(page);
      await searchBox(page).fill('textil');
      const clients = group(page, 'Clients');
      await clients.getByRole('option', { name: /Lakshmi Textiles Pvt Ltd/ }).waitFor();
      expect(await clients.getByRole('option').count()).to.equal(1);
      await settledScreenshot(session, `search-real-client-${colorScheme}`);
      await expectNoAccessibilityViolations(page, { label: `search dialog with a client hit (${colorScheme})`, include: ['.global-search'] });
      await page.keyboard.press('Enter');
      await page.waitForURL(`${workspaceUrl}/clients/${lakshmi.externalId}`);
      await page.getByRole('heading', { level: 1, name: lakshmi.name }).waitFor();
      // The client page writes the phone the one way the app shows phone numbers.
      await page.getByRole('link', { name: '+91 98200 12345' }).waitFor();

      await searchAndOpen(page, kaveri.panNumber.toLowerCase(), 'Clients', /Kaveri Spices LLP/);
      await page.waitForURL(`${workspaceUrl}/clients/${kaveri.externalId}`);
      await page.getByRole('heading', { level: 1, name: kaveri.name }).waitFor();

      // A piece of the GSTIN: the state code and the start of the PAN, not a whole identifier.
      await searchAndOpen(page, lakshmi.gstin.slice(0, 9), 'Clients', /Lakshmi Textiles Pvt Ltd/);
      await page.waitForURL(`${workspaceUrl}/clients/${lakshmi.externalId}`);

      await openSearch(page);
      await searchBox(page).fill('gstr3b_mar');
      const documents = group(page, 'Documents');
      await documents.getByRole('option', { name: /Kaveri_GSTR3B_March\.pdf.*In Clients\/Kaveri/ }).waitFor();
      expect(await documents.getByRole('option').count()).to.equal(2);
      await settledScreenshot(session, `search-real-documents-${colorScheme}`);
      await expectNoAccessibilityViolations(page, { label: `search dialog with document hits (${colorScheme})`, include: ['.global-search'] });
      await documents.getByRole('option', { name: /Lakshmi_GSTR3B_March\.pdf/ }).click();
      await page.waitForURL(`${workspaceUrl}/documents?path=Clients%2FLakshmi`);
      await page.getByText('Lakshmi_GSTR3B_March.pdf').first().waitFor();
      expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
    });
  }

  it("shows a CLIENT member only their own client's records", async () => {
    const session = await suite.open();
    const { page } = session;
    const member = await signInBrowserContext(session.context, baseUrl(), 'search-client');
    await joinByInvitation(baseUrl(), {
      owner: firm.owner,
      workspaceId: firm.workspaceId,
      member,
      role: 'CLIENT',
      clientIds: [firm.lakshmi.externalId],
    });
    await page.goto(`${firm.workspaceUrl}/dashboard`);
    await sidebarNav(page).waitFor();

    await openSearch(page);
    await searchBox(page).fill('gstr3b');
    await group(page, 'Documents')
      .getByRole('option', { name: /Lakshmi_GSTR3B_March\.pdf/ })
      .waitFor();
    expect(await searchDialog(page).getByRole('option').allTextContents()).to.have.length(1);

    for (const term of ['kaveri', firm.kaveri.panNumber, firm.kaveri.gstin.slice(0, 9), 'spices']) {
      await searchBox(page).fill(term);
      await searchDialog(page).getByText(`No results for “${term}”.`).waitFor();
      expect(await searchDialog(page).getByRole('option').count(), term).to.equal(0);
    }
    await searchBox(page).fill(firm.lakshmi.panNumber);
    await group(page, 'Clients')
      .getByRole('option', { name: /Lakshmi Textiles Pvt Ltd/ })
      .click();
    await page.waitForURL(`${firm.workspaceUrl}/clients/${firm.lakshmi.externalId}`);
    await settledScreenshot(session, 'search-real-client-member');
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it('aborts the request of the previous term at the next keystroke, before the pause that sends the new one', async () => {
    const session = await ownerPage();
    const { page } = session;
    // Every search answers after 2 s, so the first one is still on its way when the next key is pressed.
    await page.route(SEARCH_REQUEST, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue().catch(() => undefined);
    });
    const searches: string[] = [];
    page.on('request', (request) => {
      if (SEARCH_REQUEST.test(request.url())) searches.push(`sent ${termOf(request.url())}`);
    });
    page.on('requestfailed', (request) => {
      if (SEARCH_REQUEST.test(request.url())) searches.push(`aborted ${termOf(request.url())}`);
    });
    await openSearch(page);
    const searchedFor = (term: string) => page.waitForRequest((request) => SEARCH_REQUEST.test(request.url()) && termOf(request.url()) === term);
    const first = searchedFor('kave');
    // The term in one input event: typed key by key, a busy machine may pause between keys long enough to search each.
    await searchBox(page).fill('kave');
    await first;
    const second = searchedFor('kaver');
    await page.keyboard.type('r');
    await second;
    // The keystroke itself aborted the request on its way, before the pause after which the new term was sent.
    expect(searches).to.deep.equal(['sent kave', 'aborted kave', 'sent kaver']);
    await group(page, 'Clients')
      .getByRole('option', { name: /Kaveri Spices LLP/ })
      .waitFor({ timeout: 10_000 });
    expect(session.requests.filter((url) => SEARCH_REQUEST.test(url)).map(termOf)).to.deep.equal(['kave', 'kaver']);
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it('lists recent searches while the box is empty, newest first, chosen with the keyboard, and clears them', async () => {
    const session = await ownerPage();
    const { page } = session;
    await searchAndOpen(page, 'kaveri', 'Clients', /Kaveri Spices LLP/);
    await searchAndOpen(page, 'lakshmi', 'Clients', /Lakshmi Textiles Pvt Ltd/);
    await searchAndOpen(page, 'Kaveri', 'Clients', /Kaveri Spices LLP/);

    await openSearch(page);
    const recent = recentSearches(page);
    await recent.waitFor();
    // The same term in another case counts once, moved to the top.
    expect(await recent.getByRole('option').allTextContents()).to.deep.equal(['Kaveri', 'lakshmi']);
    expect(await recent.getByRole('option').first().getAttribute('aria-selected')).to.equal('true');
    await page.keyboard.press('ArrowDown');
    expect(await searchBox(page).getAttribute('aria-activedescendant')).to.equal(await recent.getByRole('option').nth(1).getAttribute('id'));
    await settledScreenshot(session, 'search-real-recent');
    await expectNoAccessibilityViolations(page, { label: 'search dialog with recent searches', include: ['.global-search'] });
    await page.keyboard.press('Enter');
    expect(await searchBox(page).inputValue()).to.equal('lakshmi');
    await group(page, 'Clients')
      .getByRole('option', { name: /Lakshmi Textiles Pvt Ltd/ })
      .waitFor();

    await searchBox(page).fill('');
    await recent.waitFor();
    await searchDialog(page).getByRole('button', { name: 'Clear recent searches' }).click();
    await recent.waitFor({ state: 'detached' });
    expect(await searchBox(page).evaluate((input) => input === document.activeElement)).to.equal(true);
    await page.keyboard.press('Escape');
    await page.reload();
    await sidebarNav(page).waitFor();
    await openSearch(page);
    await searchDialog(page).getByText('Type at least 2 characters').waitFor();
    expect(await recentSearches(page).count()).to.equal(0);
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it('gives focus back to the control that opened the dialog', async () => {
    const session = await ownerPage();
    const { page } = session;
    await searchButton(page).click();
    await searchBox(page).waitFor();
    await page.keyboard.press('Escape');
    await searchDialog(page).waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.classList.contains('global-search__trigger'));

    // Opened with the shortcut from a link of the sidebar: back to that link.
    await sidebarNav(page).getByRole('link', { name: 'Clients' }).focus();
    await openSearch(page);
    await searchDialog(page).getByRole('button', { name: 'Close' }).click();
    await searchDialog(page).waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Clients');

    // An opened hit leads to a page; focus is on that page, never left on the body.
    await searchAndOpen(page, 'lakshmi', 'Clients', /Lakshmi Textiles Pvt Ltd/);
    await page.getByRole('heading', { level: 1, name: firm.lakshmi.name }).waitFor();
    await animationsSettled(page);
    expect(await page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null)).to.equal(true);
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });
});
