import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import {
  ACCESSIBILITY_VIEWPORTS,
  browserSuite,
  expectNoAccessibilityViolationsInEveryTheme,
  loadForAccessibilityCheck,
  OVERLAY_PARTS,
  sharedHost,
  sidewaysOverflow,
  squeezedWords,
  unexpectedConsoleErrors,
} from '../../../../core/plugin-api/testing';
import { NOTICE_TOASTS, type NoticeCreateRequest, type NoticeView } from '../../shared/wire';
import { createClient, createNotice, isoDateIn, openAsOwner, OWNER_NAME, ownerWorld, type OwnerWorld } from './world';

const CLIENT_NAME = 'Sharma Traders';
const NOTICE_TYPE = 'ASMT-10';
/** The longest kind of notice type, which must still fit a phone's table. */
const LONG_NOTICE_TYPE = 'Section 148A(b)';
const REFERENCE = 'ZD2703260001234';
const DESCRIPTION = 'Discrepancies between GSTR-1 and GSTR-3B for the tax period April 2025 to March 2026.';
const NARROW = { width: 360, height: 740 };
const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

/** Waits until the page shows its heading and nothing on it is still loading. */
async function settled(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForFunction(() => !document.querySelector('.bp6-skeleton, .bp6-spinner, [aria-busy="true"]'));
}

describe('browser: notice details and the client page section', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  const baseUrl = () => sharedHost().baseUrl;
  let world: OwnerWorld;
  let clientId: string;
  /** The notice the journey changes, and one the other tests only read. */
  let journeyNotice: NoticeView;
  let quietNotice: NoticeView;

  const url = (path: string) => `${baseUrl()}/axal/w/${world.workspaceId}/${path}`;

  before(async function () {
    this.timeout(180_000);
    world = await ownerWorld(await suite.open(), 'notice-details', 'Mehta and Rao Associates');
    clientId = await createClient(world, CLIENT_NAME, 'AAACS1234K');
    const addNotice = (fields: Pick<NoticeCreateRequest, 'noticeType' | 'reference'> & Partial<NoticeCreateRequest>) =>
      createNotice(world, { clientId, department: 'GST', assignedToExternalId: world.ownerId, ...fields });
    journeyNotice = await addNotice({
      noticeType: NOTICE_TYPE,
      reference: REFERENCE,
      description: DESCRIPTION,
      priority: 'HIGH',
      dateOfIssuance: isoDateIn(-10),
      dueDate: isoDateIn(20),
      taxPeriod: '2025-26',
      amountDemanded: '125000.50',
    });
    quietNotice = await addNotice({
      department: 'INCOME_TAX',
      noticeType: LONG_NOTICE_TYPE,
      reference: 'ITBA/AST/F/148A/2026-27/1001234567(1)',
      status: 'PENDING',
      priority: 'LOW',
    });
  });

  it('opens a notice from its address, changes its status, generates a task, attaches a file and adds a hearing', async () => {
    const session = await openAsOwner(suite, world);
    const { page } = session;
    await page.goto(url(`notices/${journeyNotice.externalId}`));
    await settled(page, NOTICE_TYPE);
    const header = page.locator('.notices-details-header');
    await header.getByText(REFERENCE).waitFor();
    await header.getByRole('link', { name: CLIENT_NAME }).waitFor();
    await header.getByText('₹1,25,000.50').waitFor();
    await header.getByText(OWNER_NAME).waitFor();
    await header.getByText('New', { exact: true }).waitFor();
    await header.getByText('High priority').waitFor();
    await region(page, 'Original Description').getByText(DESCRIPTION).waitFor();
    await region(page, 'Associated Tasks').getByText(NOTICE_TOASTS.noTasks).waitFor();

    // Update Status: nothing to send until another status is chosen.
    await button(page, 'Update Status').click();
    const dialog = page.getByRole('dialog', { name: 'Update Status' });
    const update = button(dialog, 'Update');
    expect(await update.isDisabled()).to.equal(true);
    await dialog.getByLabel('New status').selectOption('NEW');
    expect(await update.isDisabled()).to.equal(true);
    await dialog.getByLabel('New status').selectOption('IN_PROGRESS');
    await update.click();
    await toast(page, NOTICE_TOASTS.statusUpdated).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await header.getByText('In Progress', { exact: true }).waitFor();
    await region(page, 'Activity')
      .getByText(/Status changed from New to In Progress/)
      .waitFor();

    // Generate Task: the task appears under Associated Tasks and opens the task's page.
    await button(page, 'Generate Task').click();
    await toast(page, NOTICE_TOASTS.taskGenerated).waitFor();
    const taskTitle = `${NOTICE_TYPE} - ${CLIENT_NAME}`;
    const tasks = region(page, 'Associated Tasks');
    await tasks.getByRole('link', { name: taskTitle }).waitFor();
    await tasks.getByText(`Task generated from notice: ${NOTICE_TYPE}`).waitFor();
    await tasks.getByText('Due in 20 days').waitFor();

    // A file attached through the documents plugin's card.
    const attachments = page.locator('.bp6-section').filter({ has: page.getByRole('heading', { name: 'Attachments' }) });
    await attachments.getByText('No attachments yet.').waitFor();
    await button(attachments, 'Upload').click();
    const upload = page.getByRole('dialog', { name: 'Upload Attachments' });
    await upload.getByText('Upload files to attach to this notice.').waitFor();
    await upload.getByRole('progressbar', { name: 'Storage used' }).waitFor();
    await upload
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'asmt-10-reply.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\nreply') }]);
    await button(upload, 'Upload 1 file(s)').click();
    await attachments.getByText('asmt-10-reply.pdf').waitFor();
    if (await upload.isVisible()) await button(upload, 'Close').click();
    await upload.waitFor({ state: 'detached' });
    await region(page, 'Activity')
      .getByText(/asmt-10-reply\.pdf/)
      .waitFor();

    // A hearing: added, listed with its mode, then removed.
    const hearings = region(page, 'Hearings');
    await button(hearings, 'Add Hearing').click();
    const hearingDate = isoDateIn(15);
    await hearings.getByLabel('Hearing date').fill(hearingDate);
    await hearings.getByLabel('Time (optional)').fill('11:30');
    await hearings.getByLabel('Mode').selectOption('VIRTUAL');
    await hearings.getByLabel('Notes (optional)').fill('Bring the reconciliation statement.');
    await button(hearings, 'Add').click();
    await toast(page, NOTICE_TOASTS.hearingAdded).waitFor();
    const hearing = hearings.getByRole('listitem').filter({ hasText: 'Video hearing' });
    await hearing.getByText('Bring the reconciliation statement.').waitFor();
    await hearing.getByRole('button', { name: /^Remove hearing on .* at 11:30$/ }).click();
    await toast(page, NOTICE_TOASTS.hearingRemoved).waitFor();
    await hearing.waitFor({ state: 'detached' });
    await hearings.getByText('No hearings scheduled.').waitFor();

    // The generated task's own page.
    await tasks.getByRole('link', { name: taskTitle }).click();
    await settled(page, taskTitle);
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it("lists the client's notices on the client page in the spec's words", async () => {
    const session = await openAsOwner(suite, world);
    const { page } = session;
    await page.goto(url(`clients/${clientId}`));
    await settled(page, CLIENT_NAME);
    const table = page.getByRole('table', { name: 'Client notices' });
    const quietRow = table.getByRole('row').filter({ hasText: LONG_NOTICE_TYPE });
    await quietRow.getByText('Pending', { exact: true }).waitFor();
    await quietRow.getByText('Low', { exact: true }).waitFor();
    await quietRow.getByText(NOTICE_TOASTS.notAvailable, { exact: true }).waitFor();
    await table.getByRole('link', { name: DESCRIPTION }).click();
    await settled(page, NOTICE_TYPE);
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it('shows a notice that does not exist as not found, with the way back', async () => {
    const session = await openAsOwner(suite, world);
    const { page } = session;
    await page.goto(url(`notices/${randomUUID()}`));
    await settled(page, 'Notice not found');
    await page.getByRole('link', { name: 'Back to Notices' }).click();
    await page.waitForURL(url('notices'));
    expect(unexpectedConsoleErrors(session, [404])).to.deep.equal([]);
  });

  it('fits a 360 px phone: the details page and the client section never scroll sideways', async () => {
    const { page } = await openAsOwner(suite, world);
    await page.setViewportSize(NARROW);
    await page.goto(url(`notices/${journeyNotice.externalId}`));
    await settled(page, NOTICE_TYPE);
    await region(page, 'Activity').getByRole('listitem').first().waitFor();
    expect(await sidewaysOverflow(page), 'the details page scrolls sideways').to.equal(0);
    await button(page, 'Update Status').click();
    const dialog = page.getByRole('dialog', { name: 'Update Status' });
    const box = await dialog.boundingBox();
    expect(box!.x).to.be.at.least(0);
    expect(box!.x + box!.width).to.be.at.most(NARROW.width);

    await page.goto(url(`clients/${clientId}`));
    await settled(page, CLIENT_NAME);
    const table = page.getByRole('table', { name: 'Client notices' });
    await table.getByRole('link', { name: DESCRIPTION }).waitFor();
    expect(await sidewaysOverflow(page), 'the client page scrolls sideways').to.equal(0);
    expect(await squeezedWords(table), 'words wider than their cells').to.deep.equal([]);
  });

  it('passes axe in every theme: the details page, its Update Status, Edit and Delete dialogs and the client section', async () => {
    const { page } = await openAsOwner(suite, world);
    await loadForAccessibilityCheck(page, url(`notices/${quietNotice.externalId}`));
    await settled(page, LONG_NOTICE_TYPE);
    await expectNoAccessibilityViolationsInEveryTheme(page, { label: 'notice details' });

    await page.setViewportSize(ACCESSIBILITY_VIEWPORTS[0]);
    await button(page, 'Update Status').click();
    const dialog = page.getByRole('dialog', { name: 'Update Status' });
    await dialog.getByLabel('New status').selectOption('PENDING');
    await dialog.getByText('Choose a status other than the current one').waitFor();
    await expectNoAccessibilityViolationsInEveryTheme(page, { label: 'update status dialog', include: OVERLAY_PARTS });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    for (const [action, title] of [
      ['Edit', 'Edit Notice'],
      ['Delete', 'Delete Notice'],
    ] as const) {
      await page.setViewportSize(ACCESSIBILITY_VIEWPORTS[0]);
      await button(page, action).click();
      const opened = page.getByRole('dialog', { name: title });
      await opened.waitFor();
      await expectNoAccessibilityViolationsInEveryTheme(page, { label: `${title} dialog`, include: OVERLAY_PARTS });
      await page.keyboard.press('Escape');
      await opened.waitFor({ state: 'detached' });
    }

    await loadForAccessibilityCheck(page, url(`clients/${clientId}`));
    await settled(page, CLIENT_NAME);
    await page.getByRole('table', { name: 'Client notices' }).getByRole('link', { name: DESCRIPTION }).waitFor();
    await expectNoAccessibilityViolationsInEveryTheme(page, { label: 'client notices section' });
  });
});
