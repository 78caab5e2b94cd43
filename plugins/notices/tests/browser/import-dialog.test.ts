import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  browserSuite,
  expectNoAccessibilityViolationsInEveryTheme,
  loadForAccessibilityCheck,
  OVERLAY_PARTS,
  sharedHost,
  unexpectedConsoleErrors,
} from '../../../../core/plugin-api/testing';
import { NOTICE_IMPORT_COLUMNS, NOTICE_MESSAGES, NOTICE_TOASTS, NOTICES_ROUTES } from '../../shared/wire';
import { createClient, openAsOwner, ownerWorld, type OwnerWorld } from './world';

const PAN = 'AAACK1234K';
const GOOD_REFERENCE = 'ZD2703260IMPORT1';
const HEADER = NOTICE_IMPORT_COLUMNS.join(',');
const csvFile = (name: string, rows: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...rows].join('\n')) });
const BAD_FILE = csvFile('bad-notices.csv', [`${PAN},GST,ASMT-10,ZD27BAD1,,,,,`, `ZZZZZ9999Z,Customs,DRC-01,ZD27BAD2,31/02/2026,,,,`]);
const GOOD_FILE = csvFile('march-notices.csv', [`${PAN},GST,ASMT-10,${GOOD_REFERENCE},31/03/2026,30/04/2026,Mismatch in returns,High,"1,25,000"`]);
/** Every notice, whatever the saved filters. */
const ALL_NOTICES = 'notices?noticeType=all&priority=all&status=all';

const importDialog = (page: Page) => page.getByRole('dialog', { name: 'Bulk Import' });

describe('browser: notices bulk import', function () {
  this.timeout(90_000);
  const suite = browserSuite();
  let world: OwnerWorld;
  const url = (path: string) => `${sharedHost().baseUrl}/axal/w/${world.workspaceId}/${path}`;

  before(async function () {
    this.timeout(180_000);
    world = await ownerWorld(await suite.open(), 'notices-import', `Kaveri Associates ${randomUUID().slice(0, 4)}`);
    await createClient(world, 'Kaveri Textiles Pvt Ltd', PAN);
  });

  async function openDialog() {
    const session = await openAsOwner(suite, world);
    const { page } = session;
    await loadForAccessibilityCheck(page, url(ALL_NOTICES));
    await page.getByRole('heading', { level: 1, name: 'Notices' }).waitFor();
    await page.getByRole('button', { name: 'Bulk Import' }).click();
    await importDialog(page).waitFor();
    return session;
  }

  it('lists the rows of a refused file, then imports a good one into the list', async () => {
    const session = await openDialog();
    const { page } = session;
    const dialog = importDialog(page);
    const template = dialog.getByRole('link', { name: 'Download template' });
    expect(await template.getAttribute('href')).to.include(`${NOTICES_ROUTES.importTemplate}?workspaceId=${world.workspaceId}`);
    const upload = dialog.getByRole('button', { name: 'Upload', exact: true });
    expect(await upload.isDisabled()).to.equal(true);

    await dialog.getByLabel('Notice file (CSV or XLSX)').setInputFiles(BAD_FILE);
    await upload.click();
    const rowErrors = dialog.getByRole('list', { name: 'Row errors' });
    await rowErrors.waitFor();
    expect(await rowErrors.getByRole('listitem').allInnerTexts()).to.deep.equal([
      `Row 3: ${[NOTICE_MESSAGES.importUnknownPan('ZZZZZ9999Z'), NOTICE_MESSAGES.invalidDepartment, NOTICE_MESSAGES.invalidDate('Date of Issuance')].join('; ')}`,
    ]);

    await dialog.getByLabel('Notice file (CSV or XLSX)').setInputFiles(GOOD_FILE);
    await rowErrors.waitFor({ state: 'detached' });
    await upload.click();
    await page
      .locator('.bp6-toast')
      .filter({ hasText: NOTICE_TOASTS.imported(1, 0) })
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Notices' }).getByText(GOOD_REFERENCE, { exact: false }).waitFor();

    // The same file again: nothing new, and the dialog says which row it skipped.
    await page.getByRole('button', { name: 'Bulk Import' }).click();
    await importDialog(page).getByLabel('Notice file (CSV or XLSX)').setInputFiles(GOOD_FILE);
    await importDialog(page).getByRole('button', { name: 'Upload', exact: true }).click();
    const skipped = importDialog(page).getByRole('list', { name: 'Skipped duplicates' });
    await skipped.waitFor();
    expect(await skipped.innerText()).to.equal(`Row 2: ${GOOD_REFERENCE} (${PAN})`);
    await importDialog(page).getByRole('button', { name: 'Done', exact: true }).click();
    await importDialog(page).waitFor({ state: 'detached' });
    expect(unexpectedConsoleErrors(session, [422])).to.deep.equal([]);
  });

  it('passes axe (WCAG 2.1 A and AA) with its row errors shown, in every theme at every width', async () => {
    const { page } = await openDialog();
    const dialog = importDialog(page);
    await dialog.getByLabel('Notice file (CSV or XLSX)').setInputFiles(BAD_FILE);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByRole('list', { name: 'Row errors' }).waitFor();
    await expectNoAccessibilityViolationsInEveryTheme(page, { label: 'Bulk Import dialog', include: OVERLAY_PARTS });
  });
});
