import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { openPage, type BrowserSession } from '../../core/plugin-api/testing/browser';
import { signInBrowserContext } from '../../core/plugin-api/testing/browser-auth';
import {
  browserSuite,
  quietWorkspace,
  settledScreenshot,
  sidebarNav,
  unexpectedConsoleErrors,
  type SignedIn,
} from '../../core/plugin-api/testing/browser-suite';
import { uniqueEmail } from '../../core/plugin-api/testing/http';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';

const toast = (page: Page, text: string | RegExp) => page.locator('.bp6-toast').filter({ hasText: text });
const pluginSwitch = (page: Page, name: string) => page.getByRole('switch', { name });
/** Clicks the switch's label, as a person does: Blueprint draws the switch over its (hidden) input. */
const flipPluginSwitch = (page: Page, name: string) => pluginSwitch(page, name).locator('xpath=..').click();

/** Signs a user up in a context of its own, for being added to a workspace by email. */
async function anotherUser(browser: Browser, label: string): Promise<{ session: BrowserSession; signedIn: SignedIn }> {
  const session = await openPage(browser);
  return { session, signedIn: await signInBrowserContext(session.context, sharedHost().baseUrl, label) };
}

describe('browser: workspace settings', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  const baseUrl = () => sharedHost().baseUrl;

  for (const colorScheme of ['light', 'dark'] as const) {
    describe(`as an owner, with the system theme ${colorScheme}`, () => {
      let session: BrowserSession;
      let signedIn: SignedIn;
      let workspaceId: string;
      const settingsUrl = (tab = '') => `${baseUrl()}/axal/w/${workspaceId}/settings${tab}`;

      before(async () => {
        session = await openPage(suite.browser(), { colorScheme });
        signedIn = await signInBrowserContext(session.context, baseUrl());
        workspaceId = (await quietWorkspace(signedIn, `Kapoor Associates ${colorScheme}`)).externalId;
      });

      after(async () => {
        await session?.close();
      });

      beforeEach(() => {
        // The journeys share one page; each answers for its own console.
        session.consoleErrors.length = 0;
      });

      it("renames the workspace with the spec's messages shown inline, and the sidebar follows", async () => {
        const { page } = session;
        await page.goto(settingsUrl());
        const nameField = page.getByRole('textbox', { name: 'Workspace name' });
        expect(await nameField.inputValue()).to.equal(`Kapoor Associates ${colorScheme}`);
        expect(await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'General' }).getAttribute('aria-current')).to.equal(
          'page',
        );
        const save = page.getByRole('button', { name: 'Save' });

        await nameField.fill('ab');
        await page.getByText('Workspace name must be at least 3 characters', { exact: true }).waitFor();
        expect(await save.isDisabled()).to.equal(true);
        await nameField.fill('Kapoor & Sons');
        await page.getByText('Workspace name can only contain letters, numbers, spaces, and hyphens').waitFor();
        await nameField.fill('x'.repeat(51));
        await page.getByText('Workspace name must be less than 50 characters').waitFor();
        await nameField.fill('  a  ');
        await page.getByText('Workspace name must be at least 3 characters after trimming').waitFor();

        await nameField.fill(`Kapoor and Sons ${colorScheme}`);
        await save.click();
        await toast(page, 'Workspace renamed').waitFor();
        await page
          .getByRole('button', { name: /switch workspace/ })
          .getByText(`Kapoor and Sons ${colorScheme}`)
          .waitFor();
        await settledScreenshot(session, `settings-general-${colorScheme}`);
        expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
      });

      it('switches a plugin off and on: the sidebar entry goes and comes back, its address explains it is off', async () => {
        const { page } = session;
        await page.goto(settingsUrl('/plugins'));
        const gate = pluginSwitch(page, 'Gate Fixture');
        expect(await gate.isChecked()).to.equal(true);
        await sidebarNav(page).getByRole('link', { name: 'Gate Fixture' }).waitFor();
        await page.getByRole('group', { name: 'Fixture Dependent' }).getByText('Requires: Gate Fixture').waitFor();
        await page.getByRole('group', { name: 'Invoices' }).getByText('Demo', { exact: true }).waitFor();
        await page.getByRole('group', { name: 'Gate Fixture' }).getByText('v1.0.0').waitFor();
        await settledScreenshot(session, `settings-plugins-${colorScheme}`);

        await flipPluginSwitch(page, 'Gate Fixture');
        await toast(page, 'Gate Fixture is now disabled for this workspace.').waitFor();
        await sidebarNav(page).getByRole('link', { name: 'Gate Fixture' }).waitFor({ state: 'detached' });
        expect(await gate.isChecked()).to.equal(false);

        await page.goto(`${baseUrl()}/axal/w/${workspaceId}/gate-fixture`);
        await page.getByText('Gate Fixture is not enabled for this workspace').waitFor();
        await page.getByRole('button', { name: 'Open plugin settings' }).click();
        await page.waitForURL(settingsUrl('/plugins'));
        await flipPluginSwitch(page, 'Gate Fixture');
        await toast(page, 'Gate Fixture is now enabled for this workspace.').waitFor();
        await sidebarNav(page).getByRole('link', { name: 'Gate Fixture' }).click();
        await page.getByRole('heading', { name: 'Gate Fixture notes' }).waitFor();
        expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
      });

      it('adds an existing user, records an invitation for an unknown email, changes a role and removes the member', async () => {
        const { page } = session;
        const colleague = await anotherUser(suite.browser(), 'colleague');
        const newcomer = uniqueEmail('newcomer');
        try {
          await page.goto(settingsUrl('/members'));
          const email = page.getByRole('textbox', { name: 'Email address' });
          await email.fill('not-an-email');
          await page.getByRole('button', { name: 'Invite' }).click();
          await page.getByText('Please enter a valid email address').waitFor();

          await email.fill(colleague.signedIn.email);
          await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('EMPLOYEE');
          await page.getByRole('button', { name: 'Invite' }).click();
          await toast(page, 'Member added').waitFor();
          const members = page.getByRole('list', { name: 'Members' });
          await members.getByText(colleague.signedIn.email).waitFor();

          await email.fill(newcomer);
          await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('CLIENT');
          await page.getByRole('button', { name: 'Invite' }).click();
          await toast(page, 'Invitation recorded').waitFor();
          await page.getByRole('list', { name: 'Pending invitations' }).getByText(newcomer).waitFor();

          await email.fill(colleague.signedIn.email);
          await page.getByRole('button', { name: 'Invite' }).click();
          await toast(page, 'This user is already a member of this workspace').waitFor();

          await members.getByRole('combobox', { name: 'Role of Browser Tester' }).selectOption('ADMIN');
          await toast(page, 'Browser Tester is now Admin.').waitFor();
          await settledScreenshot(session, `settings-members-${colorScheme}`);

          await page.getByRole('button', { name: /^Leave / }).click();
          await page.getByRole('alertdialog').getByRole('button', { name: 'Leave workspace' }).click();
          await toast(page, 'A workspace must keep at least one owner: the last owner cannot be demoted or removed').waitFor();

          await members.getByRole('button', { name: 'Remove Browser Tester' }).click();
          await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
          await toast(page, 'Member removed').waitFor();
          await members.getByText(colleague.signedIn.email).waitFor({ state: 'detached' });

          await page.getByRole('button', { name: `Revoke the invitation for ${newcomer}` }).click();
          await toast(page, 'Invitation revoked').waitFor();
          await page.getByText('No pending invitations.').waitFor();
          // The duplicate invitation (409) and the last owner's leaving (409) are refused by the server on purpose.
          expect(unexpectedConsoleErrors(session, [409])).to.deep.equal([]);
        } finally {
          await colleague.session.close();
        }
      });

      it('shows the owner the danger zone, whose dialog asks for the exact name', async () => {
        const { page } = session;
        await page.goto(settingsUrl('/danger'));
        await page.getByText('This cannot be undone.', { exact: false }).waitFor();
        await settledScreenshot(session, `settings-danger-${colorScheme}`);
        const { name } = (await (await session.context.request.get(`${baseUrl()}/axal/api/v1/workspaces/${workspaceId}`)).json()) as { name: string };
        await page.getByRole('button', { name: 'Delete Workspace' }).click();
        const dialog = page.getByRole('dialog', { name: 'Delete Workspace' });
        await dialog.locator('code').getByText(name, { exact: true }).waitFor();
        expect(await dialog.getByRole('button', { name: 'Delete Workspace' }).isDisabled()).to.equal(true);
        await settledScreenshot(session, `settings-delete-dialog-${colorScheme}`);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
        expect(unexpectedConsoleErrors(session)).to.deep.equal([]);
      });
    });
  }

  describe('as an owner', () => {
    let session: BrowserSession;
    let signedIn: SignedIn;
    let workspaceId: string;

    beforeEach(async () => {
      session = await openPage(suite.browser());
      signedIn = await signInBrowserContext(session.context, baseUrl());
      workspaceId = (await quietWorkspace(signedIn, 'Desai Tax Advisors')).externalId;
    });

    afterEach(async () => {
      await session?.close();
    });

    it("shows the server's 409 when a plugin another one requires is switched off, and the switch stays on", async () => {
      const { page } = session;
      await page.goto(`${baseUrl()}/axal/w/${workspaceId}/settings/plugins`);
      await flipPluginSwitch(page, 'Fixture Dependent');
      await toast(page, 'Fixture Dependent is now enabled for this workspace.').waitFor();

      await flipPluginSwitch(page, 'Gate Fixture');
      await toast(page, 'The Gate Fixture plugin is required by the Fixture Dependent plugin. Disable Fixture Dependent first.').waitFor();
      await page.waitForFunction(() => !document.querySelector('[role="switch"]:disabled'));
      expect(await pluginSwitch(page, 'Gate Fixture').isChecked()).to.equal(true);
      await sidebarNav(page).getByRole('link', { name: 'Gate Fixture' }).waitFor();
      await settledScreenshot(session, 'settings-plugins-conflict');
      expect(unexpectedConsoleErrors(session, [409])).to.deep.equal([]);
    });

    it('deletes the workspace only after its exact name is typed, then lands on the deleted page', async () => {
      const { page } = session;
      const member = await anotherUser(suite.browser(), 'notified');
      try {
        await signedIn.api(`/workspaces/${workspaceId}/members`, { email: member.signedIn.email, role: 'EMPLOYEE' });
      } finally {
        await member.session.close();
      }
      await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
      await page.goto(`${baseUrl()}/axal/w/${workspaceId}/settings`);
      await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Danger zone' }).click();
      await page.getByRole('button', { name: 'Delete Workspace' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Workspace' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Copy' }).click();
      await dialog.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal('Desai Tax Advisors');

      const confirm = dialog.getByRole('button', { name: 'Delete Workspace' });
      const typed = dialog.getByRole('textbox', { name: 'Type to confirm' });
      await typed.fill('Desai Tax');
      expect(await confirm.isDisabled()).to.equal(true);
      await typed.fill('desai tax advisors');
      await dialog.getByText('Please type the workspace name exactly as shown').waitFor();
      expect(await confirm.isDisabled()).to.equal(true);
      await settledScreenshot(session, 'settings-delete-mismatch');

      // Renamed meanwhile by someone else: the name this page shows no longer confirms anything.
      await signedIn.api(`/workspaces/${workspaceId}`, { name: 'Desai and Co' }, 'patch');
      await typed.fill('Desai Tax Advisors');
      await confirm.click();
      await toast(page, 'Deletion failed').filter({ hasText: 'Invalid confirmation' }).waitFor();

      await page.reload();
      await page.getByRole('button', { name: 'Delete Workspace' }).click();
      await dialog.getByRole('textbox', { name: 'Type to confirm' }).fill('Desai and Co');
      await confirm.click();
      await toast(page, 'Workspace deleted successfully...').filter({ hasText: '1 member has been notified' }).waitFor();
      await page.waitForURL(`${baseUrl()}/axal/workspace-deleted`);
      const gone = await session.context.request.get(`${baseUrl()}/axal/api/v1/workspaces/${workspaceId}`);
      expect(gone.status()).to.equal(404);
      expect(unexpectedConsoleErrors(session, [400])).to.deep.equal([]);
    });
  });

  describe('as an employee', () => {
    it('sees every settings tab read-only and no danger zone', async () => {
      const owner = await openPage(suite.browser());
      const employee = await anotherUser(suite.browser(), 'employee');
      try {
        const ownerSignedIn = await signInBrowserContext(owner.context, baseUrl(), 'owner');
        const workspaceId = (await quietWorkspace(ownerSignedIn, 'Iyer Compliance')).externalId;
        await ownerSignedIn.api(`/workspaces/${workspaceId}/members`, { email: employee.signedIn.email, role: 'EMPLOYEE' });
        const { page } = employee.session;
        const settingsUrl = `${baseUrl()}/axal/w/${workspaceId}/settings`;

        await page.goto(settingsUrl);
        const name = page.getByRole('textbox', { name: 'Workspace name' });
        expect(await name.getAttribute('readonly')).to.not.equal(null);
        await page.getByText('Only owners and admins can rename this workspace.').waitFor();
        expect(await page.getByRole('button', { name: 'Save' }).count()).to.equal(0);
        const settingsNav = page.getByRole('navigation', { name: 'Settings' });
        expect(await settingsNav.getByRole('link').allTextContents()).to.deep.equal(['General', 'Members', 'Plugins']);

        await settingsNav.getByRole('link', { name: 'Members' }).click();
        const members = page.getByRole('list', { name: 'Members' });
        await members.getByText(employee.signedIn.email).waitFor();
        expect(await page.getByRole('textbox', { name: 'Email address' }).count()).to.equal(0);
        expect(await members.getByRole('combobox').count()).to.equal(0);
        expect(await members.getByRole('button', { name: /^Remove/ }).count()).to.equal(0);
        await members.getByRole('button', { name: 'Leave Iyer Compliance' }).waitFor();
        expect(await page.getByRole('list', { name: 'Pending invitations' }).count()).to.equal(0);
        await settledScreenshot(employee.session, 'settings-employee-members');

        await settingsNav.getByRole('link', { name: 'Plugins' }).click();
        await page.getByText('Only owners and admins can switch plugins on or off.').waitFor();
        expect(await pluginSwitch(page, 'Gate Fixture').isDisabled()).to.equal(true);
        await settledScreenshot(employee.session, 'settings-employee-plugins');

        await page.goto(`${settingsUrl}/danger`);
        await page.getByText('Only the workspace owner can delete this workspace.').waitFor();
        expect(await page.getByRole('button', { name: 'Delete Workspace' }).count()).to.equal(0);
        expect(unexpectedConsoleErrors(employee.session)).to.deep.equal([]);
      } finally {
        await owner.close();
        await employee.session.close();
      }
    });
  });
});
