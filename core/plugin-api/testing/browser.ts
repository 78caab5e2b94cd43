import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { projectRoot } from '../../platform/config';
import { buildWeb, isBuildStale, TEST_FIXTURE_PLUGIN_DIR } from '../../../shell/build/build';
import { DEFAULT_PLUGIN_DIRS } from '../../host/host';

export const SCREENSHOT_DIR = path.join(projectRoot, 'test-results');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** Builds the shell and the plugin remotes (with the test fixtures) when the build is missing or older than the sources. */
export async function ensureWebBuild(): Promise<void> {
  const pluginDirs = [...DEFAULT_PLUGIN_DIRS, TEST_FIXTURE_PLUGIN_DIR];
  if (isBuildStale(pluginDirs)) await buildWeb(pluginDirs);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far; a tested page must have none. */
  consoleErrors: string[];
  /** URLs the page requested, for checking what was (not) downloaded. */
  requests: string[];
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

export async function openPage(browser: Browser, options: { colorScheme?: 'light' | 'dark' } = {}): Promise<BrowserSession> {
  const context = await browser.newContext({ colorScheme: options.colorScheme ?? 'light', viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('request', (request) => requests.push(request.url()));
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    context,
    page,
    consoleErrors,
    requests,
    screenshot: async (name) => {
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
    },
    close: () => context.close(),
  };
}
