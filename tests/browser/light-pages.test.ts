import { expect } from 'chai';
import type { Page } from 'playwright-core';
import siteContent from '../../shell/src/public/site-content';
import type { BrowserSession } from '../../core/plugin-api/testing/browser';
import { signInBrowserContext } from '../../core/plugin-api/testing/browser-auth';
import { browserSuite, quietWorkspace, sidebarNav, unexpectedConsoleErrors } from '../../core/plugin-api/testing/browser-suite';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';

/** The login page's whole transfer (HTML, scripts, styles, fonts, images, API answers), compressed as served. */
const LOGIN_TRANSFER_BUDGET_KIB = 150;

/** The public and sign-in pages: the light site draws them, and each shows its main heading (and answers `refused`). */
const SITE_PAGES: Array<{ path: string; heading: string; refused?: number[] }> = [
  { path: '/axal', heading: siteContent.hero.title },
  { path: '/about', heading: 'About Axal Practice' },
  { path: '/contact', heading: 'Talk to the Axal Practice team' },
  { path: '/blog', heading: 'Notes from the practice' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/axal/login', heading: 'Welcome back' },
  { path: '/axal/signup', heading: 'Create your account' },
  { path: '/axal/verify-email?token=not-a-real-token', heading: 'Verify your email address' },
  { path: '/axal/forgot-password', heading: 'Forgot your password?' },
  { path: '/axal/reset-password?token=not-a-real-token', heading: 'Choose a new password' },
  { path: '/axal/invitations/accept?token=not-a-real-token', heading: 'Invitation unavailable', refused: [404] },
  { path: '/auth/error?error=GoogleSignin', heading: 'Authentication Error' },
  { path: '/axal/workspace-deleted', heading: 'Workspace deleted' },
];

interface PageLoad {
  transferBytes: number;
  /** Paths of the files of the build the page fetched (`/axal/assets/...`, `/axal/remotes/...`). */
  assets: string[];
}

/** Records, from Chromium's network log, what loading `path` transferred (bytes on the wire, headers included). */
async function loadRecorded(session: BrowserSession, path: string, ready: (page: Page) => Promise<unknown>): Promise<PageLoad> {
  const network = await session.context.newCDPSession(session.page);
  await network.send('Network.enable');
  const urls = new Map<string, string>();
  let transferBytes = 0;
  network.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
  network.on('Network.loadingFinished', (event) => {
    transferBytes += event.encodedDataLength;
  });
  await session.page.goto(`${sharedHost().baseUrl}${path}`);
  await ready(session.page);
  await session.page.waitForLoadState('networkidle');
  await network.detach();
  const assets = [...urls.values()].map((url) => new URL(url).pathname).filter((pathname) => /^\/axal\/(assets|remotes)\//.test(pathname));
  return { transferBytes, assets };
}

/** Reports every Content Security Policy violation of the page, as the `securitypolicyviolation` events the browser raises. */
async function watchPolicyViolations(session: BrowserSession): Promise<() => Promise<string[]>> {
  await session.context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { policyViolations: string[] }).policyViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return async () => {
    const reported = await session.page.evaluate(() => (window as unknown as { policyViolations?: string[] }).policyViolations ?? []);
    const logged = session.consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text));
    return [...reported, ...logged];
  };
}

const mainHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

describe('browser: the light way in (public and sign-in pages)', function () {
  this.timeout(90_000);
  const browser = browserSuite();

  it(`the login page transfers at most ${LOGIN_TRANSFER_BUDGET_KIB} KiB, everything included`, async () => {
    const session = await browser.open();
    const load = await loadRecorded(session, '/axal/login', (page) => page.getByRole('button', { name: 'Sign In' }).waitFor());
    const kib = load.transferBytes / 1024;
    expect(kib, `login page transfer, KiB (${load.assets.join(', ')})`).to.be.at.most(LOGIN_TRANSFER_BUDGET_KIB);
    expect(session.consoleErrors).to.deep.equal([]);
  });

  it('every public and sign-in page loads the light site alone: no federation runtime, Blueprint, data libraries or remotes', async () => {
    for (const { path, heading, refused } of SITE_PAGES) {
      const session = await browser.open();
      const load = await loadRecorded(session, path, (page) => mainHeading(page, heading));
      expect(load.assets.length, path).to.be.greaterThan(0);
      expect(
        load.assets.filter((asset) => !asset.startsWith('/axal/assets/site/')),
        `${path} fetched files of the app`,
      ).to.deep.equal([]);
      expect(unexpectedConsoleErrors(session, refused), path).to.deep.equal([]);
      await session.close();
    }
  });

  it('no Content Security Policy violation on the public pages, the sign-in forms, or signed-in pages with forms and a remote', async () => {
    const visitor = await browser.open();
    const violationsOf = await watchPolicyViolations(visitor);
    for (const { path, heading } of SITE_PAGES) {
      await visitor.page.goto(`${sharedHost().baseUrl}${path}`);
      await mainHeading(visitor.page, heading);
      expect(await violationsOf(), path).to.deep.equal([]);
    }
    // Validation runs the shared zod schemas, the code that would compile parsers with `new Function`.
    await visitor.page.goto(`${sharedHost().baseUrl}/axal/signup`);
    await visitor.page.getByRole('button', { name: 'Create account' }).click();
    await visitor.page.locator('#signup-name-errors').waitFor();
    expect(await violationsOf(), 'sign-up validation').to.deep.equal([]);

    const member = await browser.open();
    const signedIn = await signInBrowserContext(member.context, sharedHost().baseUrl, 'light-pages');
    const workspace = await quietWorkspace(signedIn, 'Light Pages Associates');
    const memberViolations = await watchPolicyViolations(member);
    await member.page.goto(`${sharedHost().baseUrl}/axal/w/${workspace.externalId}/dashboard`);
    await sidebarNav(member.page).waitFor();
    await member.page.getByText('Total Documents').waitFor();
    await member.page.goto(`${sharedHost().baseUrl}/axal/profile`);
    await member.page.getByRole('heading', { name: 'Your profile' }).waitFor();
    await member.page.goto(`${sharedHost().baseUrl}/axal/create-workspace`);
    await member.page.getByRole('button', { name: 'Create Workspace' }).click();
    await member.page.getByLabel('Workspace Name').and(member.page.locator('[aria-invalid="true"]')).waitFor();
    expect(await memberViolations(), 'signed-in pages').to.deep.equal([]);
    expect(member.consoleErrors).to.deep.equal([]);
  });

  it('signing in crosses from the light site to the app and signing out crosses back, each loading the other page once', async () => {
    const session = await browser.open();
    const signedIn = await signInBrowserContext(session.context, sharedHost().baseUrl, 'light-crossing');
    await quietWorkspace(signedIn, 'Crossing Associates');
    await session.context.clearCookies();
    const { page } = session;
    let documentsLoaded = 0;
    page.on('load', () => (documentsLoaded += 1));

    await page.goto(`${sharedHost().baseUrl}/axal/login`);
    await page.getByLabel('Email').fill(signedIn.email);
    await page.getByLabel('Password', { exact: true }).fill(signedIn.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The app's own toast says what the site's said, once the app's page has loaded.
    await page.locator('.bp6-toast').getByText('Welcome back, Browser Tester').waitFor();
    await sidebarNav(page).waitFor();
    expect(documentsLoaded, 'the login page, then the app').to.equal(2);

    await page.getByRole('button', { name: 'Account: Browser Tester' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/axal\/login$/);
    await mainHeading(page, 'Welcome back');
    expect(documentsLoaded, 'then the light site again').to.equal(3);
    expect(session.consoleErrors).to.deep.equal([]);
  });

  it('an address nobody draws shows the not-found page once, from either page, without loading the other in turn', async () => {
    for (const path of ['/axal/no-such-page', '/resources/no-such-page']) {
      const session = await browser.open();
      let loads = 0;
      session.page.on('load', () => (loads += 1));
      await session.page.goto(`${sharedHost().baseUrl}${path}`);
      await session.page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await session.page.waitForLoadState('networkidle');
      expect(loads, path).to.equal(1);
      await session.close();
    }
  });
});
