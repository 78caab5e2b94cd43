import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { STEP_UP_DURATION_MS, stepUpClock } from '../../core/auth/step-up';
import { gstinCheckCharacter } from '../../core/clients/gstin';
import { BULK_IMPORT_COLUMNS } from '../../core/clients/schemas';
import type { BrowserSession } from '../../core/plugin-api/testing/browser';
import { signInBrowserContext } from '../../core/plugin-api/testing/browser-auth';
import { joinByInvitation } from '../../core/plugin-api/testing/browser-invitations';
import {
  browserSuite,
  inputValueBecomes,
  quietWorkspace,
  settledScreenshot,
  sidebarNav,
  unexpectedConsoleErrors,
  type SignedIn,
} from '../../core/plugin-api/testing/browser-suite';
import { STRONG_PASSWORD } from '../../core/plugin-api/testing/http';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';

const toast = (page: Page, text: string | RegExp) => page.locator('.bp6-toast').filter({ hasText: text });
/** Form fields are labelled "PAN (required)", "GSTIN" and so on. */
const field = (scope: Pick<Page, 'getByLabel'>, label: string) => scope.getByLabel(new RegExp(`^${label}`));

let panSequence = 0;
/** A well-formed PAN not used before in this run (PAN and email are unique per workspace, and every journey has its own). */
function uniquePan(): string {
  panSequence += 1;
  return `ABCDE${String(panSequence).padStart(4, '0')}K`;
}
const gstinOf = (pan: string) => `27${pan}1Z${gstinCheckCharacter(`27${pan}1Z`)}`;
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}${panSequence}@clients.example`;

interface Journey {
  session: BrowserSession;
  signedIn: SignedIn;
  workspaceId: string;
  clientsUrl: string;
}

describe('browser: clients', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  async function startJourney(colorScheme: 'light' | 'dark' = 'light'): Promise<Journey> {
    const session = await suite.open({ colorScheme });
    const signedIn = await signInBrowserContext(session.context, sharedHost().baseUrl, 'clients');
    const workspaceId = (await quietWorkspace(signedIn)).externalId;
    return { session, signedIn, workspaceId, clientsUrl: `${sharedHost().baseUrl}/axal/w/${workspaceId}/clients` };
  }

  async function createBusinessByApi({ signedIn, workspaceId }: Journey, name: string) {
    const panNumber = uniquePan();
    const { client } = await signedIn.api<{ client: { externalId: string } }>('/clients', {
      workspaceExternalId: workspaceId,
      clientType: 'BUSINESS',
      name,
      email: uniqueEmail('business'),
      phone: '9820012345',
      panNumber,
      gstin: gstinOf(panNumber),
      contactPerson: 'Sunil Rao',
      businessAddress: '22, Residency Road, Bengaluru - 560025',
    });
    return client.externalId;
  }

  async function createIndividualByApi({ signedIn, workspaceId }: Journey, name: string) {
    const { client } = await signedIn.api<{ client: { externalId: string } }>('/clients', {
      workspaceExternalId: workspaceId,
      clientType: 'INDIVIDUAL',
      name,
      email: uniqueEmail('person'),
      phone: '9845012345',
      panNumber: uniquePan(),
      residentialAddress: '7/3, Temple Street, Madurai - 625001',
      aadhaarNumber: '234567890123',
    });
    return client.externalId;
  }

  /** A browser signed in as a CLIENT member of the journey's workspace, linked to one client (dark theme). */
  async function openAsClientMember(journey: Journey, clientId: string) {
    const member = await suite.open({ colorScheme: 'dark' });
    const memberSignedIn = await signInBrowserContext(member.context, sharedHost().baseUrl, 'client-member');
    await joinByInvitation(sharedHost().baseUrl, {
      owner: journey.signedIn,
      workspaceId: journey.workspaceId,
      member: memberSignedIn,
      role: 'CLIENT',
      clientIds: [clientId],
    });
    return member;
  }

  it('creates a business and an individual through the form, with the spec messages inline and a duplicate PAN refused', async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    await page.goto(journey.clientsUrl);
    await page.getByText('No clients yet').waitFor();
    // Blueprint gives its anchor buttons the button role.
    await page.getByRole('main').getByRole('button', { name: 'New Client' }).first().click();
    await page.waitForURL(`${journey.clientsUrl}/new`);

    await field(page, 'Name').fill('Kaveri Textiles Pvt Ltd');
    await field(page, 'Email').fill(uniqueEmail('kaveri'));
    await field(page, 'Phone').fill('12345');
    await field(page, 'PAN').fill('abc12');
    await page.getByRole('button', { name: 'Create Client' }).click();
    await page.getByText('Invalid PAN number format').waitFor();
    await page.getByText('Invalid Indian phone number').waitFor();
    await page.getByText('Business address is required').waitFor();
    expect(await field(page, 'PAN').inputValue()).to.equal('ABC12');
    await settledScreenshot(journey.session, 'clients-new-errors-light');

    const pan = uniquePan();
    await field(page, 'Phone').fill('+91 98200 12345');
    await field(page, 'PAN').fill(pan.toLowerCase());
    // A well-formed GSTIN with a wrong check character saves, with the server's warning.
    const gstin = gstinOf(pan);
    await field(page, 'GSTIN').fill(`${gstin.slice(0, 14)}${gstin[14] === 'A' ? 'B' : 'A'}`);
    await field(page, 'Contact Person').fill('Sunil Rao');
    await field(page, 'Business Address').fill('22, Residency Road, Bengaluru - 560025');
    await page.getByRole('button', { name: 'Create Client' }).click();
    await toast(page, 'Client created').filter({ hasText: 'The GSTIN check digit is wrong' }).waitFor();
    await page.waitForURL(new RegExp(`${journey.clientsUrl}/[0-9a-f-]{36}$`));
    await page.getByRole('heading', { level: 1, name: 'Kaveri Textiles Pvt Ltd' }).waitFor();
    await page.getByText('Contact person: Sunil Rao').waitFor();

    await page.goto(`${journey.clientsUrl}/new`);
    await page.getByRole('radio', { name: 'Individual' }).click();
    await field(page, 'Business Address').waitFor({ state: 'detached' });
    await field(page, 'Name').fill('Meera Krishnan');
    await field(page, 'Occupation').fill('Doctor');
    await field(page, 'Email').fill(uniqueEmail('meera'));
    await field(page, 'Phone').fill('9845012345');
    await field(page, 'PAN').fill(pan);
    await field(page, 'Aadhaar Number').fill('23456789012345');
    expect(await field(page, 'Aadhaar Number').inputValue()).to.equal('234567890123');
    await field(page, 'Date of Birth').fill('1984-09-12');
    expect(await field(page, 'Date of Birth').getAttribute('min')).to.equal('1900-01-01');
    await field(page, 'Residential Address').fill('7/3, Temple Street, Madurai - 625001');
    await page.getByRole('button', { name: 'Create Client' }).click();
    await page.getByText('A client with this PAN already exists in this workspace').first().waitFor();
    expect(await field(page, 'PAN').getAttribute('aria-invalid')).to.equal('true');

    await field(page, 'PAN').fill(uniquePan());
    await page.getByRole('button', { name: 'Create Client' }).click();
    await toast(page, 'Client created').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Meera Krishnan' }).waitFor();
    await page.getByText('XXXX-XXXX-0123').waitFor();
    await page.getByText('Doctor', { exact: true }).waitFor();
    await settledScreenshot(journey.session, 'clients-individual-details-light');
    expect(unexpectedConsoleErrors(journey.session, [409])).to.deep.equal([]);
  });

  it('edits a client in the Edit Client dialog and adds a note', async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    const clientId = await createBusinessByApi(journey, 'Ganesh Traders');
    await page.goto(`${journey.clientsUrl}/${clientId}`);

    await page.getByRole('button', { name: 'Edit Client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Client' });
    await field(dialog, 'Business Address').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Business address is required').waitFor();
    await field(dialog, 'Business Address').fill('14, Kalbadevi Road, Mumbai - 400002');
    await field(dialog, 'Name').fill('Shree Ganesh Traders');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Client updated successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Shree Ganesh Traders' }).waitFor();
    await page.getByRole('main').getByText('14, Kalbadevi Road, Mumbai - 400002').waitFor();

    await page.getByText('No notes yet. Add your first note.').waitFor();
    const addNote = page.getByRole('button', { name: 'Add Note' });
    expect(await addNote.isDisabled()).to.equal(true);
    const noteField = page.getByRole('textbox', { name: 'Add New Note' });
    await noteField.fill('   ');
    await addNote.click();
    await toast(page, 'Empty note').filter({ hasText: 'Please enter some content for your note.' }).waitFor();
    await noteField.fill('Asked for the March GSTR-3B working papers.');
    await addNote.click();
    const notes = page.getByRole('list', { name: 'Notes' });
    await notes.getByText('Asked for the March GSTR-3B working papers.').waitFor();
    await notes.getByText('Browser Tester').waitFor();
    expect(await noteField.inputValue()).to.equal('');
    await settledScreenshot(journey.session, 'clients-details-light');
    expect(unexpectedConsoleErrors(journey.session)).to.deep.equal([]);
  });

  it('saves portal credentials only after "Verify Your Identity" (dark theme)', async () => {
    const journey = await startJourney('dark');
    const { page } = journey.session;
    const clientId = await createBusinessByApi(journey, 'Nilgiri Exports');
    await page.goto(`${journey.clientsUrl}/${clientId}`);
    expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).to.equal(true);

    await page.getByRole('heading', { name: 'Platform Credentials' }).waitFor();
    const gst = page.getByRole('region', { name: 'GST Portal' });
    const openLogin = gst.getByRole('button', { name: /Open Login Page/ });
    expect(await openLogin.getAttribute('href')).to.equal('https://services.gst.gov.in/services/login');
    expect(await openLogin.getAttribute('target')).to.equal('_blank');
    expect(
      await page
        .getByRole('region', { name: 'Income Tax Portal' })
        .getByRole('button', { name: /Open Login Page/ })
        .getAttribute('href'),
    ).to.equal('https://eportal.incometax.gov.in/iec/foservices/#/login');
    await gst.getByText('2FA Required').waitFor();
    await gst.getByText('CAPTCHA Protected').waitFor();

    const save = gst.getByRole('button', { name: 'Save Credentials' });
    expect(await save.isDisabled()).to.equal(true);
    await gst.getByRole('textbox', { name: 'Username' }).fill('nilgiri.gst');
    expect(await save.isDisabled()).to.equal(true);
    const password = gst.getByLabel('Password', { exact: true });
    await password.fill('Portal#Pass1');
    expect(await password.getAttribute('type')).to.equal('password');
    await gst.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).to.equal('text');
    await save.click();

    const verify = page.getByRole('dialog', { name: 'Verify Your Identity' });
    await verify.getByText('Enter your account password to save the GST Portal credentials.').waitFor();
    await verify.getByLabel('Account password').fill('not my password');
    await verify.getByRole('button', { name: 'Confirm & Save' }).click();
    await verify.getByRole('alert').filter({ hasText: 'Your account password is incorrect' }).waitFor();
    expect(await verify.getByLabel('Account password').inputValue()).to.equal('');
    await settledScreenshot(journey.session, 'clients-verify-identity-dark');

    await verify.getByLabel('Account password').fill(STRONG_PASSWORD);
    await verify.getByRole('button', { name: 'Confirm & Save' }).click();
    await toast(page, 'Credentials saved successfully').filter({ hasText: 'Your credentials have been encrypted and stored safely.' }).waitFor();
    await verify.waitFor({ state: 'detached' });
    await gst.getByText('Saved', { exact: true }).waitFor();
    await settledScreenshot(journey.session, 'clients-credentials-dark');

    // Within ten minutes of verifying, saving again does not ask again (the first save's toast goes first, so the
    // second one is the only one on screen).
    await toast(page, 'Credentials saved successfully').waitFor({ state: 'detached' });
    await password.fill('Portal#Pass2');
    await save.click();
    await toast(page, 'Credentials saved successfully').waitFor();
    expect(await verify.count()).to.equal(0);
    expect(unexpectedConsoleErrors(journey.session, [401])).to.deep.equal([]);
  });

  it('reveals a saved password and the full Aadhaar number after "Verify Your Identity"', async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    const clientId = await createIndividualByApi(journey, 'Lata Deshpande');
    await journey.signedIn.api('/me/step-up', { password: STRONG_PASSWORD });
    await journey.signedIn.api(`/clients/${clientId}/credentials`, {
      workspaceId: journey.workspaceId,
      platformName: 'GST',
      username: 'lata.gst',
      password: 'Lata#Portal7',
    });
    // Ten minutes later the verification above has run out.
    stepUpClock.now = () => Date.now() + STEP_UP_DURATION_MS;
    try {
      await page.goto(`${journey.clientsUrl}/${clientId}`);
      const gst = page.getByRole('region', { name: 'GST Portal' });
      expect(await gst.getByRole('textbox', { name: 'Username' }).inputValue()).to.equal('lata.gst');
      const password = gst.getByLabel('Password', { exact: true });
      expect(await password.inputValue()).to.equal('');
      expect(await password.getAttribute('type')).to.equal('password');

      const verify = page.getByRole('dialog', { name: 'Verify Your Identity' });
      await gst.getByRole('button', { name: 'Reveal password' }).click();
      await verify.getByText('Enter your account password to see the saved GST Portal password.').waitFor();
      await verify.getByRole('button', { name: 'Cancel' }).click();
      await verify.waitFor({ state: 'detached' });
      expect(await password.inputValue()).to.equal('');
      expect(await toast(page, /.+/).count(), 'a cancelled verification needs no message').to.equal(0);

      await gst.getByRole('button', { name: 'Reveal password' }).click();
      await verify.getByLabel('Account password').fill(STRONG_PASSWORD);
      await verify.getByRole('button', { name: 'Verify' }).click();
      await verify.waitFor({ state: 'detached' });
      await inputValueBecomes(password, 'Lata#Portal7');
      expect(await password.getAttribute('type')).to.equal('text');

      // Verified a moment ago: the full Aadhaar number is shown without asking again.
      await page.getByText('XXXX-XXXX-0123').waitFor();
      await page.getByRole('button', { name: 'Reveal Aadhaar number' }).click();
      await page.getByText('2345-6789-0123').waitFor();
      expect(await verify.count()).to.equal(0);
      await settledScreenshot(journey.session, 'clients-revealed-light');
      await page.getByRole('button', { name: 'Hide Aadhaar number' }).click();
      await page.getByText('XXXX-XXXX-0123').waitFor();
      expect(unexpectedConsoleErrors(journey.session, [401])).to.deep.equal([]);
    } finally {
      stepUpClock.now = () => Date.now();
    }
  });

  it('bulk-imports clients from a CSV: row errors are listed, a good file creates every row', async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    const header = BULK_IMPORT_COLUMNS.map(([column]) => column).join(',');
    const rowOf = (values: Partial<Record<(typeof BULK_IMPORT_COLUMNS)[number][0], string>>) =>
      BULK_IMPORT_COLUMNS.map(([column]) => (values[column] ?? '').replace(/,/g, ' ')).join(',');
    const businessPan = uniquePan();
    const business = rowOf({
      'Client Type': 'BUSINESS',
      Name: 'Imported Mills Ltd',
      Email: uniqueEmail('mills'),
      Phone: '9820011111',
      'PAN Number': businessPan,
      GSTIN: gstinOf(businessPan),
      'Business Address': '5 Mill Road Surat',
    });
    const individual = rowOf({
      'Client Type': 'INDIVIDUAL',
      Name: 'Imported Person',
      Email: uniqueEmail('imported'),
      Phone: '9820022222',
      'PAN Number': uniquePan(),
      'Aadhaar Number': '345678901234',
      'Date of Birth': '1990-01-31',
      'Residential Address': '9 Lake View Pune',
    });
    const badRow = rowOf({ 'Client Type': 'INDIVIDUAL', Name: 'Bad Row', Email: uniqueEmail('bad'), Phone: '9820033333', 'PAN Number': 'NOTAPAN' });
    const folder = mkdtempSync(path.join(tmpdir(), 'clients-import-'));
    const badFile = path.join(folder, 'bad.csv');
    const goodFile = path.join(folder, 'good.csv');
    writeFileSync(badFile, `${header}\n${business}\n${badRow}\n`);
    writeFileSync(goodFile, `${header}\n${business}\n${individual}\n`);

    await page.goto(journey.clientsUrl);
    await page.getByRole('button', { name: 'Bulk Import Clients' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Import Clients' });
    expect(await dialog.getByRole('button', { name: 'Download Template' }).getAttribute('href')).to.equal('/axal/templates/bulk-client-import.csv');
    expect(await dialog.locator('input[type=file]').getAttribute('accept')).to.contain('.csv');
    const importButton = dialog.getByRole('button', { name: 'Import Clients' });
    expect(await importButton.isDisabled()).to.equal(true);
    await dialog.getByText('CSV format guide').click();
    await dialog.getByRole('cell', { name: 'Aadhaar Number' }).waitFor();

    await dialog.locator('input[type=file]').setInputFiles(badFile);
    await importButton.click();
    const rowErrors = dialog.getByRole('list', { name: 'Row errors' });
    await rowErrors.getByText('Row 3').first().waitFor();
    await rowErrors.getByText('Invalid PAN number format', { exact: false }).first().waitFor();
    await toast(page, /row has errors|rows have errors/).waitFor();
    await settledScreenshot(journey.session, 'clients-bulk-import-errors-light');

    await dialog.locator('input[type=file]').setInputFiles(goodFile);
    await importButton.click();
    await toast(page, 'Clients created successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const table = page.getByRole('table', { name: 'Clients' });
    await table.getByRole('link', { name: 'Imported Mills Ltd' }).waitFor();
    await table.getByRole('link', { name: 'Imported Person' }).waitFor();
    expect(unexpectedConsoleErrors(journey.session, [400])).to.deep.equal([]);
  });

  it('filters by search text and type, both kept in the URL', async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    await createBusinessByApi(journey, 'Zephyr Logistics');
    await createIndividualByApi(journey, 'Zara Menon');
    await page.goto(journey.clientsUrl);
    await sidebarNav(page).getByRole('link', { name: 'Clients' }).waitFor();
    const links = sidebarNav(page).getByRole('link');
    expect((await links.allInnerTexts()).slice(0, 2).map((text) => text.trim())).to.deep.equal(['Dashboard', 'Clients']);
    expect(await sidebarNav(page).getByRole('link', { name: 'Clients' }).getAttribute('aria-current')).to.equal('page');

    const table = page.getByRole('table', { name: 'Clients' });
    await table.getByRole('link', { name: 'Zephyr Logistics' }).waitFor();
    await table.getByRole('link', { name: 'Zara Menon' }).waitFor();

    await page.getByRole('searchbox', { name: 'Search clients' }).fill('zephyr');
    await page.waitForURL(/[?&]search=zephyr/);
    await table.getByRole('link', { name: 'Zara Menon' }).waitFor({ state: 'detached' });
    await table.getByRole('link', { name: 'Zephyr Logistics' }).waitFor();

    await page.getByRole('combobox', { name: 'Client type' }).selectOption('INDIVIDUAL');
    await page.waitForURL(/[?&]type=INDIVIDUAL/);
    await page.getByText('No clients match your search').waitFor();
    await settledScreenshot(journey.session, 'clients-list-no-match-light');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL(journey.clientsUrl);
    const searchBox = page.getByRole('searchbox', { name: 'Search clients' });
    await inputValueBecomes(searchBox, '');
    expect(await searchBox.inputValue()).to.equal('');

    await page.goto(`${journey.clientsUrl}?type=BUSINESS`);
    await table.getByRole('link', { name: 'Zephyr Logistics' }).waitFor();
    expect(await table.getByRole('link', { name: 'Zara Menon' }).count()).to.equal(0);
    await settledScreenshot(journey.session, 'clients-list-light');
    expect(unexpectedConsoleErrors(journey.session)).to.deep.equal([]);
  });

  it('shows a client member only their own clients, without staff notes or portal credentials', async () => {
    const journey = await startJourney();
    const ownClientId = await createIndividualByApi(journey, 'Lakshmi Narayanan');
    await createBusinessByApi(journey, 'Someone Else Traders');
    const member = await openAsClientMember(journey, ownClientId);
    const { page } = member;

    await page.goto(journey.clientsUrl);
    await page.getByRole('link', { name: 'Lakshmi Narayanan' }).first().waitFor();
    expect(await page.getByText('Someone Else Traders').count()).to.equal(0);
    await page.goto(`${journey.clientsUrl}/${ownClientId}`);
    await page.getByRole('heading', { level: 1, name: 'Lakshmi Narayanan' }).waitFor();
    await page.getByRole('main').getByText('7/3, Temple Street, Madurai - 625001').waitFor();
    expect(await page.getByRole('heading', { name: 'Notes' }).count()).to.equal(0);
    expect(await page.getByRole('heading', { name: 'Platform Credentials' }).count()).to.equal(0);
    expect(member.requests.filter((url) => /\/clients\/[^/]+\/(notes|credentials)/.test(url))).to.deep.equal([]);
    await settledScreenshot(member, 'clients-client-member-dark');
    expect(unexpectedConsoleErrors(member)).to.deep.equal([]);
  });

  it('counts the clients on the dashboard and draws their growth by month; a client member counts theirs alone', async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    const dashboardUrl = `${sharedHost().baseUrl}/axal/w/${journey.workspaceId}/dashboard`;
    await page.goto(dashboardUrl);
    const growth = page.getByRole('region', { name: 'Monthly Client Growth' });
    await growth.getByText('No Client Data').waitFor();
    await growth.getByText('Add clients to see growth trends over time.').waitFor();

    const ownClientId = await createIndividualByApi(journey, 'Lakshmi Narayanan');
    await createBusinessByApi(journey, 'Someone Else Traders');
    await page.reload();
    const total = page.getByRole('region', { name: 'Total Clients' });
    await total.getByText('Active clients in workspace').waitFor();
    await total.locator('.sdk-stat-card__value', { hasText: '2' }).waitFor();
    const titles = await page.locator('.dashboard-cards h3').allTextContents();
    expect(titles.indexOf('Total Clients'), 'the first of the figures').to.be.below(titles.indexOf('Total Documents'));
    await growth.getByText('2 clients now').waitFor();
    const months = growth.getByRole('table', { name: 'Clients at the end of each month' });
    expect((await months.getByRole('row').last().getByRole('cell').allTextContents()).join(' | ')).to.equal('2 | First month shown');
    await growth.locator('.client-dashboard-chart svg').first().waitFor();
    await settledScreenshot(journey.session, 'clients-dashboard-light');

    const member = await openAsClientMember(journey, ownClientId);
    await member.page.goto(dashboardUrl);
    await member.page.getByRole('region', { name: 'Total Clients' }).locator('.sdk-stat-card__value', { hasText: '1' }).waitFor();
    await member.page.getByRole('region', { name: 'Monthly Client Growth' }).getByText('1 client now').waitFor();
    expect(unexpectedConsoleErrors(journey.session)).to.deep.equal([]);
    expect(unexpectedConsoleErrors(member)).to.deep.equal([]);
  });

  it('deletes a client once its name is typed exactly, then shows the list', async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    const clientId = await createBusinessByApi(journey, 'Short Lived Co');
    await page.goto(`${journey.clientsUrl}/${clientId}`);
    await page.getByRole('button', { name: 'Delete Client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Client' });
    const confirm = dialog.getByRole('button', { name: 'Delete Client' });
    await dialog.getByRole('textbox', { name: 'Type to confirm' }).fill('short lived co');
    expect(await confirm.isDisabled()).to.equal(true);
    await dialog.getByRole('textbox', { name: 'Type to confirm' }).fill('Short Lived Co');
    await confirm.click();
    await toast(page, 'Client deleted successfully').waitFor();
    await page.waitForURL(journey.clientsUrl);
    await page.getByText('No clients yet').waitFor();
    expect(unexpectedConsoleErrors(journey.session)).to.deep.equal([]);
  });
});
