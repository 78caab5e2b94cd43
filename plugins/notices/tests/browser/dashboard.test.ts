import { expect } from 'chai';
import type { Page } from 'playwright-core';
import {
  ACCESSIBILITY_VIEWPORTS,
  browserSuite,
  expectNoAccessibilityViolationsInEveryTheme,
  loadForAccessibilityCheck,
  openPage,
  OVERLAY_PARTS,
  sharedHost,
  sharedSuitePage,
} from '../../../../core/plugin-api/testing';
import type { NoticeCreateRequest } from '../../shared/wire';
import { createClient, createNotice, ownerWorld, type OwnerWorld } from './world';

const CLIENT_NAME = 'Sharma Traders';
const LONG_DESCRIPTION = 'Scrutiny of returns for FY 2024-25: input tax credit claimed in GSTR-3B exceeds GSTR-2B';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const kolkataToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
/** The first day of the month `back` months before this one, `YYYY-MM-DD`. */
function monthStart(back: number): string {
  const [year, month] = kolkataToday().split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 - back, 1)).toISOString().slice(0, 10);
}
const monthName = (day: string) => MONTHS[Number(day.slice(5, 7)) - 1]!;

/** The cards of this plugin, not the other plugins' cards around them. */
const NOTICE_CARDS = ['.notices-dashboard-card'];

async function settledDashboard(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await page.getByRole('region', { name: 'Notices Received' }).locator('svg').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.notices-dashboard-card .bp6-skeleton, .notices-dashboard-card [aria-busy="true"]'));
}

describe('browser: the notices dashboard cards', function () {
  this.timeout(60_000);
  const suite = browserSuite();
  const url = (path: string) => `${sharedHost().baseUrl}${path}`;
  let world: OwnerWorld;

  before(async function () {
    this.timeout(120_000);
    const session = await openPage(suite.browser());
    world = await ownerWorld(session, 'notices-dashboard', 'Mehta and Rao Associates');
    const clientId = await createClient(world, CLIENT_NAME, 'AAACS1234K');
    const notices: Pick<NoticeCreateRequest, 'noticeType' | 'dateOfIssuance' | 'status' | 'priority' | 'description'>[] = [
      { noticeType: 'DRC-01', dateOfIssuance: monthStart(1), status: 'RESOLVED', description: 'Show cause notice under section 73' },
      { noticeType: 'REG-17', dateOfIssuance: monthStart(0), status: 'NEW', description: 'Cancellation of registration' },
      { noticeType: 'ASMT-10', dateOfIssuance: monthStart(0), status: 'IN_PROGRESS', priority: 'HIGH', description: LONG_DESCRIPTION },
    ];
    for (const [index, fields] of notices.entries()) {
      await createNotice(world, { clientId, department: 'GST', reference: `ZD27032600${index}`, ...fields });
    }
    await session.close();
  });

  describe('every theme', () => {
    const session = sharedSuitePage(suite.browser, () => world.cookies);

    it('shows the pending figure, the recent notices cut to 52 characters and the monthly line with its changes', async () => {
      const { page } = session();
      await loadForAccessibilityCheck(page, url(`/axal/w/${world.workspaceId}/dashboard`));
      await settledDashboard(page);

      const pending = page.getByRole('region', { name: 'Pending Notices' });
      expect(await pending.locator('.sdk-stat-card__value').textContent()).to.equal('2');
      await pending.getByText('Notices awaiting action').waitFor();

      const recent = page.getByRole('region', { name: 'Recent Notices' });
      await recent.getByRole('link', { name: `${LONG_DESCRIPTION.slice(0, 52)}...` }).waitFor();
      await recent.getByText(CLIENT_NAME).first().waitFor();
      expect(await recent.getByRole('link', { name: 'View all' }).getAttribute('href')).to.match(new RegExp(`/w/${world.workspaceId}/notices$`));

      const received = page.getByRole('region', { name: 'Notices Received' });
      const thisMonth = monthName(monthStart(0));
      const lastMonth = monthName(monthStart(1));
      const table = received.getByRole('table', { name: 'Notices received per month' });
      const lastRow = table.getByRole('row').last();
      expect((await lastRow.getByRole('cell').allTextContents()).join(' | ')).to.equal(`2 | +1 from ${lastMonth}`);

      // The tooltip of the last point says the same.
      const chart = received.locator('.notices-dashboard-chart');
      // The mouse reaches only what is on screen, and the other cards may have pushed the chart below the fold.
      await chart.scrollIntoViewIfNeeded();
      const box = (await chart.boundingBox())!;
      await page.mouse.move(box.x + box.width - 60, box.y + box.height / 2, { steps: 5 });
      await chart.getByText(`+1 from ${lastMonth}`).waitFor();
      expect(await chart.innerText()).to.contain(`${thisMonth} ${monthStart(0).slice(0, 4)}`);

      await page.mouse.move(0, 0);
      await expectNoAccessibilityViolationsInEveryTheme(page, { label: 'notices dashboard cards', include: NOTICE_CARDS });
    });

    it('lists a notice among the global search hits and opens it', async () => {
      const { page } = session();
      // The previous check leaves the page at its narrowest, where the sidebar and its Search button are folded away.
      await page.setViewportSize(ACCESSIBILITY_VIEWPORTS[0]);
      await page.getByRole('button', { name: /^Search (Ctrl K|⌘K)$/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await dialog.getByRole('combobox', { name: 'Search the workspace' }).fill('asmt');
      const hit = dialog.getByRole('group', { name: 'Notices' }).getByRole('option', { name: /ASMT-10 · ZD27032600/ });
      await hit.getByText(`${CLIENT_NAME} · Scrutiny of returns`).waitFor();
      await expectNoAccessibilityViolationsInEveryTheme(page, { label: 'notice search hit', include: OVERLAY_PARTS });
      await hit.click();
      await page.waitForURL(new RegExp(`/w/${world.workspaceId}/notices/[0-9a-f-]{36}$`));
    });
  });
});
