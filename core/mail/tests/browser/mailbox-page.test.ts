import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { TOKENS } from '../../../platform/tokens';
import { launchBrowser, openPage, type BrowserSession } from '../../../plugin-api/testing/browser';
import { uniqueEmail } from '../../../plugin-api/testing/http';
import { latestMailTo } from '../../../plugin-api/testing/mailbox';
import { sharedHost } from '../../../plugin-api/testing/root-hooks';
import type { Mailer } from '../../mailer';
import { composeEmail } from '../../templates';

const PHONE_WIDTH = 360;

/** Wider content than the viewport would make the reader scroll sideways. */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

// The mailbox is plain server-made HTML: this suite needs a browser but not the web app's build.
describe('browser: development mailbox', function () {
  this.timeout(60_000);
  let browser: Browser;
  const sessions: BrowserSession[] = [];
  before(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((session) => session.close()));
  });
  after(async () => {
    await browser?.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`${colorScheme}: list, open a message, follow its link, at 360 px`, async () => {
      const base = sharedHost().baseUrl;
      const to = uniqueEmail(`mailbox-${colorScheme}`);
      const link = `${base}/axal/dev/mailbox?token=tok_${colorScheme}`;
      const subject = `Verify your email address (${colorScheme})`;
      await sharedHost()
        .host.container.get<Mailer>(TOKENS.Mailer)
        .send({
          to,
          ...composeEmail({
            subject,
            greeting: 'Hello Asha,',
            paragraphs: ['Please confirm your address.'],
            action: { label: 'Verify email address', url: link },
            closing: 'Ignore this if it was not you.',
          }),
        });
      await latestMailTo(to);

      const session = await openPage(browser, { colorScheme });
      sessions.push(session);
      const { page } = session;
      await page.setViewportSize({ width: PHONE_WIDTH, height: 760 });
      await page.goto(`${base}/axal/dev/mailbox`);
      await page.getByRole('heading', { level: 1, name: 'Mailbox' }).waitFor();
      await page.getByLabel('Recipient').fill(to);
      await page.getByRole('button', { name: 'Show' }).click();
      await page.getByRole('heading', { level: 2, name: `1 message to ${to}` }).waitFor();
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).to.equal(colorScheme === 'dark' ? 'rgb(28, 33, 39)' : 'rgb(246, 247, 249)');
      expect(await overflowsSideways(page), 'list scrolls sideways').to.equal(false);
      await session.screenshot(`mailbox-list-${colorScheme}`);

      await page.getByRole('link', { name: subject }).click();
      await page.getByRole('heading', { level: 1, name: subject }).waitFor();
      const links = page.getByRole('region', { name: 'Links' });
      await links.getByRole('link', { name: link }).waitFor();
      await page.getByRole('region', { name: 'Text' }).getByRole('link', { name: link }).waitFor();
      const htmlVersion = page.locator('iframe[title="HTML version of the message"]');
      await page.frameLocator('iframe[title="HTML version of the message"]').getByRole('link', { name: 'Verify email address' }).waitFor();
      expect(await overflowsSideways(page), 'message scrolls sideways').to.equal(false);
      // The sandboxed frame paints once it has been on screen.
      await htmlVersion.scrollIntoViewIfNeeded();
      await session.screenshot(`mailbox-message-${colorScheme}`);

      await links.getByRole('link', { name: link }).click();
      await page.waitForURL(link);
      expect(session.consoleErrors, 'console errors').to.deep.equal([]);
    });
  }
});
