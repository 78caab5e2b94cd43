import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import {
  browserSuite,
  expectNoAccessibilityViolations,
  quietWorkspace,
  settledScreenshot,
  sharedHost,
  sidewaysOverflow,
  signInBrowserContext,
  squeezedWords,
  unexpectedConsoleErrors,
  type BrowserSession,
  type SignedIn,
} from '../../../../core/plugin-api/testing';
import { DOCUMENTS_ROUTES, mimeTypeOf, type PresignResponse } from '../../shared/wire';

const ALL_COLUMNS = ['Name', 'Type', 'Client', 'Size', 'Modified', 'Actions'];
const CLIENT_NAME = 'Sreelakshmi Venkataramanan Enterprises Private Limited';
/** Folder names have no spaces (letters, digits, dashes and underscores), so each is one long run of text. */
const FOLDERS = ['Income_Tax_Returns_FY2024', 'Statutory_Audit_Working_Papers', 'GST-Reconciliation-Quarterly'];
const FILE_NAME = 'Form_26AS_Annual_Tax_Statement.pdf';

const documentsTable = (page: Page) => page.getByRole('table', { name: 'Documents' });
const headerNames = async (table: Locator) => (await table.locator('thead th').allInnerTexts()).map((text) => text.trim()).filter(Boolean);

async function expectFitsScreen(page: Page, table: Locator) {
  expect(await sidewaysOverflow(page), 'the page scrolls sideways').to.equal(0);
  expect(await squeezedWords(table), 'words wider than their cells').to.deep.equal([]);
}

describe('browser: documents on narrow screens', function () {
  this.timeout(180_000);
  const suite = browserSuite();
  const baseUrl = () => sharedHost().baseUrl;
  let signInCookies: Awaited<ReturnType<BrowserSession['context']['cookies']>>;
  let documentsUrl: string;
  let clientUrl: string;

  /** A page of this test, signed in as the owner of the workspace the suite made. */
  async function ownerPage(): Promise<BrowserSession> {
    const session = await suite.open();
    await session.context.addCookies(signInCookies);
    return session;
  }

  before(async () => {
    const session = await suite.open();
    const signedIn = await signInBrowserContext(session.context, baseUrl(), 'narrow-documents');
    const workspaceId = (await quietWorkspace(signedIn, 'Venkataramanan and Associates')).externalId;
    const clientId = await createClient(signedIn, workspaceId);
    for (const [index, path] of FOLDERS.entries()) {
      await signedIn.api(`/${DOCUMENTS_ROUTES.createDirectory}`, { workspaceId, path, ...(index === 1 ? { clientId } : {}) });
    }
    await uploadByApi(session, signedIn, workspaceId, clientId);
    documentsUrl = `${baseUrl()}/axal/w/${workspaceId}/documents`;
    clientUrl = `${baseUrl()}/axal/w/${workspaceId}/clients/${clientId}`;
    signInCookies = await session.context.cookies();
  });

  for (const width of [390, 360]) {
    it(`at ${width} px keeps the checkbox and the name, opens the rest under each row, and squeezes no name`, async () => {
      const session = await ownerPage();
      const { page } = session;
      await page.setViewportSize({ width, height: 844 });
      await page.goto(documentsUrl);
      const table = documentsTable(page);
      await table.getByRole('link', { name: FOLDERS[1] }).waitFor();
      const shown = await headerNames(table);
      expect(shown[0]).to.equal('Name');
      await table.getByRole('checkbox', { name: `Select ${FOLDERS[0]}` }).waitFor();
      await expectFitsScreen(page, table);

      // Every column left out is in the file's details, the download link among them when Actions is.
      const hidden = ALL_COLUMNS.filter((column) => !shown.includes(column));
      expect(hidden).to.include('Modified');
      const toggle = table.getByRole('button', { name: `Details of ${FILE_NAME}` });
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).to.equal('true');
      const details = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
      expect((await details.locator('dt').allInnerTexts()).sort()).to.deep.equal([...hidden].sort());
      await details.getByText(CLIENT_NAME).waitFor();
      await details.getByText('PDF', { exact: true }).waitFor();
      await table.getByRole('button', { name: `Download ${FILE_NAME}` }).waitFor();
      await expectFitsScreen(page, table);
      await expectNoAccessibilityViolations(page, { label: `documents table, details open (light, ${width} px)`, include: ['.data-table'] });
      await settledScreenshot(session, `documents-narrow-${width}-light`);

      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForFunction(() => document.body.classList.contains('bp6-dark'));
      await table.getByRole('button', { name: `Details of ${FOLDERS[1]}` }).click();
      await expectFitsScreen(page, table);
      await expectNoAccessibilityViolations(page, { label: `documents table, details open (dark, ${width} px)`, include: ['.data-table'] });
      await settledScreenshot(session, `documents-narrow-${width}-dark`);
      expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
    });
  }

  it('at 1440 px shows every column and no details buttons', async () => {
    const session = await ownerPage();
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(documentsUrl);
    const table = documentsTable(page);
    await table.getByRole('link', { name: FOLDERS[1] }).waitFor();
    expect(await headerNames(table)).to.deep.equal(ALL_COLUMNS);
    expect(await table.getByRole('button', { name: /^Details of / }).count()).to.equal(0);
    await expectFitsScreen(page, table);
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it("the client page's documents at 360 px: the name stays, nothing is squeezed", async () => {
    const session = await ownerPage();
    const { page } = session;
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(clientUrl);
    const table = page.getByRole('table', { name: 'Client documents' });
    await table.getByText(FILE_NAME).waitFor();
    expect((await headerNames(table))[0]).to.equal('Document Name');
    await expectFitsScreen(page, table);
    await table.getByRole('button', { name: `Details of ${FILE_NAME}` }).click();
    await expectFitsScreen(page, table);
    await settledScreenshot(session, 'documents-client-section-360');
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });
});

async function createClient(signedIn: SignedIn, workspaceId: string): Promise<string> {
  const { client } = await signedIn.api<{ client: { externalId: string } }>('/clients', {
    workspaceExternalId: workspaceId,
    clientType: 'INDIVIDUAL',
    name: CLIENT_NAME,
    email: `narrow.${process.pid}@clients.example`,
    phone: '9845012345',
    panNumber: `NRWDP${String(process.pid % 10_000).padStart(4, '0')}K`,
    residentialAddress: '7/3, Temple Street, Madurai - 625001',
    aadhaarNumber: '234567890123',
  });
  return client.externalId;
}

/** Uploads a PDF to the root, assigned to the client, as the browser would: presign, PUT straight to storage, register. */
async function uploadByApi(session: BrowserSession, signedIn: SignedIn, workspaceId: string, clientId: string) {
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2048)]);
  const presign = await session.context.request.get(`${sharedHost().baseUrl}/axal/api/v1/${DOCUMENTS_ROUTES.presign}`, {
    params: { workspaceId, filename: FILE_NAME, directory: '', size: bytes.length },
  });
  expect(presign.status(), await presign.text()).to.equal(200);
  const { url, fileKey, requiredHeaders } = (await presign.json()) as PresignResponse;
  const put = await fetch(url, {
    method: 'PUT',
    headers: { ...requiredHeaders, 'Content-Type': mimeTypeOf(FILE_NAME) },
    body: new Uint8Array(bytes),
  });
  expect(put.status).to.be.oneOf([200, 201]);
  await signedIn.api(`/${DOCUMENTS_ROUTES.create}`, {
    workspaceExternalId: workspaceId,
    fileKey,
    filename: FILE_NAME,
    size: bytes.length,
    directory: '',
    clientExternalId: clientId,
  });
}
