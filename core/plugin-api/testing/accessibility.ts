import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ElementContext, NodeResult, Result, RunOptions } from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { animationsSettled } from './browser-suite';

/** The rules of WCAG 2.1 levels A and AA, the bar every page and dialog of the app is held to. */
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** The widths every page is checked at: a laptop and a phone. */
export const ACCESSIBILITY_VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** The system themes every page is checked in (the app follows the browser's colour scheme until a user picks one). */
export const ACCESSIBILITY_THEMES = ['light', 'dark'] as const;

const SNIPPET_LENGTH = 200;

let axeSource: string | undefined;

/** axe-core's browser bundle, read once per process. */
function axeScript(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

export interface AccessibilityCheck {
  /** Names the page or dialog in the failure message, e.g. `clients list (dark, 390x844)`. */
  label: string;
  /** CSS selectors of the parts to check (a dialog); the whole document when left out. */
  include?: string[];
  /** CSS selectors of parts to leave out, each with the reason in a comment where it is called. */
  exclude?: string[];
}

function describeNode(node: NodeResult): string {
  const target = node.target.map(String).join(' ');
  const html = node.html.replace(/\s+/g, ' ');
  const snippet = html.length > SNIPPET_LENGTH ? `${html.slice(0, SNIPPET_LENGTH)}...` : html;
  // The summary's first finding carries the measured figures (a contrast ratio and its colours, for one).
  const finding = node.failureSummary?.split('\n').find((line) => line.trim() && !/^Fix (any|all)/.test(line.trim()));
  return [`    at ${target}`, `       ${snippet}`, ...(finding ? [`       ${finding.trim()}`] : [])].join('\n');
}

function describeViolation(violation: Result): string {
  return [`  ${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}`, ...violation.nodes.map(describeNode)].join('\n');
}

/**
 * Runs axe-core's WCAG 2.1 A and AA rules on the page as it is now and throws one readable error listing every
 * violation (rule, impact, help, the elements' selectors and markup). axe is injected through the debugging
 * protocol, so the page's Content Security Policy, which forbids inline scripts, does not stop it. Frames are not
 * entered: a page that embeds one checks it on its own.
 */
export async function expectNoAccessibilityViolations(page: Page, check: AccessibilityCheck): Promise<void> {
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeScript());
  const context: ElementContext = { exclude: check.exclude ?? [], ...(check.include ? { include: check.include } : {}) };
  const options: RunOptions = { runOnly: { type: 'tag', values: [...WCAG_21_AA_TAGS] }, iframes: false, resultTypes: ['violations'] };
  // Typed loosely across the page boundary: Playwright's serialisation types cannot follow axe's recursive ones.
  const results = (await page.evaluate(
    ({ runContext, runOptions }) => (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<unknown> } }).axe.run(runContext, runOptions),
    { runContext: context as unknown, runOptions: options as unknown },
  )) as AxeResults;
  if (results.violations.length === 0) return;
  const count = results.violations.reduce((sum, violation) => sum + violation.nodes.length, 0);
  throw new Error(`${check.label}: ${count} accessibility violation(s) of WCAG 2.1 AA\n${results.violations.map(describeViolation).join('\n')}`);
}

export type AccessibilityViewport = (typeof ACCESSIBILITY_VIEWPORTS)[number];
export type AccessibilityTheme = (typeof ACCESSIBILITY_THEMES)[number];

/**
 * Switches the browser's colour scheme and waits until the page has drawn it, so one load of a page serves both
 * themes: the app and the light site follow the system theme as it changes (unless the user picked one), marking the
 * one applied as the root's `color-scheme`; a page styled by media queries alone (the dev mailbox) follows at once.
 */
export async function showSystemTheme(page: Page, theme: AccessibilityTheme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction((expected) => ['', expected].includes(document.documentElement.style.colorScheme), theme);
}

/** Runs `check` on each case in turn and then throws one error joining every failure, so a run names all of them. */
async function checkEach<Case>(cases: readonly Case[], check: (each: Case) => Promise<void>): Promise<void> {
  const failures: string[] = [];
  for (const each of cases) {
    try {
      await check(each);
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (failures.length > 0) throw new Error(failures.join('\n\n'));
}

/** Two animation frames after a resize: the resize observers (the DataTable's column fit) have run and React has drawn. */
async function layoutSettled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.waitForFunction(() => !document.querySelector('.bp6-skeleton'));
}

/**
 * Checks the page as loaded (or the dialog as open) at every width of `ACCESSIBILITY_VIEWPORTS`, resizing the page
 * in between instead of loading it again, and throws one error naming each width that failed. Use it for what looks
 * the same to a user at every width once resized; something reached differently on a phone (through the navigation
 * panel, say) is opened and checked per width with `expectNoAccessibilityViolations`. The page stays at the last width.
 */
export async function expectNoAccessibilityViolationsAtEveryWidth(
  page: Page,
  check: AccessibilityCheck,
  viewports: readonly AccessibilityViewport[] = ACCESSIBILITY_VIEWPORTS,
): Promise<void> {
  await checkEach(viewports, async (viewport) => {
    const current = page.viewportSize();
    if (current?.width !== viewport.width || current.height !== viewport.height) await page.setViewportSize(viewport);
    await layoutSettled(page);
    await expectNoAccessibilityViolations(page, { ...check, label: `${check.label} at ${viewport.width}x${viewport.height}` });
  });
}

/** Loads `url` at the first width and in the first theme, where each check of a page starts. */
export async function loadForAccessibilityCheck(
  page: Page,
  url: string,
  viewport: AccessibilityViewport = ACCESSIBILITY_VIEWPORTS[0],
): Promise<void> {
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: ACCESSIBILITY_THEMES[0] });
  await page.goto(url);
}

/** Waits until an overlay (dialog, popover) is open and its content loaded: no skeleton or spinner left in the portal. */
export async function overlayLoaded(overlay: Locator): Promise<void> {
  await overlay.waitFor();
  await overlay.page().waitForFunction(() => !document.querySelector('.bp6-portal .bp6-skeleton, .bp6-portal .bp6-spinner'));
}

/**
 * Checks the page as loaded (or the dialog as open) in every theme of `ACCESSIBILITY_THEMES`, each at every width, by
 * switching the system theme and resizing instead of loading it again; throws one error naming each theme and width
 * that failed. The page stays in the last theme, at the last width.
 */
export async function expectNoAccessibilityViolationsInEveryTheme(
  page: Page,
  check: AccessibilityCheck,
  viewports: readonly AccessibilityViewport[] = ACCESSIBILITY_VIEWPORTS,
): Promise<void> {
  await checkEach(ACCESSIBILITY_THEMES, async (theme) => {
    await showSystemTheme(page, theme);
    await expectNoAccessibilityViolationsAtEveryWidth(page, { ...check, label: `${check.label} (${theme})` }, viewports);
  });
}

/** Where Blueprint draws dialogs and popovers: a dialog's check covers these, not the page behind it. */
export const OVERLAY_PARTS = ['.bp6-portal'];

/** One check of an accessibility suite: a page, or the dialog `open` opens on it. */
export interface PageAccessibilityCheck {
  label: string;
  url: string;
  /** Resolves once the page has drawn everything the check is about. */
  ready: (page: Page) => Promise<unknown>;
  /** Opens a dialog and answers it; the dialog is then checked instead of the page. */
  open?: (page: Page) => Promise<Locator>;
}

/**
 * Loads the page once at the first width and theme, opens its dialog if it has one (from the wide layout, where every
 * row button is in view), and checks the dialog or the page in every theme at every width.
 */
export async function expectAccessibleInEveryTheme(page: Page, check: PageAccessibilityCheck): Promise<void> {
  await loadForAccessibilityCheck(page, check.url);
  await check.ready(page);
  const dialog = await check.open?.(page);
  if (dialog) await overlayLoaded(dialog);
  await expectNoAccessibilityViolationsInEveryTheme(page, { label: check.label, include: dialog ? OVERLAY_PARTS : undefined });
}
