import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ensureWebBuild, launchBrowser, openPage, type BrowserSession } from './browser';
import type { signInBrowserContext } from './browser-auth';
import { atRunEnd } from './root-hooks';

/** A cold web build on a 2-core machine takes up to a minute; the first browser suite of a run pays for it. */
const BUILD_AND_LAUNCH_TIMEOUT_MS = 180_000;

let processBrowser: Promise<Browser> | undefined;

/**
 * One browser for every suite of the test process (each page opens in a context of its own, so nothing carries over);
 * launched again should it have gone away, and closed when the process's tests end.
 */
async function browserOfProcess(): Promise<Browser> {
  const running = await processBrowser;
  if (running?.isConnected()) return running;
  if (!processBrowser) atRunEnd(async () => (await processBrowser)?.close());
  processBrowser = launchBrowser();
  return processBrowser;
}

/**
 * Registers the hooks of a browser suite: the web build and the process's browser, and every page a test opens
 * closed after that test. Call it inside `describe`.
 */
export function browserSuite() {
  let browser: Browser | undefined;
  const sessions: BrowserSession[] = [];
  before(async function () {
    this.timeout(BUILD_AND_LAUNCH_TIMEOUT_MS);
    await ensureWebBuild();
    browser = await browserOfProcess();
  });
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((session) => session.close()));
  });
  return {
    browser: () => browser!,
    /** A new page for the current test, closed after it. */
    async open(options?: Parameters<typeof openPage>[1]): Promise<BrowserSession> {
      const session = await openPage(browser!, options);
      sessions.push(session);
      return session;
    },
  };
}

/**
 * One page that every test of a `describe` shares (a run of checks that each load their own address), with `cookies()`
 * (a signed-in world's, read once the suite starts) added; closed after the suite. Call it inside `describe`.
 */
export function sharedSuitePage(browser: () => Browser, cookies?: () => Parameters<BrowserContext['addCookies']>[0]): () => BrowserSession {
  let session: BrowserSession | undefined;
  before(async () => {
    session = await openPage(browser());
    if (cookies) await session.context.addCookies(cookies());
  });
  after(async () => {
    await session?.close();
  });
  return () => session!;
}

export type SignedIn = Awaited<ReturnType<typeof signInBrowserContext>>;

/** A workspace without the fixture whose remote fails on purpose, so a journey's console stays clean. */
export async function quietWorkspace(signedIn: SignedIn, name?: string) {
  const workspace = await signedIn.createWorkspace(name);
  await signedIn.api(`/workspaces/${workspace.externalId}/plugins/broken-remote`, { enabled: false }, 'put');
  return workspace;
}

/**
 * Waits until every CSS transition and animation that ends has ended (popovers and dialogs grow in, the sidebar
 * slides), so positions and colours are the final ones. Endless ones, such as a busy button's spinner, are not waited for.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
}

export async function settledScreenshot(session: BrowserSession, name: string): Promise<void> {
  await animationsSettled(session.page);
  await session.screenshot(name);
}

/** Console errors other than the browser's own report of an HTTP status the journey provokes on purpose. */
export function unexpectedConsoleErrors(session: BrowserSession, expectedStatuses: number[] = []): string[] {
  return session.consoleErrors.filter((text) => !expectedStatuses.some((status) => text.includes(`status of ${status}`)));
}

export const sidebarNav = (page: Page) => page.getByRole('navigation', { name: 'Workspace' });

/**
 * Waits until the element a locator finds has an attribute's value. The locator is looked up again each time: the
 * render that sets the value (an address change, applied as a transition) may also replace the element.
 */
export async function attributeBecomes(locator: Locator, name: string, value: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let current = await locator.getAttribute(name, { timeout: timeoutMs });
  while (current !== value) {
    if (Date.now() > deadline) throw new Error(`${name} stayed ${JSON.stringify(current)} instead of ${JSON.stringify(value)} for ${timeoutMs} ms`);
    await locator.page().waitForTimeout(50);
    current = await locator.getAttribute(name, { timeout: timeoutMs });
  }
}

/** Waits until an input shows `value`: a field bound to the address catches up one render after the address changes. */
export async function inputValueBecomes(input: Locator, value: string, timeoutMs = 5_000): Promise<void> {
  const handle = await input.elementHandle();
  await input
    .page()
    .waitForFunction(([element, expected]) => (element as HTMLInputElement).value === expected, [handle, value] as const, { timeout: timeoutMs });
}

/** What a screen reader reads after a control's name: the text of the elements its `aria-describedby` names. */
export async function accessibleDescriptionOf(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
      .filter(Boolean)
      .join(' '),
  );
}
