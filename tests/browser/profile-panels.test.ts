import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { ACCESSIBILITY_THEMES, expectNoAccessibilityViolationsInEveryTheme, showSystemTheme } from '../../core/plugin-api/testing/accessibility';
import { signInBrowserContext } from '../../core/plugin-api/testing/browser-auth';
import { browserSuite, quietWorkspace, unexpectedConsoleErrors } from '../../core/plugin-api/testing/browser-suite';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';

const DIGEST_SWITCH = 'Daily notices digest';

/** The profile's card of one workspace, found by its heading. */
const workspaceCard = (page: Page, name: string) => page.locator('.account-card', { has: page.getByRole('heading', { name, level: 2 }) });
const digestSwitch = (page: Page, workspaceName: string) =>
  workspaceCard(page, workspaceName).getByRole('region', { name: 'Notices' }).getByRole('switch', { name: DIGEST_SWITCH });
/** Clicks the switch's label, as a person does: Blueprint hides the checkbox itself. */
const flipDigestSwitch = (page: Page, workspaceName: string) => digestSwitch(page, workspaceName).locator('xpath=..').click();
const toast = (page: Page) => page.locator('.bp6-toast');

describe('browser: the panels plugins add to the profile page', function () {
  this.timeout(120_000);
  const browser = browserSuite();
  const baseUrl = () => sharedHost().baseUrl;

  async function signedInWithTwoWorkspaces() {
    const session = await browser.open();
    const signedIn = await signInBrowserContext(session.context, baseUrl(), 'profile-panels');
    const firm = await quietWorkspace(signedIn, 'Kapoor Tax Advisors');
    const other = await quietWorkspace(signedIn, 'Mehta Compliance');
    const subscriptionIn = async (workspaceId: string) =>
      (
        (await (await session.context.request.get(`${baseUrl()}/axal/api/v1/notices/digest-subscription?workspaceId=${workspaceId}`)).json()) as {
          data: { subscribed: boolean };
        }
      ).data.subscribed;
    return { session, page: session.page, signedIn, firm, other, subscriptionIn };
  }

  it('shows one card per workspace with its plugins’ panels; the digest switch saves at once, for that workspace only', async () => {
    const { session, page, signedIn, firm, other, subscriptionIn } = await signedInWithTwoWorkspaces();
    await page.goto(`${baseUrl()}/axal/profile`);
    await digestSwitch(page, firm.name).waitFor();
    await digestSwitch(page, other.name).waitFor();
    expect(await digestSwitch(page, firm.name).isChecked()).to.equal(false);
    const help = await digestSwitch(page, firm.name).getAttribute('aria-describedby');
    expect(await page.locator(`#${help}`).textContent()).to.match(/^An email every morning at 7:30 \(IST\) with the notices that are new/);

    await flipDigestSwitch(page, firm.name);
    await toast(page).getByText(`You will get the daily notices digest of ${firm.name}.`).waitFor();
    expect(await digestSwitch(page, firm.name).isChecked()).to.equal(true);
    expect(await subscriptionIn(firm.externalId)).to.equal(true);
    expect(await subscriptionIn(other.externalId)).to.equal(false);
    await session.screenshot('profile-panels-digest-on');

    await page.reload();
    await digestSwitch(page, other.name).waitFor();
    expect(await digestSwitch(page, firm.name).isChecked()).to.equal(true);
    expect(await digestSwitch(page, other.name).isChecked()).to.equal(false);

    // A workspace where no enabled plugin offers a panel has no card.
    await signedIn.api(`/workspaces/${other.externalId}/plugins/notices`, { enabled: false }, 'put');
    await page.reload();
    await digestSwitch(page, firm.name).waitFor();
    expect(await workspaceCard(page, other.name).count()).to.equal(0);
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it('keeps the keyboard focus on the digest switch while it saves, and ignores flips until the save is done', async () => {
    const { session, page, firm } = await signedInWithTwoWorkspaces();
    let releaseSave!: () => void;
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
    let saves = 0;
    await page.route('**/axal/api/v1/notices/digest-subscription**', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      saves += 1;
      await saveHeld;
      return route.continue();
    });
    await page.goto(`${baseUrl()}/axal/profile`);
    const digest = digestSwitch(page, firm.name);
    await digest.focus();
    await page.keyboard.press('Space');
    await page.locator('[role="switch"][aria-busy="true"]').waitFor();
    expect(await digest.getAttribute('aria-disabled')).to.equal('true');
    expect(await digest.isChecked()).to.equal(true);
    expect(await digest.evaluate((element) => element === document.activeElement), 'the focus stays on the switch while saving').to.equal(true);
    // A second flip while the first is saved does nothing.
    await page.keyboard.press('Space');
    expect(await digest.isChecked()).to.equal(true);

    releaseSave();
    await toast(page).getByText(`You will get the daily notices digest of ${firm.name}.`).waitFor();
    expect(await digest.getAttribute('aria-disabled')).to.equal(null);
    expect(await digest.evaluate((element) => element === document.activeElement), 'the focus is still on the switch').to.equal(true);
    expect(saves).to.equal(1);
    expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
  });

  it('puts the switch back and says so when the choice cannot be saved', async () => {
    const { session, page, firm, subscriptionIn } = await signedInWithTwoWorkspaces();
    await page.route('**/axal/api/v1/notices/digest-subscription**', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Service unavailable' }) })
        : route.continue(),
    );
    await page.goto(`${baseUrl()}/axal/profile`);
    await flipDigestSwitch(page, firm.name);
    await toast(page).getByText('Digest setting not saved').waitFor();
    expect(await digestSwitch(page, firm.name).isChecked()).to.equal(false);
    expect(await subscriptionIn(firm.externalId)).to.equal(false);
    expect(unexpectedConsoleErrors(session, [503])).to.deep.equal([]);
  });

  it('passes the accessibility check with the panels shown, in every theme', async () => {
    const { session, page, firm } = await signedInWithTwoWorkspaces();
    await page.goto(`${baseUrl()}/axal/profile`);
    await digestSwitch(page, firm.name).waitFor();
    await expectNoAccessibilityViolationsInEveryTheme(page, { label: 'profile with plugin panels' });
    for (const theme of ACCESSIBILITY_THEMES) {
      await showSystemTheme(page, theme);
      await session.screenshot(`profile-panels-${theme}`);
    }
  });
});
