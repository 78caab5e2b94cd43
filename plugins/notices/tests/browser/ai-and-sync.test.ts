import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Locator, Page, Route } from 'playwright-core';
import {
  ACCESSIBILITY_VIEWPORTS,
  browserSuite,
  expectNoAccessibilityViolations,
  expectNoAccessibilityViolationsInEveryTheme,
  joinByInvitation,
  loadForAccessibilityCheck,
  OVERLAY_PARTS,
  settledScreenshot,
  sharedHost,
  sidewaysOverflow,
  signInBrowserContext,
  unexpectedConsoleErrors,
  type BrowserSession,
} from '../../../../core/plugin-api/testing';
import { AI_MESSAGES, type NotificationDto } from '../../../../core/plugin-api';
import { SANDBOX_PORTAL_PASSWORD, sandboxNoticesOf } from '../../sandbox-portal';
import { answerProcessAiWithin, sharedSandboxPortal } from '../sync-support';
import {
  AI_WAIT_MS,
  NOTICE_AI_ROUTES,
  NOTICE_AI_TEXTS,
  NOTICE_SYNC_MESSAGES,
  NOTICE_SYNC_ROUTES,
  NOTICE_SYNC_TEXTS,
  NOTICES_ROUTES,
  type NoticeView,
} from '../../shared/wire';
import {
  addPortalLogin,
  createClient,
  createNotice,
  isoDateIn,
  openAsOwner,
  ownerIn,
  ownerWorld,
  switchOnSandboxPortal,
  type OwnerWorld,
} from './world';

const NARROW = { width: 360, height: 740 };
/** Every notice, whatever its department, priority or status. */
const ALL_NOTICES = '?noticeType=all&priority=all&status=all';
/** The shell's words for a client whose portal login no longer works. */
const CLIENT_INVALID_CREDENTIALS = 'This client has invalid credentials that need to be updated.';

const ASMT_10_TEXT = [
  'FORM GST ASMT-10 [See rule 99]',
  'Reference No: ZD2711260045678   Date: 12/11/2026',
  'To: SHARMA TRADERS, GSTIN 29AAACS1234K1Z5',
  'Tax Period: April 2025 to March 2026',
  'Notice for intimating discrepancies in the return after scrutiny.',
  'The following discrepancies were noticed in the return in FORM GSTR-3B when compared with FORM GSTR-1: outward',
  'supplies short declared. Tax payable: Rs. 2,45,000/-.',
  'You are directed to explain the reasons for the discrepancies within thirty days of the date of this notice.',
].join('\n');

const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });
const button = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('button', { name, exact: typeof name === 'string' });
const syncBanner = (page: Page) => page.getByRole('status', { name: 'Sync status' });
const noticesTable = (page: Page) => page.getByRole('table', { name: 'Notices' });
/** What the Refresh Notices button may read while a sync runs. */
const SYNCING = /^(Refreshing\.\.\.|Sync In Progress|Syncing \d+ client\(s\)\.\.\.)$/;

/** Waits until the page shows its heading and nothing on it is still loading. */
async function settled(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForFunction(() => !document.querySelector('.bp6-skeleton, .bp6-spinner, [aria-busy="true"]'));
}

async function noticeOf(session: BrowserSession, world: OwnerWorld, noticeId: string): Promise<NoticeView> {
  const answer = await session.page.request.get(
    `${sharedHost().baseUrl}/axal/api/v1/${NOTICES_ROUTES.notice(noticeId)}?workspaceId=${world.workspaceId}`,
  );
  return ((await answer.json()) as { data: NoticeView }).data;
}

/** Waits until the notice's analysis is saved, as the API tells it. */
async function analysedThroughApi(session: BrowserSession, world: OwnerWorld, notice: NoticeView): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if ((await noticeOf(session, world, notice.externalId)).ai) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the analysis of ${notice.reference} was not saved within a minute`);
}

/** Goes to a notice the way a member moves between notices: the global search, by its reference. */
async function openThroughSearch(page: Page, notice: NoticeView): Promise<void> {
  await page.getByRole('button', { name: /^Search (Ctrl K|⌘K)$/ }).click();
  const search = page.getByRole('dialog', { name: 'Search' });
  await search.getByRole('combobox', { name: 'Search the workspace' }).fill(notice.reference);
  await search.getByRole('option', { name: new RegExp(notice.reference) }).click();
  await page.locator('.notices-details-facts').getByText(notice.reference, { exact: true }).waitFor();
}

/** The owner's notice sync notifications, newest first (none is a 404). */
async function syncNotifications(session: BrowserSession, world: OwnerWorld): Promise<NotificationDto[]> {
  const answer = await session.page.request.get(
    `${sharedHost().baseUrl}/axal/api/v1/notifications/batch?workspaceId=${world.workspaceId}&entityType=NOTICE`,
  );
  if (answer.status() === 404) return [];
  return ((await answer.json()) as { notifications: NotificationDto[] }).notifications;
}

/** Starts a sync through `POST notices/refresh` and waits until it has finished. */
async function syncThroughApi(session: BrowserSession, world: OwnerWorld): Promise<void> {
  await world.signedIn.api(`/notices/refresh`, { workspaceExternalId: world.workspaceId });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const [latest] = await syncNotifications(session, world);
    if (latest && ['SYNC_COMPLETED', 'SYNC_FAILED'].includes(latest.eventType)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the sync did not finish within a minute');
}

/** A workspace whose clients have sandbox portal logins: two that work and one the portal refuses. */
async function syncWorld(session: BrowserSession, label: string): Promise<OwnerWorld & { logins: Record<string, string> }> {
  const world = await ownerWorld(session, label, `Iyer and Rao Associates ${randomUUID().slice(0, 4)}`);
  await switchOnSandboxPortal(world);
  const suffix = randomUUID().slice(0, 6);
  const logins = { sharma: `sharma-${suffix}`, verma: `verma-${suffix}`, locked: `locked-${suffix}` };
  const sharma = await createClient(world, 'Sharma Traders', 'AAACS1234K');
  const verma = await createClient(world, 'Verma Textiles', 'AAACV5678L');
  const locked = await createClient(world, 'Kapoor Exports', 'AAACK4321M');
  await addPortalLogin(world, sharma, 'GST', logins.sharma, SANDBOX_PORTAL_PASSWORD);
  await addPortalLogin(world, verma, 'INCOME_TAX', logins.verma, SANDBOX_PORTAL_PASSWORD);
  await addPortalLogin(world, locked, 'GST', logins.locked, SANDBOX_PORTAL_PASSWORD);
  return { ...world, logins };
}

describe('browser: notice AI and portal sync', function () {
  this.timeout(180_000);
  const suite = browserSuite();
  const url = (world: OwnerWorld, path: string) => `${sharedHost().baseUrl}/axal/w/${world.workspaceId}/${path}`;
  let portal: Awaited<ReturnType<typeof sharedSandboxPortal>>;
  let aiWorld: OwnerWorld;
  let clientId: string;
  /** Processed through the browser by the journey; analysed through the API for the other tests. */
  let journeyNotice: NoticeView;
  let draftedNotice: NoticeView;
  /** Followed through a 202; without any text to analyse. */
  let followedNotice: NoticeView;
  let blankNotice: NoticeView;
  /** The member moves from the first to the second while the first's analysis is followed. */
  let movedFromNotice: NoticeView;
  let movedToNotice: NoticeView;

  before(async function () {
    this.timeout(180_000);
    portal = await sharedSandboxPortal();

    aiWorld = await ownerWorld(await suite.open(), 'notice-ai', `Sharma and Iyer Associates ${randomUUID().slice(0, 4)}`);
    clientId = await createClient(aiWorld, 'Sharma Traders', 'AAACS1234K');
    const addNotice = (reference: string, description = ASMT_10_TEXT) =>
      createNotice(aiWorld, {
        clientId,
        department: 'GST',
        noticeType: 'ASMT-10',
        reference,
        description,
        dateOfIssuance: isoDateIn(-5),
        assignedToExternalId: aiWorld.ownerId,
      });
    journeyNotice = await addNotice('ZD2711260045678');
    followedNotice = await addNotice('ZD2711260045680');
    blankNotice = await addNotice('ZD2711260045681', '');
    movedFromNotice = await addNotice('ZD2711260045682');
    movedToNotice = await addNotice('ZD2711260045683');
    const drafted = await addNotice('ZD2711260045679');
    ({ data: draftedNotice } = await aiWorld.signedIn.api<{ data: NoticeView }>(
      `/${NOTICE_AI_ROUTES.processAi(drafted.externalId)}?workspaceId=${aiWorld.workspaceId}`,
      {},
    ));
  });

  after(async () => {
    await portal?.release();
  });

  it('processes a notice with AI, shows the analysis, and opens and copies the draft reply from the keyboard', async () => {
    const session = await openAsOwner(suite, aiWorld);
    const { page, context } = session;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sharedHost().baseUrl });
    await page.goto(url(aiWorld, `notices/${journeyNotice.externalId}`));
    await settled(page, 'ASMT-10');
    const content = page.getByRole('region', { name: 'Original Description' });
    expect(await content.getByRole('region', { name: 'AI Analysis' }).count(), 'no analysis before the AI has run').to.equal(0);

    await button(page, NOTICE_AI_TEXTS.process).click();
    await toast(page, NOTICE_AI_TEXTS.processed).waitFor();
    const analysis = content.getByRole('region', { name: 'AI Analysis' });
    await analysis.getByRole('heading', { name: 'Summary' }).waitFor();
    await analysis.getByRole('heading', { name: 'Action Items' }).waitFor();
    await analysis.getByText(/^Analysed by Built-in analyzer · Just now$/).waitFor();
    expect(await analysis.getByRole('listitem').count()).to.be.greaterThan(0);
    await page
      .getByRole('region', { name: 'Activity' })
      .getByText(/Processed with AI/)
      .waitFor();

    // The button now opens the draft; Enter opens it, the focus stays inside, Escape closes it and returns the focus.
    const viewDraft = button(page, NOTICE_AI_TEXTS.viewDraft);
    await viewDraft.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: NOTICE_AI_TEXTS.draftTitle });
    await dialog.waitFor();
    const saved = await noticeOf(session, aiWorld, journeyNotice.externalId);
    expect(saved.draftReply).to.be.a('string').and.not.equal('');
    const draft = dialog.getByRole('region', { name: /^Reply to ASMT-10/ });
    expect(await draft.innerText()).to.equal(saved.draftReply!.trim());
    await settledScreenshot(session, 'notice-ai-draft-light');
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press('Tab');
      // Blueprint's focus trap is a pair of stops around the dialog in its overlay, which hand the focus back in.
      expect(await page.evaluate(() => document.activeElement?.closest('.bp6-overlay') !== null), 'the focus stays in the dialog').to.equal(true);
    }

    await button(dialog, 'Copy').focus();
    await page.keyboard.press('Enter');
    await toast(page, NOTICE_AI_TEXTS.copied).filter({ hasText: NOTICE_AI_TEXTS.copiedText }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal(saved.draftReply);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await viewDraft.evaluate((element) => element === document.activeElement), 'the focus is back on the button').to.equal(true);

    // Process again replaces the analysis in place. The first run's toast is gone first, so it cannot pass for the second's.
    await toast(page, NOTICE_AI_TEXTS.processed).waitFor({ state: 'detached' });
    await viewDraft.click();
    const processedAt = dialog.locator('.notices-ai-provenance time');
    expect(await processedAt.getAttribute('datetime')).to.equal(saved.ai!.processedAt);
    await button(dialog, 'Process again').click();
    await toast(page, NOTICE_AI_TEXTS.processed).waitFor();
    await button(dialog, 'Process again').waitFor();
    const reprocessed = await noticeOf(session, aiWorld, journeyNotice.externalId);
    expect(reprocessed.ai!.processedAt).to.not.equal(saved.ai!.processedAt);
    await dialog.locator(`.notices-ai-provenance time[datetime="${reprocessed.ai!.processedAt}"]`).waitFor();
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it("follows an analysis the server runs on after answering, and reports a failure in the server's words", async () => {
    // The server answers 202 at once, so the page follows the job.
    answerProcessAiWithin(sharedHost(), 0);
    try {
      const session = await openAsOwner(suite, aiWorld);
      const { page } = session;
      await page.goto(url(aiWorld, `notices/${followedNotice.externalId}`));
      await settled(page, 'ASMT-10');
      await button(page, NOTICE_AI_TEXTS.process).click();
      const processing = button(page, NOTICE_AI_TEXTS.processing);
      await processing.waitFor();
      expect(await processing.getAttribute('aria-busy')).to.equal('true');
      expect(await processing.getAttribute('aria-disabled')).to.equal('true');
      await toast(page, NOTICE_AI_TEXTS.processed).waitFor();
      await button(page, NOTICE_AI_TEXTS.viewDraft).waitFor();

      await page.goto(url(aiWorld, `notices/${blankNotice.externalId}`));
      await settled(page, 'ASMT-10');
      await button(page, NOTICE_AI_TEXTS.process).click();
      await toast(page, NOTICE_AI_TEXTS.processFailed).filter({ hasText: AI_MESSAGES.noText }).waitFor();
      await button(page, NOTICE_AI_TEXTS.process).waitFor();
      expect(unexpectedConsoleErrors(session, [422])).to.deep.equal([]);
    } finally {
      answerProcessAiWithin(sharedHost(), AI_WAIT_MS);
    }
  });

  it('keeps a followed analysis with its own notice when the member moves to another notice meanwhile', async () => {
    answerProcessAiWithin(sharedHost(), 0);
    try {
      const session = await openAsOwner(suite, aiWorld);
      const { page } = session;
      const facts = page.locator('.notices-details-facts');
      // The notice the member moves to has been on screen before, so its page comes from the cache at once.
      await page.goto(url(aiWorld, `notices/${movedToNotice.externalId}`));
      await settled(page, 'ASMT-10');
      await openThroughSearch(page, movedFromNotice);
      await settled(page, 'ASMT-10');

      // The page's first question about the job is held until the member has moved on.
      let holdPoll!: (route: Route) => void;
      const pollHeld = new Promise<Route>((resolve) => (holdPoll = resolve));
      const pollPath = `/axal/api/v1/${NOTICE_AI_ROUTES.processAi(movedFromNotice.externalId)}/`;
      await page.route((address) => address.pathname.startsWith(pollPath), holdPoll);
      await button(page, NOTICE_AI_TEXTS.process).click();
      const poll = await pollHeld;
      const pollEnded = new Promise<'failed' | 'finished'>((resolve) => {
        page.on('requestfailed', (request) => request === poll.request() && resolve('failed'));
        page.on('requestfinished', (request) => request === poll.request() && resolve('finished'));
      });
      await analysedThroughApi(session, aiWorld, movedFromNotice);

      await openThroughSearch(page, movedToNotice);
      expect(await button(page, NOTICE_AI_TEXTS.process).getAttribute('aria-busy'), 'the notice moved to is not being processed').to.equal(null);
      // Moving on stopped following the job: the page dropped the held question, so no answer about it reaches this notice.
      await poll.continue().catch(() => undefined);
      expect(await pollEnded).to.equal('failed');
      await facts.getByText(movedToNotice.reference, { exact: true }).waitFor();
      expect(await button(page, NOTICE_AI_TEXTS.viewDraft).count(), 'the page shows no analysis of another notice').to.equal(0);
      expect(await toast(page, NOTICE_AI_TEXTS.processed).count()).to.equal(0);
      expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
    } finally {
      answerProcessAiWithin(sharedHost(), AI_WAIT_MS);
    }
  });

  it("shows the spec's failure words, not 'Request failed', when an answer carries no reason", async () => {
    const session = await openAsOwner(suite, aiWorld);
    const { page } = session;
    const bareBadGateway = { status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' };
    await page.route(`**/api/v1/${NOTICE_AI_ROUTES.processAi(blankNotice.externalId)}**`, (route) => route.fulfill(bareBadGateway));
    await page.route(`**/api/v1/${NOTICE_SYNC_ROUTES.refresh}`, (route) => route.fulfill(bareBadGateway));

    await page.goto(url(aiWorld, `notices/${blankNotice.externalId}`));
    await settled(page, 'ASMT-10');
    await button(page, NOTICE_AI_TEXTS.process).click();
    expect((await toast(page, NOTICE_AI_TEXTS.processFailed).innerText()).trim()).to.equal(NOTICE_AI_TEXTS.processFailed);

    await page.goto(url(aiWorld, `notices${ALL_NOTICES}`));
    await settled(page, 'Notices');
    await button(page, NOTICE_SYNC_TEXTS.refresh).click();
    const refreshFailure = toast(page, NOTICE_SYNC_TEXTS.refreshFailed);
    await refreshFailure.filter({ hasText: NOTICE_SYNC_TEXTS.refreshFailedText }).waitFor();
    expect(await refreshFailure.innerText()).to.not.include('Request failed');
    expect(unexpectedConsoleErrors(session, [502, 404])).to.deep.equal([]);
  });

  it('tells the member when copying is refused', async () => {
    const session = await openAsOwner(suite, aiWorld);
    const { page } = session;
    // Without the clipboard permission Chromium refuses to write to it.
    await page.goto(url(aiWorld, `notices/${draftedNotice.externalId}`));
    await settled(page, 'ASMT-10');
    await button(page, NOTICE_AI_TEXTS.viewDraft).click();
    const dialog = page.getByRole('dialog', { name: NOTICE_AI_TEXTS.draftTitle });
    // Source text: tsx would wrap a function in helpers the page does not have.
    await page.evaluate("Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } })");
    await button(dialog, 'Copy').click();
    await toast(page, NOTICE_AI_TEXTS.copyFailed).filter({ hasText: NOTICE_AI_TEXTS.copyFailedText }).waitFor();
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it("shows a client member the analysis but neither the draft nor the AI's button", async () => {
    const owner = await openAsOwner(suite, aiWorld);
    const member = await suite.open();
    const memberSignedIn = await signInBrowserContext(member.context, sharedHost().baseUrl, 'notice-ai-client');
    await joinByInvitation(sharedHost().baseUrl, {
      owner: ownerIn(owner, aiWorld),
      workspaceId: aiWorld.workspaceId,
      member: memberSignedIn,
      role: 'CLIENT',
      clientIds: [clientId],
    });
    const { page } = member;
    await page.goto(url(aiWorld, `notices/${draftedNotice.externalId}`));
    await settled(page, 'ASMT-10');
    await page.getByRole('region', { name: 'AI Analysis' }).getByRole('heading', { name: 'Summary' }).waitFor();
    for (const name of [NOTICE_AI_TEXTS.process, NOTICE_AI_TEXTS.viewDraft]) expect(await button(page, name).count()).to.equal(0);
    expect((await noticeOf(member, aiWorld, draftedNotice.externalId)).draftReply).to.equal(null);
    expect(unexpectedConsoleErrors(member)).to.deep.equal([]);
  });

  it('refreshes notices from the portal: the button and banner follow the sync, new notices appear, a refused login is flagged', async () => {
    const session = await suite.open();
    const world = await syncWorld(session, 'notice-sync');
    // One login stuck at the portal's sign-in keeps the sync running through the checks of a running sync.
    const releaseSharma = portal.holdSignIn(world.logins.sharma);
    try {
      const { page } = session;
      await page.goto(url(world, `notices${ALL_NOTICES}`));
      await settled(page, 'Notices');
      await page.getByText('No notices found').waitFor();
      expect(await syncBanner(page).count(), 'no banner before the first sync').to.equal(0);

      const refresh = page.getByRole('button', { name: SYNCING }).or(button(page, NOTICE_SYNC_TEXTS.refresh));
      await button(page, NOTICE_SYNC_TEXTS.refresh).click();
      await toast(page, 'Started syncing notices for 3 client login(s)').waitFor();
      expect(await refresh.innerText()).to.match(SYNCING);
      expect(await refresh.getAttribute('aria-disabled')).to.equal('true');

      // While it runs: the banner's progress bar, and the button's tooltip with the clients and platforms.
      await syncBanner(page).getByRole('progressbar', { name: 'Sync progress' }).waitFor();
      const syncing = button(page, /^Syncing 3 client\(s\)\.\.\.$/);
      await syncing.waitFor();
      // The click left the focus and the pointer on the button: leave and come back with the keyboard.
      await page.mouse.move(0, 0);
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await syncing.evaluate((element) => element === document.activeElement)).to.equal(true);
      await page
        .locator('.bp6-tooltip')
        .getByText(/^Syncing notices for 3 client\(s\) \((GST, Income Tax|Income Tax, GST)\) - \d{1,3}% complete$/)
        .waitFor();
      await page
        .locator('.bp6-tooltip')
        .getByText(/Kapoor Exports|Sharma Traders|Verma Textiles/)
        .waitFor();
      await expectNoAccessibilityViolations(page, { label: 'notices list while a sync runs, with the tooltip open' });
      releaseSharma();

      // Done: the banner tells of the refused login, the new notices are listed without a reload, the button is back.
      // The failed login is named with its platform, e.g. 'Kapoor Exports (GST)'.
      await syncBanner(page)
        .getByText(/^Kapoor Exports\b.* - Invalid credentials$/)
        .waitFor({ timeout: 60_000 });
      const table = noticesTable(page);
      const expected = [...sandboxNoticesOf('GST', world.logins.sharma), ...sandboxNoticesOf('INCOME_TAX', world.logins.verma)];
      for (const notice of expected) await table.getByText(notice.reference, { exact: false }).waitFor();
      await button(page, NOTICE_SYNC_TEXTS.refresh).waitFor();
      expect(await button(page, NOTICE_SYNC_TEXTS.refresh).getAttribute('aria-disabled')).to.equal(null);
      await settledScreenshot(session, 'notices-after-sync-light');

      // A synced notice says where it came from.
      await table.locator('.notices-table__notice').filter({ hasText: expected[0].reference }).getByRole('link').click();
      await page.locator('.notices-details-header').getByText(NOTICE_SYNC_TEXTS.sandbox, { exact: true }).waitFor();

      // The clients list flags the client whose login the portal refused, and only that one.
      await page.goto(url(world, 'clients'));
      const flag = page.getByRole('img', { name: CLIENT_INVALID_CREDENTIALS });
      await page.getByRole('row').filter({ hasText: 'Kapoor Exports' }).getByRole('img', { name: CLIENT_INVALID_CREDENTIALS }).waitFor();
      expect(await flag.count()).to.equal(1);
      expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
    } finally {
      // A failed check must not leave the sync stuck at the portal for the tests after it.
      releaseSharma();
    }
  });

  it('says why a refresh cannot start, and leaves the button usable', async () => {
    // The AI world has no portal connector switched on.
    const session = await openAsOwner(suite, aiWorld);
    const { page } = session;
    await page.goto(url(aiWorld, `notices${ALL_NOTICES}`));
    await settled(page, 'Notices');
    await button(page, NOTICE_SYNC_TEXTS.refresh).click();
    await toast(page, NOTICE_SYNC_TEXTS.refreshFailed).filter({ hasText: NOTICE_SYNC_MESSAGES.noSources }).waitFor();
    expect(await button(page, NOTICE_SYNC_TEXTS.refresh).getAttribute('aria-disabled')).to.equal(null);
    // The owner has notifications (a member joined), none of a sync: the batch list answers 404 for none (spec 2 section 7).
    expect(unexpectedConsoleErrors(session, [404])).to.deep.equal([]);
  });

  describe('after a sync', () => {
    let world: OwnerWorld;

    before(async function () {
      this.timeout(120_000);
      const session = await suite.open();
      world = await syncWorld(session, 'notice-sync-axe');
      await syncThroughApi(session, world);
    });

    it('fits a 360 px phone: the list with the banner and the draft dialog never scroll sideways', async () => {
      const { page } = await openAsOwner(suite, world);
      await page.setViewportSize(NARROW);
      await page.goto(url(world, `notices${ALL_NOTICES}`));
      await settled(page, 'Notices');
      await syncBanner(page).waitFor();
      expect(await sidewaysOverflow(page), 'the notices list scrolls sideways').to.equal(0);

      const drafted = await openAsOwner(suite, aiWorld);
      await drafted.page.setViewportSize(NARROW);
      await drafted.page.goto(url(aiWorld, `notices/${draftedNotice.externalId}`));
      await settled(drafted.page, 'ASMT-10');
      await button(drafted.page, NOTICE_AI_TEXTS.viewDraft).click();
      const dialog = drafted.page.getByRole('dialog', { name: NOTICE_AI_TEXTS.draftTitle });
      const box = await dialog.boundingBox();
      expect(box!.x).to.be.at.least(0);
      expect(box!.x + box!.width).to.be.at.most(NARROW.width);
      expect(box!.y + box!.height, 'the dialog with its buttons fits the screen').to.be.at.most(NARROW.height);
      expect(await sidewaysOverflow(drafted.page), 'the details page scrolls sideways').to.equal(0);
    });

    it('passes axe in every theme: the notices list with the sync banner, and the AI Draft Reply dialog', async () => {
      const { page } = await openAsOwner(suite, world);
      await loadForAccessibilityCheck(page, url(world, `notices${ALL_NOTICES}`));
      await settled(page, 'Notices');
      await syncBanner(page)
        .getByText(/Invalid credentials/)
        .waitFor();
      await noticesTable(page).getByRole('row').nth(1).waitFor();
      await expectNoAccessibilityViolationsInEveryTheme(page, { label: 'notices list with the sync banner' });

      const drafted = await openAsOwner(suite, aiWorld);
      await loadForAccessibilityCheck(drafted.page, url(aiWorld, `notices/${draftedNotice.externalId}`));
      await settled(drafted.page, 'ASMT-10');
      await expectNoAccessibilityViolationsInEveryTheme(drafted.page, { label: 'notice details with an analysis' });
      await drafted.page.setViewportSize(ACCESSIBILITY_VIEWPORTS[0]);
      await button(drafted.page, NOTICE_AI_TEXTS.viewDraft).click();
      await drafted.page.getByRole('dialog', { name: NOTICE_AI_TEXTS.draftTitle }).waitFor();
      await expectNoAccessibilityViolationsInEveryTheme(drafted.page, { label: 'AI Draft Reply dialog', include: OVERLAY_PARTS });
    });
  });
});
