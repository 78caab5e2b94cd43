/**
 * Web budgets: JavaScript transferred (compressed as served: brotli for Chromium; the icon paths pages fetch as data
 * count with it) for the landing page and for a signed-in workspace frame, measured by loading the pages in Chromium
 * and summing the network log; the login page's whole transfer and its Lighthouse mobile performance score; and the
 * time of a full `npm run build`.
 * Runs against its own database; prints one JSON line per figure. Targets are in bench/README.md.
 */
import 'reflect-metadata';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { projectRoot } from '../core/platform/config';
import { DEFAULT_PLUGIN_DIRS } from '../core/host/host';
import { buildWeb } from '../shell/build/build';
import { launchBrowser, openPage } from '../core/plugin-api/testing/browser';
import { signInBrowserContext } from '../core/plugin-api/testing/browser-auth';
import { removeTestServices, startTestHost } from '../core/plugin-api/testing/test-host';
import { lighthouseMobile } from './lighthouse-mobile';

/** The icons' SVG paths, fetched one by one as pages draw them (shell/src/app/icon-paths.ts): counted with the scripts they replaced. */
const ICON_PATHS = /\/assets\/icons\.[0-9a-f]{12}\//;

async function javascriptBytes(
  page: Page,
  url: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<{ transferredBytes: number; files: number }> {
  const sizes: Promise<number>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    if (response.request().resourceType() === 'script' || ICON_PATHS.test(response.url()))
      sizes.push(
        response
          .request()
          .sizes()
          .then((size) => size.responseBodySize),
      );
  };
  page.on('response', onResponse);
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const all = await Promise.all(sizes);
  return { transferredBytes: all.reduce((sum, size) => sum + size, 0), files: all.length };
}

async function main(): Promise<void> {
  rmSync(path.join(projectRoot, 'node_modules', '.cache', 'webpack'), { recursive: true, force: true });
  const started = Date.now();
  await buildWeb(DEFAULT_PLUGIN_DIRS);
  console.log(JSON.stringify({ figure: 'build time (cold cache)', seconds: (Date.now() - started) / 1000 }));

  const running = await startTestHost({ pluginDirs: DEFAULT_PLUGIN_DIRS });
  const browser = await launchBrowser();
  try {
    const visitor = await openPage(browser);
    const landing = await javascriptBytes(visitor.page, `${running.baseUrl}/axal`, (page) => page.getByRole('heading').first().waitFor());
    console.log(
      JSON.stringify({ figure: 'landing page JS (compressed)', kilobytes: +(landing.transferredBytes / 1024).toFixed(1), files: landing.files }),
    );

    const login = await lighthouseMobile(`${running.baseUrl}/axal/login`);
    console.log(JSON.stringify({ figure: 'login page, Lighthouse mobile (median of 3)', ...login }));

    const member = await openPage(browser);
    const signedIn = await signInBrowserContext(member.context, running.baseUrl, 'bench');
    const workspace = await signedIn.createWorkspace('Bench Practice');
    const frame = await javascriptBytes(member.page, `${running.baseUrl}/axal/w/${workspace.externalId}/dashboard`, (page) =>
      page.getByRole('navigation', { name: 'Workspace' }).waitFor(),
    );
    console.log(
      JSON.stringify({ figure: 'workspace frame JS (compressed)', kilobytes: +(frame.transferredBytes / 1024).toFixed(1), files: frame.files }),
    );
  } finally {
    await browser.close();
    await running.stop();
    await removeTestServices();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
