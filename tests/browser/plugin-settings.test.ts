import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { openPage, type BrowserSession } from '../../core/plugin-api/testing/browser';
import { signInBrowserContext } from '../../core/plugin-api/testing/browser-auth';
import { joinByInvitation } from '../../core/plugin-api/testing/browser-invitations';
import { browserSuite, quietWorkspace, settledScreenshot, unexpectedConsoleErrors, type SignedIn } from '../../core/plugin-api/testing/browser-suite';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';

/** The fixture plugin with settings (`leadDays`: a whole number from 0 to 30, `simulateFailure`: none|throw|hang) and no web part. */
const EXAMPLE_PLUGIN = 'example-extensions';
const toast = (page: Page, text: string | RegExp) => page.locator('.bp6-toast').filter({ hasText: text });
const settingsForm = (page: Page) => page.getByRole('form', { name: 'Example Extensions settings' });
const daysAhead = (page: Page) => settingsForm(page).getByRole('spinbutton', { name: 'Days ahead' });

describe('browser: plugin settings', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  const baseUrl = () => sharedHost().baseUrl;

  async function ownerWithExamplePlugin(session: BrowserSession, name: string) {
    const signedIn = await signInBrowserContext(session.context, baseUrl(), 'plugin-settings');
    const workspaceId = (await quietWorkspace(signedIn, name)).externalId;
    await signedIn.api(`/workspaces/${workspaceId}/plugins/${EXAMPLE_PLUGIN}`, { enabled: true }, 'put');
    return { signedIn, workspaceId, settingsUrl: `${baseUrl()}/axal/w/${workspaceId}/settings/plugins` };
  }

  const savedSettings = async (session: BrowserSession, workspaceId: string) => {
    const response = await session.context.request.get(`${baseUrl()}/axal/api/v1/workspaces/${workspaceId}/plugins/${EXAMPLE_PLUGIN}/settings`);
    return ((await response.json()) as { values: Record<string, unknown> }).values;
  };

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`saves a setting from the generated form with the keyboard and shows the server's message under a refused value (${colorScheme})`, async () => {
      const session = await suite.open({ colorScheme });
      const { workspaceId, settingsUrl } = await ownerWithExamplePlugin(session, `Settings Firm ${colorScheme}`);
      const { page } = session;
      await page.goto(settingsUrl);

      const days = daysAhead(page);
      expect(await days.inputValue()).to.equal('1');
      await settingsForm(page)
        .getByText('How many days before a reminder falls due the daily notice goes out. A whole number from 0 to 30.')
        .waitFor();
      expect(await settingsForm(page).getByRole('combobox', { name: 'Simulated failure' }).inputValue()).to.equal('none');
      const save = settingsForm(page).getByRole('button', { name: 'Save' });
      expect(await save.isDisabled()).to.equal(true);
      // Plugins without settings (documents, the gate fixture) get no section; notices has its own (the portal sync).
      expect(await page.getByRole('form').count()).to.equal(2);
      await page.getByRole('form', { name: 'Notices settings' }).waitFor();
      await settledScreenshot(session, `plugin-settings-${colorScheme}`);

      await days.focus();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('5');
      expect(await save.isDisabled()).to.equal(false);
      await page.keyboard.press('Enter');
      await toast(page, 'Settings saved').waitFor();
      await page.waitForFunction(() =>
        document.querySelector('form[aria-label="Example Extensions settings"] button[type="submit"]')?.hasAttribute('disabled'),
      );
      expect(await savedSettings(session, workspaceId)).to.deep.equal({ leadDays: 5, simulateFailure: 'none' });

      await page.reload();
      expect(await daysAhead(page).inputValue()).to.equal('5');
      await daysAhead(page).fill('45');
      await page.keyboard.press('Enter');
      const problem = settingsForm(page).getByRole('alert');
      await problem.waitFor();
      expect(await problem.textContent()).to.match(/30/);
      expect(await daysAhead(page).getAttribute('aria-invalid')).to.equal('true');
      expect(await daysAhead(page).getAttribute('aria-describedby')).to.equal(await problem.getAttribute('id'));
      await settledScreenshot(session, `plugin-settings-refused-${colorScheme}`);
      expect(await savedSettings(session, workspaceId)).to.deep.equal({ leadDays: 5, simulateFailure: 'none' });

      // Changing the field clears its message; Discard goes back to what is saved.
      await daysAhead(page).fill('4');
      await problem.waitFor({ state: 'detached' });
      await settingsForm(page).getByRole('button', { name: 'Discard changes' }).click();
      expect(await daysAhead(page).inputValue()).to.equal('5');
      expect(await save.isDisabled()).to.equal(true);
      expect(unexpectedConsoleErrors(session, [400])).to.deep.equal([]);
    });
  }

  it('fits a 360 px wide screen', async () => {
    const session = await suite.open();
    const { settingsUrl } = await ownerWithExamplePlugin(session, 'Narrow Settings Firm');
    const { page } = session;
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(settingsUrl);
    await settingsForm(page).getByRole('combobox', { name: 'Simulated failure' }).selectOption('throw');
    await settingsForm(page).getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Settings saved').waitFor();
    const form = (await settingsForm(page).boundingBox())!;
    expect(form.x + form.width).to.be.at.most(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(360);
    await settledScreenshot(session, 'plugin-settings-narrow');
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it('shows no plugin settings to an employee, and asks the server for none', async () => {
    const owner = await suite.open();
    const { signedIn: ownerSignedIn, workspaceId, settingsUrl } = await ownerWithExamplePlugin(owner, 'Employee Settings Firm');
    const employee = await openPage(suite.browser());
    try {
      const employeeSignedIn: SignedIn = await signInBrowserContext(employee.context, baseUrl(), 'employee');
      await joinByInvitation(baseUrl(), { owner: ownerSignedIn, workspaceId, member: employeeSignedIn, role: 'EMPLOYEE' });
      await employee.page.goto(settingsUrl);
      await employee.page.getByText('Only owners and admins can switch plugins on or off.').waitFor();
      await employee.page.getByRole('group', { name: 'Example Extensions' }).waitFor();
      expect(await settingsForm(employee.page).count()).to.equal(0);
      expect(employee.requests.filter((url) => url.endsWith(`/plugins/${EXAMPLE_PLUGIN}/settings`))).to.deep.equal([]);
      expect(unexpectedConsoleErrors(employee)).to.deep.equal([]);
    } finally {
      await employee.close();
    }
  });
});
