import { randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { gstinCheckCharacter } from '../../core/clients/gstin';
import { signInBrowserContext } from '../../core/plugin-api/testing/browser-auth';
import { browserSuite, quietWorkspace, settledScreenshot, unexpectedConsoleErrors } from '../../core/plugin-api/testing/browser-suite';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';

const COLUMNS = ['email', 'platform', 'username', 'password', 'name', 'phone', 'panNumber'];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const toast = (page: Page, text: string | RegExp) => page.locator('.bp6-toast').filter({ hasText: text });
/** A PAN unlikely to be used by any other journey; the fourth letter names the holder's kind (C company, P person). */
function randomPan(holder: 'C' | 'P'): string {
  const letter = () => LETTERS[randomInt(LETTERS.length)];
  return `${letter()}${letter()}${letter()}${holder}${letter()}${String(randomInt(10_000)).padStart(4, '0')}${letter()}`;
}
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}${randomInt(1_000_000)}@clients.example`;

describe('browser: bulk credential import', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  const folder = mkdtempSync(path.join(tmpdir(), 'credential-import-'));

  async function startJourney() {
    const session = await suite.open();
    const signedIn = await signInBrowserContext(session.context, sharedHost().baseUrl, 'credential-import');
    const workspaceId = (await quietWorkspace(signedIn)).externalId;
    const clientsUrl = `${sharedHost().baseUrl}/axal/w/${workspaceId}/clients`;
    return { session, signedIn, workspaceId, clientsUrl };
  }

  it('imports credentials from an Excel file: skipped rows are summarised, an existing client gets its login, a new PAN creates a client', async () => {
    const { session, signedIn, workspaceId, clientsUrl } = await startJourney();
    const { page } = session;
    const existingPan = randomPan('C');
    const { client: existing } = await signedIn.api<{ client: { externalId: string } }>('/clients', {
      workspaceExternalId: workspaceId,
      clientType: 'BUSINESS',
      name: 'Deccan Spices Pvt Ltd',
      email: uniqueEmail('deccan'),
      phone: '9820012345',
      panNumber: existingPan,
      gstin: `27${existingPan}1Z${gstinCheckCharacter(`27${existingPan}1Z`)}`,
      businessAddress: '12, Market Yard, Pune - 411037',
    });
    const newPan = randomPan('P');
    const rows = [
      [uniqueEmail('deccan.gst'), 'GST', 'deccan_gst', 'Gst#Portal2024', 'Deccan Spices Pvt Ltd', '9820012345', existingPan],
      [uniqueEmail('ravi'), 'Income Tax', newPan, 'Itr#Secure2024', 'Ravi Shankar Iyer', '9845012345', newPan],
      [uniqueEmail('nopan'), 'GST', 'nopan_gst', 'NoPan#2024', 'No Pan Traders', '9811122233', ''],
      [uniqueEmail('ravi.again'), 'GST', 'ravi_gst', 'Gst#Again2024', 'Ravi Shankar Iyer', '9845012345', newPan.toLowerCase()],
      ['lakshmi.at.example', 'GST', 'lakshmi_gst', 'Gst#Lak2024', 'Lakshmi Stores', '9822233344', randomPan('C')],
    ];
    // Written with exceljs, as another spreadsheet program would (xlsx itself runs only in the browser).
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Logins').addRows([COLUMNS, ...rows]);
    const excelFile = path.join(folder, 'credentials.xlsx');
    await workbook.xlsx.writeFile(excelFile);

    await page.goto(clientsUrl);
    await page.getByRole('button', { name: 'Bulk Import Credentials' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Import Credentials' });
    const picker = dialog.locator('input[type=file]');
    expect(await picker.getAttribute('accept')).to.equal('.csv,.xlsx');
    const importButton = dialog.getByRole('button', { name: /^Import/ });
    expect(await importButton.isDisabled()).to.equal(true);

    const isSheetLibrary = (url: string) => /\/assets\/xlsx\.[0-9a-f]+\.js$/.test(url);
    expect(session.requests.filter(isSheetLibrary), 'the sheet library is fetched only when needed').to.deep.equal([]);
    const csvDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download CSV template' }).click();
    const csvTemplate = readFileSync(await (await csvDownload).path(), 'utf8').split(/\r?\n/);
    expect(csvTemplate[0]).to.equal(COLUMNS.join(','));
    expect(csvTemplate.slice(1).filter(Boolean)).to.have.length(2);
    await toast(page, 'Template downloaded').waitFor();
    expect(session.requests.filter(isSheetLibrary)).to.deep.equal([]);

    const excelDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download Excel template' }).click();
    const template = await excelDownload;
    expect(template.suggestedFilename()).to.equal('credential-import-template.xlsx');
    const templateBook = new ExcelJS.Workbook();
    await templateBook.xlsx.readFile(await template.path());
    const templateLines: string[][] = [];
    templateBook.worksheets[0].eachRow((row) => templateLines.push((row.values as string[]).slice(1)));
    expect(templateLines[0]).to.deep.equal(COLUMNS);
    expect(templateLines.slice(1).map((line) => line[6])).to.satisfy(
      (pans: string[]) => pans.length === 2 && pans.every((pan) => /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(pan)),
    );
    expect(session.requests.filter(isSheetLibrary)).to.have.length(1);

    await picker.setInputFiles(excelFile);
    const counts = dialog.getByRole('table', { name: 'Row counts' });
    await counts.waitFor();
    expect(await counts.innerText()).to.match(
      /Valid rows\s+2\s+Skipped: no PAN number\s+1\s+Skipped: duplicate PAN number\s+1\s+Skipped: invalid\s+1/,
    );
    await dialog.getByText('Partial Validation').waitFor();
    await dialog.getByText('2 rows of 5 will be imported; 3 rows will be skipped.').waitFor();
    await dialog.getByText('Missing PAN Numbers').waitFor();
    await dialog.getByText('1 row without a PAN number will be skipped.').waitFor();
    await dialog.getByText('Duplicate PAN Numbers').waitFor();
    await dialog.getByText('1 row repeats a PAN number from an earlier row; only the first row of each PAN is kept.').waitFor();
    const issues = dialog.getByRole('list', { name: 'Rows with problems' });
    expect((await issues.getByRole('listitem').allInnerTexts()).map((text) => text.trim())).to.deep.equal([
      'Row 5: Duplicate PAN number in the file (also on row 3)',
      'Row 6: Invalid email format',
    ]);
    await toast(page, 'Partial Validation').waitFor();
    await settledScreenshot(session, 'credential-import-summary-light');

    await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
    // Importing portal passwords asks for the account password first, then sends the rows.
    const verify = page.getByRole('dialog', { name: 'Verify Your Identity' });
    await verify.getByText('Enter your account password to import portal credentials.').waitFor();
    await verify.getByLabel('Account password').fill(signedIn.password);
    await verify.getByRole('button', { name: 'Verify' }).click();
    await verify.waitFor({ state: 'detached' });
    await dialog.getByText('Import started — processing will start shortly').waitFor();
    await dialog.getByText('Import completed: 2 of 2 rows processed').waitFor({ timeout: 30_000 });
    const outcome = dialog.getByRole('table', { name: 'Import outcome' });
    expect(await outcome.innerText()).to.match(
      /New clients created\s+1\s+Credentials added to existing clients\s+1\s+Credentials updated\s+0\s+Failed rows\s+0/,
    );
    await toast(page, 'Credential import completed').waitFor();
    await settledScreenshot(session, 'credential-import-completed-light');

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    const table = page.getByRole('table', { name: 'Clients' });
    await table.getByRole('link', { name: 'Ravi Shankar Iyer' }).waitFor();
    await table.getByRole('link', { name: 'Deccan Spices Pvt Ltd' }).waitFor();
    expect(await table.getByRole('link', { name: 'No Pan Traders' }).count()).to.equal(0);
    expect(await table.getByRole('link', { name: 'Lakshmi Stores' }).count()).to.equal(0);

    const clientApi = `${sharedHost().baseUrl}/axal/api/v1/clients/${existing.externalId}/credentials`;
    const stored = await session.context.request.get(`${clientApi}?workspaceId=${workspaceId}`);
    const { credentials } = (await stored.json()) as { credentials: { platformName: string; username: string; password: null }[] };
    expect(credentials.map(({ platformName, username, password }) => ({ platformName, username, password }))).to.deep.equal([
      { platformName: 'GST', username: 'deccan_gst', password: null },
    ]);
    // The session verified its identity for the import, so the password can be revealed without asking again.
    const revealed = await session.context.request.get(`${clientApi}/GST/reveal?workspaceId=${workspaceId}`);
    expect(await revealed.json()).to.deep.equal({ platformName: 'GST', password: 'Gst#Portal2024' });
    await settledScreenshot(session, 'credential-import-list-light');
    // The import's first answer asked for the step-up (401) before the dialog opened.
    expect(unexpectedConsoleErrors(session, [401])).to.deep.equal([]);
  });

  it('refuses a CSV without the required columns, and a file that is neither CSV nor Excel', async () => {
    const { session, clientsUrl } = await startJourney();
    const { page } = session;
    // As Excel saves a CSV: a byte order mark, CRLF line ends and quoted fields with commas in them.
    const csvFile = path.join(folder, 'missing-columns.csv');
    writeFileSync(
      csvFile,
      '\uFEFFemail,platform,username,password,name\r\n"accounts@kaveri.example",GST,kaveri_gst,"Pass,word#1","Kaveri Textiles, Erode"\r\n',
    );
    const textFile = path.join(folder, 'credentials.txt');
    writeFileSync(textFile, 'email,platform\r\n');

    await page.goto(clientsUrl);
    await page.getByRole('button', { name: 'Bulk Import Credentials' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Import Credentials' });
    const picker = dialog.locator('input[type=file]');

    await picker.setInputFiles(textFile);
    await dialog.getByText('Invalid file type').waitFor();
    await toast(page, 'Invalid file type').waitFor();

    await picker.setInputFiles(csvFile);
    await dialog.getByText('Missing Required Fields').waitFor();
    await dialog.getByText('The file has no phone, panNumber column.').waitFor();
    await toast(page, 'Missing Required Fields').waitFor();
    expect(await dialog.getByRole('button', { name: /^Import/ }).isDisabled()).to.equal(true);
    expect(await dialog.getByRole('table', { name: 'Row counts' }).count()).to.equal(0);
    await settledScreenshot(session, 'credential-import-missing-columns-light');
    expect(
      session.requests.some((url) => /\/assets\/xlsx\.[0-9a-f]+\.js$/.test(url)),
      'a CSV never fetches the sheet library',
    ).to.equal(false);
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });
});
