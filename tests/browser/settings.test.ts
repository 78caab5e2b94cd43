import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { openPage, type BrowserSession } from '../../core/plugin-api/testing/browser';
import { signInBrowserContext } from '../../core/plugin-api/testing/browser-auth';
import { joinByInvitation } from '../../core/plugin-api/testing/browser-invitations';
import {
  browserSuite,
  quietWorkspace,
  settledScreenshot,
  sidebarNav,
  unexpectedConsoleErrors,
  type SignedIn,
} from '../../core/plugin-api/testing/browser-suite';
import { uniqueEmail } from '../../core/plugin-api/testing/http';
import { latestMailTo, tokenIn } from '../../core/plugin-api/testing/mailbox';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';
import { db } from '../../core/workspaces/tests/support';

const toast = (page: Page, text: string | RegExp) => page.locator('.bp6-toast').filter({ hasText: text });
const pluginSwitch = (page: Page, name: string) => page.getByRole('switch', { name });
/** Clicks the switch's label, as a person does: Blueprint draws the switch over its (hidden) input. */
const flipPluginSwitch = (page: Page, name: string) => pluginSwitch(page, name).locator('xpath=..').click();

let clientSequence = 0;

/** An individual client of the workspace, for choosing whom a client member stands for. */
async function individualClient(owner: SignedIn, workspaceId: string, name: string): Promise<void> {
  clientSequence += 1;
  const serial = String(clientSequence).padStart(4, '0');
  await owner.api('/clients', {
    workspaceExternalId: workspaceId,
    clientType: 'INDIVIDUAL',
    name,
    email: uniqueEmail('member-client'),
    phone: '9845012345',
    panNumber: `AAAPM${serial}K`,
    residentialAddress: '7/3, Temple Street, Madurai - 625001',
    aadhaarNumber: `23456789${serial}`,
  });
}

/** Signs a user up in a context of its own, for being invited to a workspace by email. */
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

      it('invites by email (a client member with their clients), resends and revokes invitations, and manages whoever accepted', async () => {
        const { page } = session;
        const colleague = await anotherUser(suite.browser(), 'colleague');
        const newcomer = uniqueEmail('newcomer');
        await Promise.all([individualClient(signedIn, workspaceId, 'Meera Iyer'), individualClient(signedIn, workspaceId, 'Farhan Qureshi')]);
        try {
          await page.goto(settingsUrl('/members'));
          const email = page.getByRole('textbox', { name: 'Email address' });
          const role = page.getByRole('combobox', { name: 'Role', exact: true });
          await email.fill('not-an-email');
          await page.getByRole('button', { name: 'Invite' }).click();
          await page.getByText('Please enter a valid email address').waitFor();

          // An account that exists already is invited like anyone else: nothing is granted until they accept.
          await email.fill(colleague.signedIn.email);
          await role.selectOption('CLIENT');
          const picker = page.getByRole('group', { name: 'Clients' });
          await picker.getByText('Meera Iyer', { exact: true }).click();
          await picker.getByText('1 client chosen').waitFor();
          await picker.getByRole('searchbox', { name: 'Search clients' }).fill('Farhan');
          await picker.getByText('Farhan Qureshi', { exact: true }).waitFor();
          expect(await picker.getByRole('checkbox').count(), 'the chosen client stays listed').to.equal(2);
          await settledScreenshot(session, `settings-invite-client-${colorScheme}`);
          await page.getByRole('button', { name: 'Invite' }).click();
          // Each toast names its address: the next invitation's toast may appear while this one is still leaving.
          await toast(page, 'Invitation sent').filter({ hasText: colleague.signedIn.email }).waitFor();
          const pending = page.getByRole('list', { name: 'Pending invitations' });
          const colleagueInvitation = pending.getByRole('listitem').filter({ hasText: colleague.signedIn.email });
          await colleagueInvitation.getByText('Clients: Meera Iyer').waitFor();
          await colleagueInvitation.getByText(/^Invited by Browser Tester · expires \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm) IST$/).waitFor();
          const members = page.getByRole('list', { name: 'Members' });
          expect(await members.getByText(colleague.signedIn.email).count()).to.equal(0);

          await email.fill(colleague.signedIn.email);
          await page.getByRole('button', { name: 'Invite' }).click();
          await toast(page, 'This email has already been invited to this workspace').waitFor();

          await email.fill(newcomer);
          await role.selectOption('EMPLOYEE');
          expect(await picker.count()).to.equal(0);
          await page.getByRole('button', { name: 'Invite' }).click();
          await toast(page, 'Invitation sent').filter({ hasText: newcomer }).waitFor();
          await pending.getByText(newcomer).waitFor();
          await page.getByRole('button', { name: `Resend the invitation for ${newcomer}` }).click();
          await toast(page, 'Invitation sent again').waitFor();
          await settledScreenshot(session, `settings-invitations-${colorScheme}`);
          await page.setViewportSize({ width: 360, height: 800 });
          expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling at 360 px').to.be.at.most(360);
          await settledScreenshot(session, `settings-invitations-narrow-${colorScheme}`);
          await page.setViewportSize({ width: 1280, height: 860 });

          const invitationMail = await latestMailTo(colleague.signedIn.email, { subject: 'invited you' });
          await colleague.signedIn.api('/invitations/accept', { token: tokenIn(invitationMail, '/invitations/accept') });
          await page.reload();
          await members.getByText(colleague.signedIn.email).waitFor();
          await pending.getByText(colleague.signedIn.email).waitFor({ state: 'detached' });
          const colleagueRow = members.getByRole('listitem').filter({ hasText: colleague.signedIn.email });
          await colleagueRow.getByText('Clients: Meera Iyer').waitFor();

          await colleagueRow.getByRole('button', { name: 'Edit clients of Browser Tester' }).click();
          const dialog = page.getByRole('dialog', { name: 'Clients of Browser Tester' });
          await dialog.getByText('Farhan Qureshi', { exact: true }).click();
          await dialog.getByText('2 clients chosen').waitFor();
          await settledScreenshot(session, `settings-member-clients-${colorScheme}`);
          await dialog.getByRole('button', { name: 'Save clients' }).click();
          await toast(page, 'Clients updated').waitFor();
          await dialog.waitFor({ state: 'hidden' });
          await colleagueRow.getByText(/^Clients: (Meera Iyer, Farhan Qureshi|Farhan Qureshi, Meera Iyer)$/).waitFor();
          await settledScreenshot(session, `settings-client-member-${colorScheme}`);

          await members.getByRole('combobox', { name: 'Role of Browser Tester' }).selectOption('ADMIN');
          await toast(page, 'Browser Tester is now Admin.').waitFor();
          await colleagueRow.getByText(/^Clients:/).waitFor({ state: 'detached' });
          await settledScreenshot(session, `settings-members-${colorScheme}`);

          await page.getByRole('button', { name: /^Leave / }).click();
          await page.getByRole('alertdialog').getByRole('button', { name: 'Leave workspace' }).click();
          await toast(page, 'A workspace must keep at least one owner: the last owner cannot be demoted or removed').waitFor();

          await members.getByRole('button', { name: 'Remove Browser Tester' }).click();
          await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
          await toast(page, 'Member removed').waitFor();
          await members.getByText(colleague.signedIn.email).waitFor({ state: 'detached' });

          // Seven days later, unanswered: the invitation stays listed, marked expired, until it is resent or revoked.
          await db()('workspace_invitations')
            .where({ email: newcomer })
            .update({ expires_at: new Date(Date.now() - 60_000) });
          await page.reload();
          const newcomerInvitation = pending.getByRole('listitem').filter({ hasText: newcomer });
          await newcomerInvitation.getByText('Expired', { exact: true }).waitFor();
          await newcomerInvitation.getByText(/· expired \d{1,2} \w{3} \d{4}/).waitFor();
          await page.getByRole('button', { name: `Revoke the invitation for ${newcomer}` }).click();
          const revoke = page.getByRole('alertdialog');
          await revoke.getByText('The link in their email stops working at once.', { exact: false }).waitFor();
          await revoke.getByRole('button', { name: 'Revoke' }).click();
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
        await joinByInvitation(baseUrl(), { owner: signedIn, workspaceId, member: member.signedIn, role: 'EMPLOYEE' });
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
        await joinByInvitation(baseUrl(), { owner: ownerSignedIn, workspaceId, member: employee.signedIn, role: 'EMPLOYEE' });
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
