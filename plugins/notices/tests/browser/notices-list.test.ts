import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import {
  accessibleDescriptionOf,
  animationsSettled,
  attributeBecomes,
  browserSuite,
  expectNoAccessibilityViolationsInEveryTheme,
  loadForAccessibilityCheck,
  OVERLAY_PARTS,
  sharedHost,
  sidewaysOverflow,
  unexpectedConsoleErrors,
  type BrowserSession,
} from '../../../../core/plugin-api/testing';
import { NOTICE_TOASTS, NOTICES_ROUTES, type NoticeCreateRequest, type NoticeView } from '../../shared/wire';
import { createClient, createNotice, isoDateIn, openAsOwner, ownerWorld, type OwnerWorld } from './world';

/** Blueprint draws its checkbox's and radio's indicator over the input, which Playwright would take for something in the way. */
const FORCE = { force: true } as const;
const NARROW = { width: 360, height: 740 };
const GST_OPEN_NOTICES = 22;
const GST_TYPES = ['ASMT-10', 'DRC-01', 'DRC-01A', 'GSTR-3A', 'REG-17', 'REG-03'];
const gstReference = (index: number) => `ZD2703260${String(1000 + index)}`;
const INCOME_TAX_REFERENCE = 'ITBA/AST/S/143(2)/2026-27/1001';
/** The default filters (GST; New and In Progress) as the address writes them. */
const DEFAULT_QUERY = '?noticeType=GST&priority=all&status=NEW%2CIN_PROGRESS';

const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });
const noticesTable = (page: Page) => page.getByRole('table', { name: 'Notices' });
const filters = (page: Page) => page.getByRole('search', { name: 'Filter notices' });
const chips = (page: Page) => page.getByRole('list', { name: 'Chosen filters' });

interface NoticesWorld extends OwnerWorld {
  noticeIds: Map<string, string>;
}

/**
 * 22 open GST notices (two pages; the first issued is due last), an Income Tax notice of high priority, a resolved GST
 * notice and a compliance notice: 25 in all, made through `POST notices`.
 */
async function buildWorld(session: BrowserSession): Promise<NoticesWorld> {
  const world = await ownerWorld(session, 'notices-list', `Mehta and Rao Associates ${randomUUID().slice(0, 4)}`);
  const sharma = await createClient(world, 'Sharma Traders', 'AAACS1234K');
  const verma = await createClient(world, 'Verma Textiles', 'AAACV5678L');
  const requests: Omit<NoticeCreateRequest, 'workspaceId'>[] = Array.from({ length: GST_OPEN_NOTICES }, (_, index) => ({
    clientId: index % 2 ? verma : sharma,
    department: 'GST',
    noticeType: GST_TYPES[index % GST_TYPES.length],
    reference: gstReference(index),
    description: `Scrutiny notice ${index + 1}: differences between GSTR-1 and GSTR-3B`,
    priority: index % 3 ? 'MEDIUM' : 'LOW',
    status: index % 2 ? 'IN_PROGRESS' : 'NEW',
    dateOfIssuance: isoDateIn(-10 - index),
    dueDate: isoDateIn(5 + index * 2),
  }));
  requests.push(
    {
      clientId: sharma,
      department: 'INCOME_TAX',
      noticeType: 'Section 143(2)',
      reference: INCOME_TAX_REFERENCE,
      description: 'Scrutiny assessment for assessment year 2025-26',
      priority: 'HIGH',
      status: 'NEW',
      dateOfIssuance: isoDateIn(-3),
      dueDate: isoDateIn(20),
    },
    { clientId: verma, department: 'GST', noticeType: 'DRC-07', reference: 'ZD2703269999001', description: 'Demand order', status: 'RESOLVED' },
    {
      clientId: verma,
      department: 'COMPLIANCE',
      noticeType: 'ROC notice',
      reference: 'ROC/KA/2026/77',
      description: 'Annual return late',
      status: 'PENDING',
    },
  );
  const noticeIds = new Map<string, string>();
  for (const request of requests) noticeIds.set(request.reference, (await createNotice(world, request)).externalId);
  return { ...world, noticeIds };
}

/** Waits until the table's rows carry these references, in this order. */
async function expectReferences(page: Page, references: string[]): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      JSON.stringify(
        Array.from(document.querySelectorAll('table[aria-label="Notices"] tbody .notices-table__reference')).map(
          (cell) => cell.textContent?.split(' · ')[1],
        ),
      ) === JSON.stringify(expected),
    references,
  );
}

async function expectFirstReference(page: Page, reference: string): Promise<void> {
  await page.waitForFunction(
    (expected) => document.querySelector('table[aria-label="Notices"] tbody .notices-table__reference')?.textContent?.endsWith(expected) === true,
    reference,
  );
}

/** Nothing on the page is loading any more. */
async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Notices' }).waitFor();
  await page.waitForFunction(() => !document.querySelector('.bp6-skeleton, .bp6-spinner, [aria-busy="true"]'));
}

async function chooseInFilter(page: Page, group: RegExp, option: string): Promise<void> {
  await filters(page).getByRole('button', { name: group }).click();
  const checkbox = page.locator('.bp6-popover').getByRole('checkbox', { name: option });
  // The popover grows in; a click during that could land beside the box.
  await animationsSettled(page);
  await checkbox.click(FORCE);
  // The filters live in the address, and the router applies an address change as a transition: the box shows the
  // tick once that render commits, a moment after the click (and may be drawn anew), so look it up again until then.
  await page.locator('.bp6-popover').getByRole('checkbox', { name: option, checked: true }).waitFor();
  await page.keyboard.press('Escape');
  await page.locator('.bp6-popover').waitFor({ state: 'detached' });
}

describe('browser: notices list', function () {
  this.timeout(90_000);
  const suite = browserSuite();
  const url = (path: string) => `${sharedHost().baseUrl}/axal/w/${world.workspaceId}/${path}`;
  let world: NoticesWorld;

  before(async function () {
    this.timeout(180_000);
    world = await buildWorld(await suite.open());
  });

  it('starts on GST and open statuses, filters with chips and clear all, keeps filters through a reload, and brings the saved ones back later', async () => {
    const session = await openAsOwner(suite, world);
    const { page } = session;
    await page.goto(url('notices'));
    await page.waitForURL((address) => address.search === DEFAULT_QUERY);
    await chips(page).getByText('Department: GST').waitFor();
    await chips(page).getByText('Status: In Progress').waitFor();
    await noticesTable(page).getByText(gstReference(0), { exact: false }).waitFor();
    await page.getByText('22 notice(s)').waitFor();

    // Income Tax joins GST; then only high priority: the one Income Tax notice is left.
    await chooseInFilter(page, /^Department/, 'Income Tax');
    await page.waitForURL(/noticeType=GST%2CINCOME_TAX/);
    await chooseInFilter(page, /^Priority/, 'High');
    await page.waitForURL(/priority=HIGH/);
    await expectReferences(page, [INCOME_TAX_REFERENCE]);

    // A chip removes its value alone.
    await chips(page).getByRole('button', { name: 'Remove Department: GST' }).click();
    await page.waitForURL(/noticeType=INCOME_TAX&/);
    await expectReferences(page, [INCOME_TAX_REFERENCE]);

    // The address holds the filters: a reload shows the same list, and saves them as the preference.
    const saved = page.waitForResponse(
      (response) => response.url().includes(NOTICES_ROUTES.filterPreference) && response.request().method() === 'PUT',
    );
    await page.reload();
    expect((await saved).status()).to.equal(200);
    await chips(page).getByText('Department: Income Tax').waitFor();
    await chips(page).getByText('Priority: High').waitFor();
    await expectReferences(page, [INCOME_TAX_REFERENCE]);

    // Coming back without filters in the address applies the saved ones, in place of the address.
    await page.goto(url('dashboard'));
    await page.goto(url('notices'));
    await page.waitForURL((address) => address.search === '?noticeType=INCOME_TAX&priority=HIGH&status=NEW%2CIN_PROGRESS');
    await expectReferences(page, [INCOME_TAX_REFERENCE]);

    // Clear all: every notice, on two pages, and no chips.
    await filters(page).getByRole('button', { name: 'Clear all' }).click();
    await page.waitForURL((address) => address.search === '?noticeType=all&priority=all&status=all');
    await page.getByText('25 notice(s)').waitFor();
    await chips(page).waitFor({ state: 'detached' });
    await page.getByRole('navigation', { name: 'Pagination' }).waitFor();
    expect(await filters(page).getByRole('button', { name: 'Clear all' }).count()).to.equal(0);
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it('searches after a pause, sorts by due date both ways and pages, each kept in the address', async () => {
    const session = await openAsOwner(suite, world);
    const { page } = session;
    await page.goto(url(`notices${DEFAULT_QUERY}`));
    await expectFirstReference(page, gstReference(0));

    const search = page.getByRole('searchbox', { name: 'Search notices' });
    await search.fill('REG-17');
    await page.waitForURL(/search=REG-17/);
    await expectReferences(page, [gstReference(4), gstReference(10), gstReference(16)]);
    await search.fill('');
    await page.waitForURL((address) => !address.searchParams.has('search'));

    const dueHeader = noticesTable(page).getByRole('columnheader', { name: 'Due Date' });
    await dueHeader.getByRole('button').click();
    await page.waitForURL(/sortField=dueDate&sortDirection=desc/);
    await attributeBecomes(dueHeader, 'aria-sort', 'descending');
    await expectFirstReference(page, gstReference(GST_OPEN_NOTICES - 1));
    await dueHeader.getByRole('button').click();
    await page.waitForURL(/sortDirection=asc/);
    await attributeBecomes(dueHeader, 'aria-sort', 'ascending');
    await expectFirstReference(page, gstReference(0));

    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    await expectReferences(page, [gstReference(20), gstReference(21)]);
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).to.equal('page');

    // Another column starts descending, from page 1.
    await noticesTable(page).getByRole('columnheader', { name: 'Issue Date' }).getByRole('button').click();
    await page.waitForURL((address) => address.searchParams.get('sortField') === 'dateOfIssuance' && !address.searchParams.has('page'));
    await expectFirstReference(page, gstReference(0));
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it('bulk updates two notices, which then leave the open list', async () => {
    const session = await openAsOwner(suite, world);
    const { page } = session;
    await page.goto(url(`notices${DEFAULT_QUERY}`));
    await expectFirstReference(page, gstReference(0));
    await noticesTable(page)
      .getByRole('checkbox', { name: `Select DRC-01 · ${gstReference(1)}` })
      .check(FORCE);
    await noticesTable(page)
      .getByRole('checkbox', { name: `Select DRC-01A · ${gstReference(2)}` })
      .check(FORCE);
    await page.getByRole('button', { name: 'Bulk Update (2)' }).click();

    const dialog = page.getByRole('dialog', { name: 'Update Notice Status' });
    const update = dialog.getByRole('button', { name: 'Update', exact: true });
    expect(await update.isDisabled()).to.equal(true);
    // Spec 2 section 4: the bulk dialog offers NEW, IN_PROGRESS, RESOLVED and EXPIRED, not PENDING.
    expect(await dialog.getByRole('radio').count()).to.equal(4);
    expect(await dialog.getByRole('radio', { name: 'Pending' }).count()).to.equal(0);
    await dialog.getByRole('radio', { name: 'Resolved' }).check(FORCE);
    await update.click();
    await toast(page, NOTICE_TOASTS.bulkUpdated).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('20 notice(s)').waitFor();
    expect(await page.getByRole('button', { name: /^Bulk Update/ }).count()).to.equal(0);

    for (const reference of [gstReference(1), gstReference(2)]) {
      const answer = await page.request.get(
        `${sharedHost().baseUrl}/axal/api/v1/${NOTICES_ROUTES.notice(world.noticeIds.get(reference)!)}?workspaceId=${world.workspaceId}`,
      );
      expect(((await answer.json()) as { data: NoticeView }).data.status).to.equal('RESOLVED');
    }
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it('adds a notice with the New Notice dialog, opened with the n key', async () => {
    const session = await openAsOwner(suite, world);
    const { page } = session;
    await page.goto(url(`notices${DEFAULT_QUERY}`));
    await settled(page);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('n');
    const dialog = page.getByRole('dialog', { name: 'New Notice' });
    expect(await accessibleDescriptionOf(dialog.getByLabel('Target Date'))).to.equal("The firm's own date, ahead of the due date");
    await dialog.getByRole('button', { name: 'Add Notice' }).click();
    await dialog.getByText('Client is required').waitFor();
    await dialog.getByText('Notice type is required').waitFor();
    await dialog.getByText('Reference number or DIN is required').waitFor();
    expect(await accessibleDescriptionOf(dialog.getByLabel('Notice Type'))).to.equal('Notice type is required');
    expect(await dialog.getByLabel('Reference / DIN').getAttribute('aria-invalid')).to.equal('true');

    await dialog.getByLabel('Client').selectOption({ label: 'Verma Textiles' });
    await dialog.getByLabel('Department').selectOption('INCOME_TAX');
    await dialog.getByLabel('Notice Type').fill('Section 148A(b)');
    await dialog.getByLabel('Reference / DIN').fill('ITBA/COM/F/148A/2026-27/1055');
    await dialog.getByLabel('Description').fill('Show cause why income escaping assessment should not be reassessed');
    await dialog.getByLabel('Due Date').fill(isoDateIn(14));
    await dialog.getByLabel('Priority').selectOption('HIGH');
    await dialog.getByLabel('Amount Demanded (₹)').fill('12.345');
    await dialog.getByRole('button', { name: 'Add Notice' }).click();
    await dialog.getByText('Amount must be in rupees with at most two decimals, such as 125000.50').waitFor();
    await dialog.getByLabel('Amount Demanded (₹)').fill('1,25,000.50');
    await dialog.getByRole('button', { name: 'Add Notice' }).click();
    await toast(page, NOTICE_TOASTS.created).waitFor();
    await page.waitForURL(/\/notices\/[^/?]+$/);

    const noticeId = new URL(page.url()).pathname.split('/').pop()!;
    const answer = await page.request.get(`${sharedHost().baseUrl}/axal/api/v1/${NOTICES_ROUTES.notice(noticeId)}?workspaceId=${world.workspaceId}`);
    const { data } = (await answer.json()) as { data: NoticeView };
    expect({ ...data, client: data.client.name }).to.include({
      client: 'Verma Textiles',
      department: 'INCOME_TAX',
      noticeType: 'Section 148A(b)',
      reference: 'ITBA/COM/F/148A/2026-27/1055',
      priority: 'HIGH',
      status: 'NEW',
      dueDate: isoDateIn(14),
      amountDemanded: '125000.50',
      source: 'MANUAL',
    });
  });

  it('fits a 360 px screen: filters, chips, the table and the pages without sideways scrolling', async () => {
    const session = await openAsOwner(suite, world);
    const { page } = session;
    await page.setViewportSize(NARROW);
    await page.goto(url('notices?noticeType=GST,INCOME_TAX&priority=all&status=all'));
    await settled(page);
    await chips(page).getByText('Department: Income Tax').waitFor();
    await page.getByRole('navigation', { name: 'Pagination' }).waitFor();
    expect(await sidewaysOverflow(page), 'the page scrolls sideways').to.equal(0);
    await noticesTable(page).getByRole('checkbox').nth(1).check(FORCE);
    await page.getByRole('button', { name: 'Bulk Update (1)' }).waitFor();
    expect(await sidewaysOverflow(page), 'the page scrolls sideways').to.equal(0);
  });

  describe('accessibility (axe-core, WCAG 2.1 A and AA), every theme at every width', () => {
    async function openList(): Promise<Page> {
      const { page } = await openAsOwner(suite, world);
      await loadForAccessibilityCheck(page, url('notices?noticeType=GST,INCOME_TAX&priority=HIGH,MEDIUM&status=NEW,IN_PROGRESS,PENDING'));
      await settled(page);
      await noticesTable(page).getByRole('checkbox').nth(1).waitFor();
      return page;
    }

    const check = async (page: Page, label: string, dialog?: Locator) => {
      if (dialog) await dialog.waitFor();
      await expectNoAccessibilityViolationsInEveryTheme(page, { label, include: dialog ? OVERLAY_PARTS : undefined });
    };

    it('the list with chips and a selection', async () => {
      const page = await openList();
      await noticesTable(page).getByRole('checkbox').nth(1).check(FORCE);
      await page.getByRole('button', { name: 'Bulk Update (1)' }).waitFor();
      await check(page, 'notices list');
    });

    it('a filter open', async () => {
      const page = await openList();
      await filters(page)
        .getByRole('button', { name: /^Status/ })
        .click();
      await check(page, 'status filter', page.locator('.bp6-popover'));
    });

    it('New Notice, with the errors of an empty form', async () => {
      const page = await openList();
      await page.getByRole('button', { name: 'New Notice' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Notice' });
      await dialog.getByRole('button', { name: 'Add Notice' }).click();
      await dialog.getByText('Client is required').waitFor();
      await check(page, 'new notice', dialog);
    });

    it('Update Notice Status', async () => {
      const page = await openList();
      await noticesTable(page).getByRole('checkbox').nth(1).check(FORCE);
      await page.getByRole('button', { name: 'Bulk Update (1)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Update Notice Status' });
      await dialog.getByRole('radio', { name: 'In Progress' }).check(FORCE);
      await check(page, 'update notice status', dialog);
    });
  });
});
