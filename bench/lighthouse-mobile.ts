import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** The flags every Chromium of this project runs with (see /work/shared/STACK.md): headless, no sandbox, nothing fetched in the background. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** What one Lighthouse run says of a page on its default mobile preset (emulated mid-range phone, slow 4G, 4x CPU slowdown). */
export interface LighthouseFigures {
  performanceScore: number;
  /** Every response of the page load, compressed as served (the `total-byte-weight` audit). */
  transferKiB: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  unusedJavaScriptKiB: number;
}

const kib = (bytes: number) => +(bytes / 1024).toFixed(1);

/** Runs Lighthouse's performance category once against `url` in a fresh Chromium. */
async function runOnce(url: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { audits, categories, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse could not load ${url}: ${runtimeError.message}`);
    const unusedJavaScript = audits['unused-javascript'].details as { overallSavingsBytes?: number } | undefined;
    return {
      performanceScore: Math.round((categories.performance.score ?? 0) * 100),
      transferKiB: kib(audits['total-byte-weight'].numericValue ?? 0),
      largestContentfulPaintMs: Math.round(audits['largest-contentful-paint'].numericValue ?? 0),
      totalBlockingTimeMs: Math.round(audits['total-blocking-time'].numericValue ?? 0),
      unusedJavaScriptKiB: kib(unusedJavaScript?.overallSavingsBytes ?? 0),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * The run with the median performance score of `runs` (Lighthouse's own advice: one run varies with the machine's
 * load, and this machine is shared).
 */
export async function lighthouseMobile(url: string, runs = 3): Promise<LighthouseFigures & { scores: number[] }> {
  const results: LighthouseFigures[] = [];
  for (let run = 0; run < runs; run++) results.push(await runOnce(url));
  const sorted = [...results].sort((a, b) => a.performanceScore - b.performanceScore);
  return { ...sorted[Math.floor(sorted.length / 2)], scores: results.map((result) => result.performanceScore) };
}
