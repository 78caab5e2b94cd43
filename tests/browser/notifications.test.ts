import { expect } from 'chai';
import type { Page, Response } from 'playwright-core';
import { NotificationService, type NotificationInput } from '../../core/notifications/notification-service';
import { TOKENS } from '../../core/platform/tokens';
import type { BrowserSession } from '../../core/plugin-api/testing/browser';
import { signInBrowserContext } from '../../core/plugin-api/testing/browser-auth';
import { browserSuite, quietWorkspace, settledScreenshot, unexpectedConsoleErrors, type SignedIn } from '../../core/plugin-api/testing/browser-suite';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';

interface Journey {
  session: BrowserSession;
  signedIn: SignedIn;
  workspaceId: string;
  notificationsUrl: string;
  /** Raises a notification for the signed-in user, as the server's own producers do. */
  raise(input: NotificationInput): Promise<void>;
}

const bell = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: /^Notifications/ });
const bellPanel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const cards = (page: Page) => page.getByRole('main').getByRole('list', { name: 'Notifications' }).getByRole('listitem');
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const isStream = (response: Response) => new URL(response.url()).pathname.endsWith('/api/v1/notifications/stream');

/** The tab's count, shown in a tag beside its name. */
async function tabCount(page: Page, name: string): Promise<string> {
  return (await tab(page, name).innerText()).replace(name, '').trim();
}

/** Waits until `read` gives `expected`, for what the stream changes on the page without a reload. */
async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let actual = await read();
  while (JSON.stringify(actual) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    actual = await read();
  }
  expect(actual).to.deep.equal(expected);
}

/** More rows than the job imports in one step, so it reports progress before it completes. */
const IMPORT_ROWS = 260;

/** Rows of a credential import, each a new client of the journey's own workspace (PANs are unique per workspace). */
function credentialRows(count: number) {
  return Array.from({ length: count }, (_, index) => {
    const serial = `ABCP${String.fromCharCode(65 + (index % 26))}${String(index).padStart(4, '0')}K`;
    return {
      email: `importee.${serial.toLowerCase()}@clients.example`,
      platform: 'GST',
      username: `gst_${serial.toLowerCase()}`,
      password: `Gst#${serial}`,
      name: `Importee ${serial}`,
      phone: '9820012345',
      panNumber: serial,
    };
  });
}

/** Marks the document, so a later check can tell that the page was never reloaded. */
const markDocument = (page: Page) => page.evaluate(() => document.documentElement.setAttribute('data-journey', 'live'));
const isSameDocument = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-journey') === 'live');

describe('browser: notifications', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  async function startJourney(colorScheme: 'light' | 'dark' = 'light'): Promise<Journey> {
    const session = await suite.open({ colorScheme });
    const signedIn = await signInBrowserContext(session.context, sharedHost().baseUrl, 'notifications');
    const workspaceId = (await quietWorkspace(signedIn)).externalId;
    const { knex, container } = sharedHost().host;
    const user = await knex('users').where({ email: signedIn.email }).first('id');
    const workspace = await knex('workspaces').where({ external_id: workspaceId }).first('id');
    const notifications = container.get<NotificationService>(TOKENS.Notifications);
    return {
      session,
      signedIn,
      workspaceId,
      notificationsUrl: `${sharedHost().baseUrl}/axal/w/${workspaceId}/notifications`,
      raise: async (input) => void (await notifications.raise(workspace.id, { userId: user.id }, input)),
    };
  }

  /** Opens a page of the workspace and waits until its notification stream is connected. */
  async function openLive({ session }: Journey, url: string): Promise<void> {
    const streaming = session.page.waitForResponse(isStream);
    await session.page.goto(url);
    await streaming;
  }

  it('shows a credential import job raising its started, progress and completed notifications live in the bell and on the page', async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    await openLive(journey, journey.notificationsUrl);
    await page.getByText('No notifications found').waitFor();
    expect(await page.getByRole('link', { name: 'Clear filters' }).count()).to.equal(0);
    await markDocument(page);
    // Every badge the bell shows while the job runs, in order.
    await page.evaluate(() => {
      const button = document.querySelector('.notification-bell')!;
      const labels: string[] = [];
      (window as unknown as { bellLabels: string[] }).bellLabels = labels;
      new MutationObserver(() => labels.push(button.getAttribute('aria-label')!)).observe(button, {
        attributes: true,
        attributeFilter: ['aria-label'],
      });
    });

    const rows = credentialRows(IMPORT_ROWS);
    await journey.signedIn.api('/me/step-up', { password: journey.signedIn.password });
    await journey.signedIn.api('/clients/credentials/import', { workspaceId: journey.workspaceId, rows });
    await eventually(() => cards(page).first().getByRole('heading').innerText(), 'Credential import completed', 60_000);
    await eventually(() => cards(page).count(), 3);
    expect(await cards(page).allInnerTexts()).to.satisfy((texts: string[]) =>
      [
        `${IMPORT_ROWS} of ${IMPORT_ROWS} rows imported.`,
        `200 of ${IMPORT_ROWS} rows imported`,
        `Importing ${IMPORT_ROWS} rows of portal credentials`,
      ].every((message, index) => texts[index].includes(message)),
    );
    expect(await page.evaluate(() => (window as unknown as { bellLabels: string[] }).bellLabels)).to.deep.equal([
      'Notifications, 1 unread',
      'Notifications, 2 unread',
      'Notifications, 3 unread',
    ]);
    expect([await tabCount(page, 'All'), await tabCount(page, 'Unread'), await tabCount(page, 'Read')]).to.deep.equal(['3', '3', '0']);
    await settledScreenshot(journey.session, 'notifications-import-light');

    await bell(page).click();
    const completed = bellPanel(page).getByRole('listitem').filter({ hasText: 'Credential import completed' });
    await completed.getByRole('link').click();
    await page.waitForURL(`${sharedHost().baseUrl}/axal/w/${journey.workspaceId}/clients`);
    await page.getByRole('table', { name: 'Clients' }).getByRole('link', { name: rows[0].name }).waitFor();
    await eventually(() => bell(page).getAttribute('aria-label'), 'Notifications, 2 unread');
    expect(await isSameDocument(page)).to.equal(true);
    expect(unexpectedConsoleErrors(journey.session)).to.deep.equal([]);
  });

  it('pages through notifications with page and status in the address, live on the first page only (dark theme)', async () => {
    const journey = await startJourney('dark');
    const { page } = journey.session;
    for (let index = 1; index <= 23; index++) {
      await journey.raise({
        eventType: index % 5 === 0 ? 'SYSTEM_WARNING' : 'SYSTEM_INFO',
        title: `Reminder ${index}`,
        message: `GSTR-3B for client ${index} is due this week.`,
        actionUrl: index % 2 ? `/axal/w/${journey.workspaceId}/clients` : null,
      });
    }
    await openLive(journey, journey.notificationsUrl);
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await eventually(() => cards(page).count(), 20);
    expect(await cards(page).first().getByRole('heading').innerText()).to.match(/Reminder 23$/);
    expect([await tabCount(page, 'All'), await tabCount(page, 'Unread'), await tabCount(page, 'Read')]).to.deep.equal(['23', '23', '0']);
    expect(await bell(page).getAttribute('aria-label')).to.equal('Notifications, 23 unread');
    expect(await bell(page).innerText()).to.equal('9+');
    await cards(page).first().getByRole('link', { name: 'View details' }).waitFor();
    expect(await cards(page).nth(1).getByRole('link', { name: 'View details' }).count()).to.equal(0);
    await settledScreenshot(journey.session, 'notifications-page-dark');
    await markDocument(page);

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(`${journey.notificationsUrl}?page=2`);
    await eventually(() => cards(page).count(), 3);
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).to.equal('page');

    // A notification raised while page 2 is shown leaves the page as it is and only moves the counts.
    await journey.raise({ eventType: 'SYSTEM_INFO', title: 'Member added', message: 'Asha Rao joined the workspace as an Employee.' });
    await eventually(() => tabCount(page, 'Unread'), '24');
    expect(await tabCount(page, 'All')).to.equal('24');
    expect(await cards(page).count()).to.equal(3);
    expect(await cards(page).first().getByRole('heading').innerText()).to.match(/Reminder 3$/);

    await page.getByRole('button', { name: 'Page 1' }).click();
    await page.waitForURL(journey.notificationsUrl);
    await eventually(() => cards(page).first().getByRole('heading').innerText(), 'Member added');

    // On the first page without a status filter, a new notification appears at the top as it is raised.
    await journey.raise({
      eventType: 'SYSTEM_ERROR',
      title: 'Backup failed',
      message: 'The nightly document backup did not finish.',
      priority: 'high',
    });
    await eventually(() => cards(page).first().getByRole('heading').innerText(), 'Backup failed');
    expect(await cards(page).count()).to.equal(20);
    await eventually(() => tabCount(page, 'All'), '25');

    await cards(page).first().getByRole('button', { name: 'Mark as read' }).click();
    await eventually(() => tabCount(page, 'Unread'), '24');
    expect(await tabCount(page, 'Read')).to.equal('1');
    expect(await cards(page).first().getByRole('button', { name: 'Mark as read' }).count()).to.equal(0);

    await tab(page, 'Unread').click();
    await page.waitForURL(`${journey.notificationsUrl}?status=unread`);
    await eventually(() => cards(page).count(), 20);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(`${journey.notificationsUrl}?status=unread&page=2`);
    await eventually(() => cards(page).count(), 4);
    await tab(page, 'Read').click();
    await page.waitForURL(`${journey.notificationsUrl}?status=read`);
    await eventually(() => cards(page).count(), 1);

    await tab(page, 'Unread').click();
    await page.waitForURL(`${journey.notificationsUrl}?status=unread`);
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByText('No notifications found').waitFor();
    expect(await page.getByRole('button', { name: 'Mark all as read' }).isDisabled()).to.equal(true);
    expect([await tabCount(page, 'All'), await tabCount(page, 'Unread'), await tabCount(page, 'Read')]).to.deep.equal(['25', '0', '25']);
    expect(await bell(page).getAttribute('aria-label')).to.equal('Notifications');
    await settledScreenshot(journey.session, 'notifications-empty-filter-dark');

    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL(journey.notificationsUrl);
    await eventually(() => cards(page).count(), 20);
    expect(await isSameDocument(page)).to.equal(true);

    // An address from elsewhere opens on its page and tab; a page past the end shows the last page.
    await page.goto(`${journey.notificationsUrl}?status=read&page=9`);
    await page.waitForURL(`${journey.notificationsUrl}?status=read&page=2`);
    await eventually(() => cards(page).count(), 5);
    expect(await page.getByRole('tab', { selected: true }).innerText()).to.match(/^Read/);
    expect(unexpectedConsoleErrors(journey.session)).to.deep.equal([]);
  });

  it('updates the bell live, opens an unread item at its address and marks all read from the bell', async () => {
    const journey = await startJourney();
    const { page } = journey.session;
    await openLive(journey, `${sharedHost().baseUrl}/axal/w/${journey.workspaceId}/clients`);
    await markDocument(page);
    expect(await bell(page).getAttribute('aria-label')).to.equal('Notifications');
    await bell(page).click();
    await bellPanel(page).getByText('No notifications').waitFor();
    expect(await bellPanel(page).getByRole('button', { name: 'Mark all as read' }).isDisabled()).to.equal(true);
    await page.keyboard.press('Escape');
    await bellPanel(page).waitFor({ state: 'detached' });

    await journey.raise({ eventType: 'SYSTEM_INFO', title: 'Plugin enabled', message: 'Notices was switched on for this workspace.' });
    await journey.raise({
      eventType: 'SYSTEM_WARNING',
      title: 'Storage almost full',
      message: 'The workspace has used 92% of its document storage.',
      actionUrl: `/axal/w/${journey.workspaceId}/settings`,
      priority: 'high',
    });
    await eventually(() => bell(page).getAttribute('aria-label'), 'Notifications, 2 unread');
    expect(await bell(page).innerText()).to.equal('2');

    await bell(page).click();
    const items = bellPanel(page).getByRole('list', { name: 'Latest notifications' }).getByRole('listitem');
    await eventually(() => items.count(), 2);
    expect(await items.first().innerText()).to.match(/Storage almost full/);
    expect(await items.first().innerText()).to.match(/Just now/);
    await settledScreenshot(journey.session, 'notifications-bell-light');

    await items.first().getByRole('link').click();
    await page.waitForURL(`${sharedHost().baseUrl}/axal/w/${journey.workspaceId}/settings`);
    await bellPanel(page).waitFor({ state: 'detached' });
    await eventually(() => bell(page).getAttribute('aria-label'), 'Notifications, 1 unread');

    await bell(page).click();
    await bellPanel(page).getByRole('button', { name: 'Mark all as read' }).click();
    await eventually(() => bell(page).getAttribute('aria-label'), 'Notifications');
    expect(await bellPanel(page).getByRole('img', { name: 'Unread' }).count()).to.equal(0);
    await bellPanel(page).getByRole('link', { name: 'View all notifications' }).click();
    await page.waitForURL(journey.notificationsUrl);
    await eventually(() => cards(page).count(), 2);
    expect(await tabCount(page, 'Unread')).to.equal('0');
    expect(await isSameDocument(page)).to.equal(true);
    expect(unexpectedConsoleErrors(journey.session)).to.deep.equal([]);
  });
});
