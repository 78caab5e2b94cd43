import path from 'node:path';
import { expect } from 'chai';
import type { Page, Response } from 'playwright-core';
import siteContent from '../../shell/src/public/site-content';
import { SCREENSHOT_DIR, type BrowserSession } from '../../core/plugin-api/testing/browser';
import { browserSuite } from '../../core/plugin-api/testing/browser-suite';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';

/**
 * The landing page's own code, on top of what every page of the shell loads (React, the router, the federation
 * runtime). The whole page's budget is watched by `npm run bench:web` (bench/README.md).
 */
const LANDING_CODE_BUDGET_BYTES = 8 * 1024;

/** Text found only in the app areas' libraries (Blueprint's stylesheet and toaster, ECharts, TanStack Query). */
const APP_AREA_MARKERS = [
  { library: 'Blueprint CSS', marker: '.bp6-button' },
  { library: 'Blueprint', marker: 'OverlayToaster' },
  { library: 'ECharts', marker: 'echarts' },
  { library: 'TanStack Query', marker: 'No QueryClient set' },
];

const INFO_PAGES = [
  { path: '/about', heading: 'About Axal Practice', phrase: 'Why we started' },
  { path: '/contact', heading: 'Talk to the Axal Practice team', phrase: 'Schedule a demo' },
  { path: '/resources/contact-us', heading: 'Talk to the Axal Practice team', phrase: 'Privacy and grievances' },
  { path: '/blog', heading: 'Notes from the practice', phrase: 'ASMT-10' },
  { path: '/terms', heading: 'Terms of Service', phrase: 'Every plan starts with a 14-day free trial' },
  { path: '/resources/terms-and-conditions', heading: 'Terms of Service', phrase: 'courts at Bengaluru' },
  { path: '/privacy', heading: 'Privacy Policy', phrase: 'Digital Personal Data Protection Act, 2023' },
  { path: '/resources/privacy-policy', heading: 'Privacy Policy', phrase: 'AES-256-GCM' },
];

describe('browser: public site', function () {
  this.timeout(60_000);
  const browser = browserSuite();
  const url = (path: string) => `${sharedHost().baseUrl}${path}`;

  async function visit(path: string, options: { colorScheme?: 'light' | 'dark'; width?: number } = {}): Promise<BrowserSession> {
    const session = await browser.open({ colorScheme: options.colorScheme });
    if (options.width) await session.page.setViewportSize({ width: options.width, height: 760 });
    await session.page.goto(url(path));
    return session;
  }

  const expectCleanConsole = (session: BrowserSession) => expect(session.consoleErrors, 'console errors').to.deep.equal([]);
  const pricingCaptions = (page: Page) => page.locator('.plan-card__billing').allTextContents();

  it('landing: hero, features, stats, benefits, pricing, call to action and footer', async () => {
    const session = await visit('/axal');
    const { page } = session;
    await page.getByRole('heading', { level: 1, name: siteContent.hero.title }).waitFor();
    const hero = page.locator('.landing-hero');
    expect(await hero.getByRole('link', { name: 'Get Started' }).getAttribute('href')).to.equal('/axal/signup');
    expect(await hero.getByRole('link', { name: 'Login' }).getAttribute('href')).to.equal('/axal/login');

    const features = page.locator('#features');
    for (const feature of siteContent.features) await features.getByRole('heading', { name: feature.title }).waitFor();
    for (const stat of siteContent.stats) await page.getByText(stat.label, { exact: true }).waitFor();
    for (const claim of ['15+ hours', '95%', '30%', '98%']) await page.locator('#benefits').getByText(claim, { exact: true }).waitFor();

    const pricing = page.locator('#pricing');
    expect(await pricing.locator('.plan-card').count()).to.equal(3);
    for (const plan of siteContent.plans) await pricing.getByRole('heading', { name: plan.name }).waitFor();
    await pricing.getByText('Most Popular').waitFor();
    await pricing.getByText('Every plan includes a 14-day free trial', { exact: false }).waitFor();
    expect(await pricing.getByText("What's included").count()).to.equal(3);
    expect(await pricing.getByText('Limitations').count()).to.equal(3);
    expect(await pricing.getByRole('link', { name: 'Start free trial' }).first().getAttribute('href')).to.equal('/axal/signup');

    await page.getByRole('heading', { name: 'Start your 14-day free trial' }).waitFor();
    expect(await page.getByRole('link', { name: 'Schedule a demo' }).getAttribute('href')).to.equal('/contact#demo');

    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Blog', '/blog'],
      ['Terms', '/terms'],
      ['Privacy', '/privacy'],
    ]) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).to.equal(href);
    }
    expect(await footer.textContent()).to.include(`© ${new Date().getFullYear()} Axal Practice`);
    expect(await page.title()).to.equal('Axal Practice');
    await session.screenshot('public-landing-light');
    expectCleanConsole(session);
  });

  it('landing: the billing toggle switches between Annual (default, "Save 15%") and Monthly; prices stay blurred', async () => {
    const session = await visit('/axal#pricing');
    const { page } = session;
    const annual = page.getByRole('button', { name: /Annual/ });
    const monthly = page.getByRole('button', { name: 'Monthly' });
    expect(await annual.getAttribute('aria-pressed')).to.equal('true');
    expect(await annual.textContent()).to.include('Save 15%');
    expect(await pricingCaptions(page)).to.deep.equal(['Billed annually', 'Billed annually', 'Billed annually']);
    const annualPrices = await page.locator('.plan-card__amount').allTextContents();

    await monthly.click();
    expect(await monthly.getAttribute('aria-pressed')).to.equal('true');
    expect(await annual.getAttribute('aria-pressed')).to.equal('false');
    expect(await pricingCaptions(page)).to.deep.equal(['Billed monthly', 'Billed monthly', 'Billed monthly']);
    expect(await page.locator('.plan-card__amount').allTextContents()).not.to.deep.equal(annualPrices);

    const price = page.locator('.plan-card__amount').first();
    expect(await price.getAttribute('aria-hidden')).to.equal('true');
    expect(await price.evaluate((element) => getComputedStyle(element).filter)).to.match(/blur\(/);
    expect(await page.getByText('Contact us for pricing').count()).to.equal(3);
    await session.screenshot('public-pricing-monthly');

    await annual.press('Enter');
    expect(await pricingCaptions(page)).to.deep.equal(['Billed annually', 'Billed annually', 'Billed annually']);
    expectCleanConsole(session);
  });

  it('landing: the top bar turns translucent after 50 px of scrolling, and Features scrolls to its section', async () => {
    const session = await visit('/axal');
    const { page } = session;
    const header = page.locator('.site-header');
    await header.waitFor();
    expect(await header.getAttribute('data-scrolled')).to.equal('false');
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => document.querySelector('.site-header')?.getAttribute('data-scrolled') === 'true');
    // The background fades in; wait for the end of the transition, then expect it translucent and blurred.
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.site-header')!).backgroundColor === 'rgba(255, 255, 255, 0.78)');
    expect(await header.evaluate((element) => getComputedStyle(element).backdropFilter)).to.match(/blur\(/);
    // The viewport only: a full-page capture would show the bar at the top of the page, not over the content.
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'public-landing-scrolled.png') });

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => document.querySelector('.site-header')?.getAttribute('data-scrolled') === 'false');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features' }).click();
    await page.waitForURL(/\/axal#features$/);
    await page.waitForFunction(() => Math.abs(document.getElementById('features')!.getBoundingClientRect().top) < 5);
    expectCleanConsole(session);
  });

  it('landing: a narrow screen gets a menu button that opens and closes with the keyboard and Escape', async () => {
    const session = await visit('/axal', { width: 390 });
    const { page } = session;
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const pricingLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' });
    await menuButton.waitFor();
    expect(await pricingLink.isVisible()).to.equal(false);

    await menuButton.focus();
    await page.keyboard.press('Enter');
    const closeButton = page.getByRole('button', { name: 'Close menu' });
    expect(await closeButton.getAttribute('aria-expanded')).to.equal('true');
    await pricingLink.waitFor({ state: 'visible' });
    await session.screenshot('public-landing-mobile-menu');

    await page.keyboard.press('Escape');
    await pricingLink.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).to.equal('Open menu');

    await page.keyboard.press('Space');
    await pricingLink.click();
    await page.waitForURL(/\/axal#pricing$/);
    await pricingLink.waitFor({ state: 'hidden' });
    await session.screenshot('public-landing-mobile');
    expectCleanConsole(session);
  });

  it('landing: dark theme follows the system', async () => {
    const session = await visit('/axal', { colorScheme: 'dark' });
    const { page } = session;
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).to.equal(true);
    const colours = await page
      .locator('.site')
      .evaluate((element) => ({ background: getComputedStyle(element).backgroundColor, text: getComputedStyle(element).color }));
    expect(colours.background).to.equal('rgb(17, 20, 24)');
    expect(colours.text).to.equal('rgb(243, 245, 248)');
    await session.screenshot('public-landing-dark');
    expectCleanConsole(session);
  });

  it('landing: downloads none of the app areas (no Blueprint, ECharts or data libraries), and its own code stays small', async () => {
    const session = await browser.open();
    const downloads: Promise<{ type: string; url: string; gzippedBytes: number; body: string }>[] = [];
    session.page.on('response', (response: Response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      downloads.push(
        Promise.all([response.request().sizes(), response.text()]).then(([sizes, body]) => ({
          type,
          url: response.url(),
          gzippedBytes: sizes.responseBodySize,
          body,
        })),
      );
    });
    await session.page.goto(url('/axal'));
    await session.page.getByRole('heading', { level: 1 }).waitFor();
    await session.page.waitForLoadState('networkidle');
    const files = await Promise.all(downloads);

    for (const { library, marker } of APP_AREA_MARKERS) {
      expect(
        files.filter((file) => file.body.includes(marker)).map((file) => file.url),
        `${library} downloaded`,
      ).to.deep.equal([]);
    }
    const landingCode = files.filter((file) => file.type === 'script' && file.body.includes('landing-hero'));
    expect(landingCode).to.have.length(1);
    expect(landingCode[0].gzippedBytes, 'landing code, gzipped bytes').to.be.at.most(LANDING_CODE_BUDGET_BYTES);
    await session.screenshot('public-landing-loaded');
    expectCleanConsole(session);
  });

  describe('information pages', () => {
    for (const { path, heading, phrase } of INFO_PAGES) {
      it(`${path}: "${heading}" with real text, the top bar and the footer`, async () => {
        const session = await visit(path);
        const { page } = session;
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.getByText(phrase, { exact: false }).first().waitFor();
        const text = (await page.locator('main').textContent()) ?? '';
        expect(text.length).to.be.greaterThan(1200);
        expect(text.toLowerCase()).not.to.include('lorem');
        await page.getByRole('navigation', { name: 'Main' }).waitFor();
        await page.getByRole('contentinfo').getByText(`© ${new Date().getFullYear()} Axal Practice`).waitFor();
        expect(await page.title()).to.equal(`${heading} | Axal Practice`);
        if (!path.startsWith('/resources')) await session.screenshot(`public${path.replace('/', '-')}-light`);
        expectCleanConsole(session);
      });
    }

    it('the privacy policy in the dark theme, with its table of contents leading to a section', async () => {
      const session = await visit('/privacy', { colorScheme: 'dark' });
      const { page } = session;
      await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Your rights' }).click();
      await page.waitForURL(/\/privacy#rights$/);
      await page.waitForFunction(() => document.getElementById('rights')!.getBoundingClientRect().top < 200);
      await session.screenshot('public-privacy-dark');
      expectCleanConsole(session);
    });

    it('the contact page opens at the demo section from the call to action', async () => {
      const session = await visit('/axal');
      const { page } = session;
      await page.getByRole('link', { name: 'Schedule a demo' }).click();
      await page.waitForURL(/\/contact#demo$/);
      await page.getByRole('heading', { name: 'Schedule a demo' }).waitFor();
      expect(await page.getByRole('link', { name: 'Request a demo' }).getAttribute('href')).to.match(/^mailto:sales@/);
      await session.screenshot('public-contact-demo');
      expectCleanConsole(session);
    });
  });

  it('an unknown address shows the not-found page with a way back', async () => {
    const session = await visit('/axal/no-such-page');
    await session.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await session.page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).to.equal('/axal');
    await session.screenshot('public-not-found-light');
    expectCleanConsole(session);
  });
});
