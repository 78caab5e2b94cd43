import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  browserSuite,
  joinByInvitation,
  quietWorkspace,
  settledScreenshot,
  sharedHost,
  sidebarNav,
  signInBrowserContext,
  unexpectedConsoleErrors,
  type BrowserSession,
  type SignedIn,
} from '../../../../core/plugin-api/testing';
import { DOCUMENTS_ROUTES, MESSAGES, mimeTypeOf, type PresignResponse } from '../../shared/wire';

const toast = (page: Page, text: string | RegExp) => page.locator('.bp6-toast').filter({ hasText: text });
const documentsTable = (page: Page) => page.getByRole('table', { name: 'Documents' });
/** Blueprint draws its checkbox's indicator over the input, which Playwright would take for something in the way. */
const FORCE_CHECK = { force: true } as const;
const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

/** A file's bytes: a recognisable header and enough random data that its upload reports progress. */
const fileBytes = (header: string, size: number) => Buffer.concat([Buffer.from(header), randomBytes(size - header.length)]);

let panSequence = 0;
function uniquePan(): string {
  panSequence += 1;
  return `DOCSP${String(panSequence).padStart(4, '0')}${String.fromCharCode(65 + (process.pid % 26))}`;
}

interface Journey {
  session: BrowserSession;
  signedIn: SignedIn;
  workspaceId: string;
  workspaceName: string;
  documentsUrl: string;
}

describe('browser: documents', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  const baseUrl = () => sharedHost().baseUrl;

  async function startJourney(colorScheme: 'light' | 'dark' = 'light'): Promise<Journey> {
    const session = await suite.open({ colorScheme });
    const signedIn = await signInBrowserContext(session.context, baseUrl(), 'documents');
    const workspace = await quietWorkspace(signedIn, `Kapoor Associates ${randomUUID().slice(0, 4)}`);
    return {
      session,
      signedIn,
      workspaceId: workspace.externalId,
      workspaceName: workspace.name,
      documentsUrl: `${baseUrl()}/axal/w/${workspace.externalId}/documents`,
    };
  }

  async function createClient({ signedIn, workspaceId }: Journey, name: string): Promise<string> {
    const { client } = await signedIn.api<{ client: { externalId: string } }>('/clients', {
      workspaceExternalId: workspaceId,
      clientType: 'INDIVIDUAL',
      name,
      email: `client.${randomUUID().slice(0, 8)}@clients.example`,
      phone: '9845012345',
      panNumber: uniquePan(),
      residentialAddress: '7/3, Temple Street, Madurai - 625001',
      aadhaarNumber: '234567890123',
    });
    return client.externalId;
  }

  /** Uploads as the browser would, from the test: presign, PUT straight to storage, register. */
  async function uploadByApi({ session, signedIn, workspaceId }: Journey, filename: string, bytes: Buffer, directory = '') {
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
    await signedIn.api(`/${DOCUMENTS_ROUTES.create}`, { workspaceExternalId: workspaceId, fileKey, filename, size: bytes.length, directory });
  }

  it('creates a folder, uploads two files into it with progress, searches, assigns a client, downloads and deletes', async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    await createClient(journey, 'Anand Traders');
    await page.goto(journey.documentsUrl);
    await sidebarNav(page).getByRole('link', { name: 'Documents' }).waitFor();
    await page.getByText('The home folder is empty').waitFor();
    await page.getByText('Upload documents to get started').waitFor();
    await page.getByText(/0\.00 GB of 1\.00 GB used/).waitFor();
    await page.getByRole('button', { name: 'Upgrade Storage' }).waitFor();

    // A folder: the name rule first, then a valid name.
    await page.getByRole('button', { name: 'New Folder' }).click();
    const newFolder = page.getByRole('dialog', { name: 'New Folder' });
    await newFolder.getByRole('textbox', { name: 'New folder' }).fill('GST returns!');
    await newFolder.getByRole('button', { name: 'Create' }).click();
    await newFolder.getByText(MESSAGES.invalidFolderName).waitFor();
    await newFolder.getByText(MESSAGES.folderNameRule).waitFor();
    await newFolder.getByRole('textbox', { name: 'New folder' }).fill('GST-Returns');
    await newFolder.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Folder created').waitFor();
    await newFolder.waitFor({ state: 'detached' });
    const folderLink = documentsTable(page).getByRole('link', { name: 'GST-Returns' });
    await folderLink.waitFor();

    // Into the folder.
    await folderLink.click();
    await page.waitForURL(`${journey.documentsUrl}?path=GST-Returns`);
    await breadcrumb(page).getByText('GST-Returns').waitFor();
    await page.getByText('This folder is empty').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(journey.documentsUrl);
    await documentsTable(page).getByRole('link', { name: 'GST-Returns' }).click();
    await page.getByText('This folder is empty').waitFor();

    // Two files, uploaded one at a time with progress; a file of another type is refused.
    const returnPdf = fileBytes('%PDF-1.4\n', 3 * 1024 * 1024);
    const ledgerCsv = Buffer.from('date,party,amount\n2025-03-01,Anand Traders,125000\n');
    await page.getByRole('button', { name: 'Upload Documents' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Documents' });
    await upload.getByRole('progressbar', { name: 'Storage used' }).waitFor();
    await upload.getByText('Uploading to:').getByText('Home Directory / GST-Returns').waitFor();
    // The file box is named by the words on the drop zone (label in name).
    const fileInput = upload.getByLabel('Drag and drop files here, or click to choose', { exact: true });
    await fileInput.setInputFiles([{ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') }]);
    await upload
      .getByRole('alert')
      .filter({ hasText: 'Upload Error' })
      .getByText(MESSAGES.invalidFileTypes(['setup.exe']))
      .waitFor();
    await fileInput.setInputFiles([
      { name: 'gstr3b-march.pdf', mimeType: 'application/pdf', buffer: returnPdf },
      { name: 'ledger.csv', mimeType: 'text/csv', buffer: ledgerCsv },
    ]);
    const queue = upload.getByRole('list', { name: 'Files to upload' });
    await queue.getByText('gstr3b-march.pdf').waitFor();
    await queue.getByText('3.00 MB').waitFor();
    await settledScreenshot(journey.session, 'documents-upload-queue-light');

    // Every change of a file's status, with whether Close was usable at that moment.
    // A string, not a function: the test's compiler would add helpers the page does not have.
    await page.evaluate(`(() => {
      const seen = [];
      window.uploadStates = seen;
      const dialog = document.querySelector('.documents-upload-dialog');
      new MutationObserver(() => {
        const close = [...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Close');
        for (const status of dialog.querySelectorAll('[data-status]')) {
          const name = status.closest('li').querySelector('.documents-upload-item__name').textContent;
          const entry = name + '|' + status.dataset.status + '|' + status.textContent + '|close-disabled=' + close.disabled;
          if (!seen.includes(entry)) seen.push(entry);
        }
      }).observe(dialog, { subtree: true, childList: true, attributes: true, characterData: true });
    })()`);
    // A slower uplink, so the 3 MB file reports its progress on the way rather than only at the end.
    const devtools = await journey.session.context.newCDPSession(page);
    await devtools.send('Network.enable');
    await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    await upload.getByRole('button', { name: 'Upload 2 file(s)' }).click();
    await upload.getByRole('progressbar', { name: 'Uploading gstr3b-march.pdf' }).waitFor();
    await settledScreenshot(journey.session, 'documents-uploading-light');
    await toast(page, 'Upload Complete').filter({ hasText: 'Successfully uploaded 2 file(s)' }).waitFor();
    await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const states = (await page.evaluate('window.uploadStates')) as string[];
    for (const name of ['gstr3b-march.pdf', 'ledger.csv']) {
      const ofFile = states.filter((entry) => entry.startsWith(`${name}|`));
      expect(
        ofFile.some((entry) => entry.includes('|uploading|') && entry.endsWith('close-disabled=true')),
        `${name}: ${ofFile.join(', ')}`,
      ).to.equal(true);
      expect(
        ofFile.some((entry) => entry.includes('|metadata|Saving metadata...')),
        ofFile.join(', '),
      ).to.equal(true);
      expect(ofFile.at(-1)).to.match(/\|success\|Uploaded\|/);
    }
    // Progress between the start and the end was reported for the larger file, and the files went one at a time.
    const pdfPercents = states
      .filter((entry) => entry.startsWith('gstr3b-march.pdf|uploading|'))
      .map((entry) => Number(/Uploading (\d+)%/.exec(entry)?.[1]));
    expect(
      pdfPercents.some((percent) => percent > 0 && percent < 100),
      states.join(', '),
    ).to.equal(true);
    const firstLedgerUpload = states.findIndex((entry) => entry.startsWith('ledger.csv|uploading|'));
    const pdfDone = states.findIndex((entry) => entry.startsWith('gstr3b-march.pdf|success|'));
    expect(pdfDone).to.be.lessThan(firstLedgerUpload);
    expect(await upload.getByRole('button', { name: 'Close' }).isDisabled()).to.equal(false);
    await upload.getByRole('button', { name: 'Close' }).click();
    await upload.waitFor({ state: 'detached' });
    await documentsTable(page).getByText('gstr3b-march.pdf').waitFor();
    await documentsTable(page).getByText('ledger.csv').waitFor();

    // Search: case-insensitive, contains.
    const search = page.getByRole('searchbox', { name: 'Search files and folders' });
    await search.fill('LEDG');
    await documentsTable(page).getByText('gstr3b-march.pdf').waitFor({ state: 'detached' });
    await documentsTable(page).getByText('ledger.csv').waitFor();
    await search.fill('form 16');
    await page.getByText('No matches found for your search').waitFor();
    await search.fill('');

    // Assign a client to a file.
    await documentsTable(page).getByRole('button', { name: 'Assign client to ledger.csv' }).click();
    const assign = page.getByRole('dialog', { name: 'Assign Client to Folder or File' });
    expect(await assign.getByRole('button', { name: 'Assign Client' }).isDisabled()).to.equal(true);
    await assign.getByRole('searchbox', { name: 'Search clients' }).fill('Nobody Such');
    await assign.getByText('No clients found.').waitFor();
    await assign.getByRole('searchbox', { name: 'Search clients' }).fill('anand');
    await assign.getByRole('radio', { name: 'Anand Traders' }).check();
    await assign.getByRole('button', { name: 'Assign Client' }).click();
    await assign.waitFor({ state: 'detached' });
    const ledgerRow = documentsTable(page).getByRole('row').filter({ hasText: 'ledger.csv' });
    await ledgerRow.getByText('Anand Traders').waitFor();

    // Refresh, with its tooltip.
    const refresh = page.getByRole('button', { name: 'Refresh directory structure' });
    await refresh.hover();
    await page.locator('.bp6-tooltip').getByText('Refresh directory structure').waitFor();
    await page
      .locator('.bp6-tooltip')
      .getByText(/Last updated: /)
      .waitFor();
    await refresh.click();
    await toast(page, 'Directory Refreshed').filter({ hasText: 'Document list has been updated' }).waitFor();
    await settledScreenshot(journey.session, 'documents-folder-light');

    // Download: a link that opens in a new tab, answering the very bytes uploaded.
    const download = documentsTable(page).getByRole('button', { name: 'Download gstr3b-march.pdf' });
    expect(await download.getAttribute('target')).to.equal('_blank');
    const downloadUrl = await download.getAttribute('href');
    // Fetched as the new tab would, with the browser's cookies, following the redirect to storage.
    const downloaded = await page.context().request.get(new URL(downloadUrl!, page.url()).toString());
    expect(downloaded.status()).to.equal(200);
    expect((await downloaded.body()).equals(returnPdf)).to.equal(true);
    expect(downloaded.headers()['content-disposition']).to.include('gstr3b-march.pdf');

    // The client page lists the assigned file; the dashboard counts both.
    await page.goto(`${baseUrl()}/axal/w/${journey.workspaceId}/dashboard`);
    const totalCard = page.getByRole('region', { name: 'Total Documents' });
    await totalCard.getByText('2', { exact: true }).waitFor();

    // Back to the root through the breadcrumb, then delete the folder with everything in it.
    await page.goto(`${journey.documentsUrl}?path=GST-Returns`);
    await documentsTable(page).getByText('ledger.csv').waitFor();
    await breadcrumb(page).getByRole('link', { name: 'Root' }).click();
    await page.waitForURL(journey.documentsUrl);
    await documentsTable(page).getByRole('link', { name: 'GST-Returns' }).waitFor();
    await settledScreenshot(journey.session, 'documents-root-light');

    const deleteButton = page.getByRole('button', { name: 'Delete Documents' });
    expect(await deleteButton.isDisabled()).to.equal(true);
    await documentsTable(page).getByRole('checkbox', { name: 'Select GST-Returns' }).check(FORCE_CHECK);
    await page.getByText('1 selected').waitFor();
    await deleteButton.click();
    const confirm = page.getByRole('dialog', { name: 'Delete Selected Documents' });
    const typed = confirm.getByRole('textbox', { name: 'Type to confirm' });
    const deleteConfirm = confirm.getByRole('button', { name: 'Delete', exact: true });
    await typed.fill(journey.workspaceName.toLowerCase());
    expect(await deleteConfirm.isDisabled()).to.equal(true);
    await typed.fill(journey.workspaceName);
    await settledScreenshot(journey.session, 'documents-delete-light');
    await deleteConfirm.click();
    await toast(page, 'Selected items deleted successfully').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('The home folder is empty').waitFor();
    expect(unexpectedConsoleErrors(journey.session)).to.deep.equal([]);
  });

  it("shows the client's documents on the client page", async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    const clientId = await createClient(journey, 'Bharat Steel Works');
    await page.goto(`${baseUrl()}/axal/w/${journey.workspaceId}/clients/${clientId}`);
    // The shell's client-page section that holds the plugin's part.
    const section = page.locator('.bp6-section').filter({ has: page.getByRole('heading', { level: 2, name: 'Documents' }) });
    await section.getByText('No documents uploaded yet').waitFor();

    await section.getByRole('button', { name: 'Upload Document' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Documents' });
    await upload.getByRole('progressbar', { name: 'Storage used' }).waitFor();
    await upload
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'form-16.pdf', mimeType: 'application/pdf', buffer: fileBytes('%PDF-1.4\n', 4096) }]);
    await upload.getByRole('button', { name: 'Upload 1 file(s)' }).click();
    await toast(page, 'Upload Complete').filter({ hasText: 'Successfully uploaded 1 file(s)' }).waitFor();
    await upload.getByRole('button', { name: 'Close' }).click();

    const table = section.getByRole('table', { name: 'Client documents' });
    await table.getByText('form-16.pdf').waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).to.deep.equal(['Document Name', 'Type', 'Upload Date', 'Size', 'Actions']);
    await section.getByRole('button', { name: 'Delete form-16.pdf' }).click();
    const alert = page.getByRole('alertdialog');
    await alert.getByText('Are you sure?').waitFor();
    await alert.getByText('This action cannot be undone. This will permanently delete the document from the system.').waitFor();
    await settledScreenshot(journey.session, 'documents-client-section-light');
    await alert.getByRole('button', { name: 'Delete' }).click();
    await section.getByText('No documents uploaded yet').waitFor();
    expect(unexpectedConsoleErrors(journey.session)).to.deep.equal([]);
  });

  it('shows an employee the documents with the delete button disabled and its reason (dark theme)', async () => {
    const owner = await startJourney();
    await uploadByApi(owner, 'engagement-letter.pdf', fileBytes('%PDF-1.4\n', 2048));
    const employee = await suite.open({ colorScheme: 'dark' });
    const employeeSignedIn = await signInBrowserContext(employee.context, baseUrl(), 'employee');
    await joinByInvitation(baseUrl(), { owner: owner.signedIn, workspaceId: owner.workspaceId, member: employeeSignedIn, role: 'EMPLOYEE' });
    const { page } = employee;

    await page.goto(owner.documentsUrl);
    expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).to.equal(true);
    await documentsTable(page).getByText('engagement-letter.pdf').waitFor();
    await page.getByRole('button', { name: 'Upload Documents' }).waitFor();
    expect(await page.getByRole('button', { name: 'Upgrade Storage' }).count()).to.equal(0);

    const deleteButton = page.getByRole('button', { name: 'Delete Documents' });
    await documentsTable(page).getByRole('checkbox', { name: 'Select engagement-letter.pdf' }).check(FORCE_CHECK);
    expect(await deleteButton.isDisabled()).to.equal(true);
    await deleteButton.hover();
    await page.locator('.bp6-tooltip').getByText(MESSAGES.deleteForbidden).waitFor();
    await deleteButton.click({ force: true });
    expect(await page.getByRole('dialog', { name: 'Delete Selected Documents' }).count()).to.equal(0);
    await settledScreenshot(employee, 'documents-employee-dark');
    expect(unexpectedConsoleErrors(employee)).to.deep.equal([]);
  });
});
