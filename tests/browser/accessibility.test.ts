import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import {
  ACCESSIBILITY_VIEWPORTS,
  expectNoAccessibilityViolationsInEveryTheme,
  loadForAccessibilityCheck,
  OVERLAY_PARTS,
  overlayLoaded,
  type AccessibilityViewport,
} from '../../core/plugin-api/testing/accessibility';
import type { BrowserSession } from '../../core/plugin-api/testing/browser';
import { browserSuite, sharedSuitePage } from '../../core/plugin-api/testing/browser-suite';
import { uniqueEmail } from '../../core/plugin-api/testing/http';
import { sharedHost } from '../../core/plugin-api/testing/root-hooks';
import { buildAccessibilityWorld, type AccessibilityWorld } from './accessibility-world';

/** Waits until the page shows its main heading and nothing on it is still loading. */
async function settled(page: Page, heading?: string | RegExp): Promise<void> {
  await page
    .getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) })
    .first()
    .waitFor();
  await page.waitForFunction(() => !document.querySelector('.bp6-skeleton, .bp6-spinner, [role="status"][aria-busy="true"]'));
}

interface PageCheck {
  name: string;
  path: (world: AccessibilityWorld) => string;
  heading?: string | RegExp;
  /** Text that shows the page is drawn, for a page without a main heading. */
  shownBy?: string;
  /** What to do on the page before checking it (a form's error state). */
  act?: (page: Page) => Promise<void>;
}

interface OverlayCheck {
  name: string;
  path: (world: AccessibilityWorld) => string;
  heading?: string | RegExp;
  /** Opens the overlay and answers it once open. */
  open: (page: Page, world: AccessibilityWorld) => Promise<Locator>;
  /** Only at this width and below (the narrow-screen navigation panel, the site's menu). */
  maxWidth?: number;
  /**
   * Reached through the sidebar, which on a phone is a panel behind the menu button: opened at each width on its own,
   * as a user at that width opens it, instead of resized while open.
   */
  throughSidebar?: boolean;
}

const workspacePath = (world: AccessibilityWorld, rest = '') => `/axal/w/${world.workspaceId}${rest}`;
const clientPath = (world: AccessibilityWorld) => workspacePath(world, `/clients/${world.clientId}`);

const VISITOR_PAGES: PageCheck[] = [
  { name: 'landing', path: () => '/axal' },
  { name: 'about', path: () => '/about', heading: 'About Axal Practice' },
  { name: 'contact', path: () => '/contact', heading: 'Talk to the Axal Practice team' },
  { name: 'blog', path: () => '/blog', heading: 'Notes from the practice' },
  { name: 'terms', path: () => '/terms', heading: 'Terms of Service' },
  { name: 'privacy', path: () => '/privacy', heading: 'Privacy Policy' },
  { name: 'login', path: () => '/axal/login', heading: 'Welcome back' },
  {
    name: 'login with errors',
    path: () => '/axal/login',
    heading: 'Welcome back',
    act: (page) => page.getByRole('button', { name: 'Sign In' }).click(),
  },
  { name: 'sign-up', path: () => '/axal/signup', heading: 'Create your account' },
  {
    name: 'sign-up with errors',
    path: () => '/axal/signup',
    heading: 'Create your account',
    act: (page) => page.getByRole('button', { name: 'Create account' }).click(),
  },
  { name: 'verify email', path: () => '/axal/verify-email?token=not-a-real-token', heading: 'Verify your email address' },
  {
    name: 'verify email, a dead link',
    path: () => '/axal/verify-email?token=not-a-real-token',
    heading: 'Verify your email address',
    act: async (page) => {
      await page.getByRole('button', { name: 'Verify email address' }).click();
      await page.getByRole('heading', { level: 1, name: 'This link did not work' }).waitFor();
    },
  },
  { name: 'forgot password', path: () => '/axal/forgot-password', heading: 'Forgot your password?' },
  { name: 'reset password', path: () => '/axal/reset-password?token=not-a-real-token', heading: 'Choose a new password' },
  { name: 'invitation', path: (world) => `/axal/invitations/accept?token=${world.invitationToken}`, heading: /^Join / },
  { name: 'invitation unavailable', path: () => '/axal/invitations/accept?token=not-a-real-token', heading: 'Invitation unavailable' },
  { name: 'authentication error', path: () => '/auth/error?error=GoogleSignin', heading: 'Authentication Error' },
  { name: 'workspace deleted', path: () => '/axal/workspace-deleted', heading: 'Workspace deleted' },
  { name: 'page not found', path: () => '/axal/no-such-page', heading: 'Page not found' },
  { name: 'dev mailbox', path: () => '/axal/dev/mailbox' },
  { name: 'dev mailbox: a message', path: (world) => `/axal/dev/mailbox/${world.invitationMailId}` },
];

const VISITOR_OVERLAYS: OverlayCheck[] = [
  {
    name: "the site's menu",
    path: () => '/axal',
    maxWidth: 390,
    open: async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      return page.getByRole('button', { name: 'Close menu' });
    },
  },
];

const MEMBER_PAGES: PageCheck[] = [
  { name: 'create workspace', path: () => '/axal/create-workspace', heading: 'Create a workspace' },
  { name: 'profile', path: () => '/axal/profile', heading: 'Your profile' },
  { name: 'dashboard', path: (world) => workspacePath(world, '/dashboard'), heading: 'Dashboard' },
  { name: 'clients list', path: (world) => workspacePath(world, '/clients'), heading: 'Clients' },
  { name: 'new client', path: (world) => workspacePath(world, '/clients/new'), heading: 'New Client' },
  {
    name: 'new client with errors',
    path: (world) => workspacePath(world, '/clients/new'),
    heading: 'New Client',
    act: (page) => page.getByRole('button', { name: 'Create Client' }).click(),
  },
  { name: 'client page', path: clientPath, heading: 'Lakshmi Textiles Private Limited' },
  { name: 'notifications', path: (world) => workspacePath(world, '/notifications'), heading: 'Notifications' },
  { name: 'settings: general', path: (world) => workspacePath(world, '/settings/general'), heading: 'Settings' },
  { name: 'settings: members', path: (world) => workspacePath(world, '/settings/members'), heading: 'Settings' },
  { name: 'settings: plugins', path: (world) => workspacePath(world, '/settings/plugins'), heading: 'Settings' },
  { name: 'settings: danger zone', path: (world) => workspacePath(world, '/settings/danger'), heading: 'Settings' },
  { name: 'page not found in a workspace', path: (world) => workspacePath(world, '/no-such-page'), heading: 'Page not found' },
  { name: 'a plugin without a page yet', path: (world) => workspacePath(world, '/dsc'), heading: 'DSC' },
  // The fixture whose remote fails on purpose, switched off in this workspace.
  { name: 'a plugin switched off', path: (world) => workspacePath(world, '/broken-remote'), shownBy: 'is not enabled for this workspace' },
];

const MEMBER_OVERLAYS: OverlayCheck[] = [
  {
    name: 'navigation panel',
    path: (world) => workspacePath(world, '/dashboard'),
    maxWidth: 390,
    open: async (page) => {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      return page.getByRole('complementary', { name: 'Sidebar' });
    },
  },
  {
    name: 'workspace switcher',
    throughSidebar: true,
    path: (world) => workspacePath(world, '/dashboard'),
    open: async (page) => {
      await openSidebar(page);
      await page.getByRole('button', { name: /switch workspace/ }).click();
      return page.getByRole('menu', { name: 'Your workspaces' });
    },
  },
  {
    name: 'account menu',
    throughSidebar: true,
    path: (world) => workspacePath(world, '/dashboard'),
    open: async (page) => {
      await openSidebar(page);
      await page.getByRole('button', { name: /^Account/ }).click();
      return page.getByRole('menu', { name: 'Account' });
    },
  },
  {
    name: 'notifications popover',
    throughSidebar: true,
    path: (world) => workspacePath(world, '/dashboard'),
    open: async (page) => {
      await openSidebar(page);
      await page
        .getByRole('complementary', { name: 'Sidebar' })
        .getByRole('button', { name: /^Notifications/ })
        .click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await panel.getByText('Credential import finished').waitFor();
      return panel;
    },
  },
  {
    name: 'global search',
    throughSidebar: true,
    path: (world) => workspacePath(world, '/dashboard'),
    open: async (page) => {
      await openSidebar(page);
      await page.getByRole('button', { name: /^Search/ }).click();
      return page.getByRole('dialog', { name: 'Search' });
    },
  },
  {
    name: 'global search with hits',
    throughSidebar: true,
    path: (world) => workspacePath(world, '/dashboard'),
    open: async (page) => {
      await openSidebar(page);
      await page.getByRole('button', { name: /^Search/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await dialog.getByRole('combobox').or(dialog.getByRole('searchbox')).or(dialog.getByRole('textbox')).first().fill('Lakshmi');
      await dialog.getByText('Lakshmi Textiles', { exact: false }).first().waitFor();
      return dialog;
    },
  },
  {
    name: 'bulk import clients',
    path: (world) => workspacePath(world, '/clients'),
    heading: 'Clients',
    open: async (page) => {
      await page.getByRole('button', { name: 'Bulk Import Clients' }).click();
      return page.getByRole('dialog', { name: 'Bulk Import Clients' });
    },
  },
  {
    name: 'bulk import credentials',
    path: (world) => workspacePath(world, '/clients'),
    heading: 'Clients',
    open: async (page) => {
      await page.getByRole('button', { name: 'Bulk Import Credentials' }).click();
      return page.getByRole('dialog', { name: 'Bulk Import Credentials' });
    },
  },
  {
    name: 'edit client',
    path: clientPath,
    heading: 'Lakshmi Textiles Private Limited',
    open: async (page) => {
      await page.getByRole('button', { name: 'Edit Client' }).click();
      return page.getByRole('dialog', { name: 'Edit Client' });
    },
  },
  {
    name: 'delete client',
    path: clientPath,
    heading: 'Lakshmi Textiles Private Limited',
    open: async (page) => {
      await page.getByRole('button', { name: 'Delete Client' }).click();
      return page.getByRole('dialog', { name: 'Delete Client' });
    },
  },
  {
    name: 'verify identity',
    path: clientPath,
    heading: 'Lakshmi Textiles Private Limited',
    open: async (page) => {
      await page.getByRole('button', { name: 'Reveal password' }).click();
      return page.getByRole('dialog', { name: 'Verify Your Identity' });
    },
  },
  {
    name: "a client member's clients",
    path: (world) => workspacePath(world, '/settings/members'),
    heading: 'Settings',
    open: async (page, world) => {
      await page.getByRole('button', { name: `Edit clients of ${world.memberName}` }).click();
      return page.getByRole('dialog', { name: `Clients of ${world.memberName}` });
    },
  },
  {
    name: 'remove member',
    path: (world) => workspacePath(world, '/settings/members'),
    heading: 'Settings',
    open: async (page, world) => {
      await page.getByRole('button', { name: `Remove ${world.memberName}` }).click();
      return page.getByRole('alertdialog');
    },
  },
  {
    name: 'revoke invitation',
    path: (world) => workspacePath(world, '/settings/members'),
    heading: 'Settings',
    open: async (page, world) => {
      await page.getByRole('button', { name: `Revoke the invitation for ${world.invitedEmail}` }).click();
      return page.getByRole('alertdialog');
    },
  },
  {
    name: 'leave workspace',
    path: (world) => workspacePath(world, '/settings/members'),
    heading: 'Settings',
    open: async (page, world) => {
      await page.getByRole('button', { name: `Leave ${world.workspaceName}` }).click();
      return page.getByRole('alertdialog');
    },
  },
  {
    name: 'delete workspace',
    path: (world) => workspacePath(world, '/settings/danger'),
    heading: 'Settings',
    open: async (page) => {
      await page.getByRole('button', { name: 'Delete Workspace' }).click();
      return page.getByRole('dialog', { name: 'Delete Workspace' });
    },
  },
  {
    name: 'sign out a session',
    path: () => '/axal/profile',
    heading: 'Your profile',
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Sign out Chrome|^Sign out / })
        .first()
        .click();
      return page.getByRole('alertdialog');
    },
  },
  {
    name: 'sign out all other sessions',
    path: () => '/axal/profile',
    heading: 'Your profile',
    open: async (page) => {
      await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
      return page.getByRole('alertdialog');
    },
  },
];

/** On a narrow screen the sidebar is a panel behind the menu button. */
async function openSidebar(page: Page): Promise<void> {
  const menuButton = page.getByRole('button', { name: 'Open navigation' });
  if (await menuButton.isVisible()) await menuButton.click();
}

describe('browser: accessibility (axe-core, WCAG 2.1 A and AA)', function () {
  this.timeout(60_000);
  const suite = browserSuite();
  const url = (path: string) => `${sharedHost().baseUrl}${path}`;
  let world: AccessibilityWorld;

  before(async function () {
    this.timeout(60_000);
    world = await buildAccessibilityWorld(suite.browser());
  });

  after(async () => {
    await world?.close();
  });

  // Each page is loaded once and checked in every theme at every width by switching the system theme and resizing; an
  // overlay opened at the first width stays open through both, as it would for a user turning a tablet.
  describe('every theme', () => {
    const visitor = sharedSuitePage(suite.browser);
    const member = sharedSuitePage(suite.browser, () => world.ownerCookies);

    const checkPage = (session: () => BrowserSession, check: PageCheck) =>
      it(check.name, async () => {
        const { page } = session();
        await loadForAccessibilityCheck(page, url(check.path(world)));
        if (check.shownBy) await page.getByText(check.shownBy).first().waitFor();
        else await settled(page, check.heading);
        await check.act?.(page);
        await expectNoAccessibilityViolationsInEveryTheme(page, { label: check.name });
      });

    const openOverlay = async (page: Page, check: OverlayCheck, viewport: AccessibilityViewport) => {
      await loadForAccessibilityCheck(page, url(check.path(world)), viewport);
      await settled(page, check.heading);
      await overlayLoaded(await check.open(page, world));
    };

    const checkOverlay = (session: () => BrowserSession, check: OverlayCheck) => {
      if (!check.maxWidth && !check.throughSidebar) {
        it(check.name, async () => {
          const { page } = session();
          await openOverlay(page, check, ACCESSIBILITY_VIEWPORTS[0]);
          await expectNoAccessibilityViolationsInEveryTheme(page, { label: check.name, include: OVERLAY_PARTS });
        });
        return;
      }
      for (const viewport of ACCESSIBILITY_VIEWPORTS) {
        if (check.maxWidth && viewport.width > check.maxWidth) continue;
        const size = `${viewport.width}x${viewport.height}`;
        it(`${check.name} at ${size}`, async () => {
          const { page } = session();
          await openOverlay(page, check, viewport);
          await expectNoAccessibilityViolationsInEveryTheme(page, { label: check.name, include: check.maxWidth ? undefined : OVERLAY_PARTS }, [
            viewport,
          ]);
        });
      }
    };

    describe('signed out', () => {
      for (const check of VISITOR_PAGES) checkPage(visitor, check);
      for (const check of VISITOR_OVERLAYS) checkOverlay(visitor, check);
    });

    describe('signed in', () => {
      for (const check of MEMBER_PAGES) checkPage(member, check);
      for (const check of MEMBER_OVERLAYS) checkOverlay(member, check);
    });
  });

  describe('keyboard focus', () => {
    let session: BrowserSession;

    beforeEach(async () => {
      session = await suite.open();
      await session.context.addCookies(world.ownerCookies);
    });

    it('moves to the main heading after a navigation in the workspace, but not on the first load', async () => {
      const { page } = session;
      await page.goto(url(workspacePath(world, '/dashboard')));
      await settled(page, 'Dashboard');
      expect(await focusedElement(page)).to.equal('BODY');

      await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Clients' }).click();
      await focusMovesTo(page, 'H1 Clients');
      // A link on the page itself, gone once the next page shows.
      await page.getByRole('main').getByRole('button', { name: 'New Client' }).first().click();
      await focusMovesTo(page, 'H1 New Client');
      await page.keyboard.press('Tab');
      expect(await focusedElement(page), 'Tab from the heading').to.match(/^INPUT|^SELECT|^BUTTON|^LABEL/);
    });

    it('moves to the main heading after a navigation on the public pages, but not away from a field the page focuses', async () => {
      const { page } = await suite.open();
      await page.goto(url('/axal/login'));
      await settled(page, 'Welcome back');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
      await focusMovesTo(page, 'INPUT email');

      await page.goto(url('/axal'));
      await settled(page);
      await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
      await focusMovesTo(page, 'H1 About Axal Practice');
    });

    it('returns to the control that opened a dialog or a popover once it closes', async () => {
      const { page } = session;
      await page.goto(url(clientPath(world)));
      await settled(page, world.clientName);
      const edit = page.getByRole('button', { name: 'Edit Client' });
      await edit.click();
      await overlayLoaded(page.getByRole('dialog', { name: 'Edit Client' }));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Edit Client' }).waitFor({ state: 'detached' });
      await focusMovesTo(page, 'BUTTON Edit Client');

      const bell = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: /^Notifications/ });
      await bell.click();
      await overlayLoaded(page.getByRole('dialog', { name: 'Notifications' }));
      await page.keyboard.press('Escape');
      await focusMovesTo(page, /^BUTTON Notifications/);

      await page.getByRole('button', { name: /^Search/ }).click();
      await overlayLoaded(page.getByRole('dialog', { name: 'Search' }));
      await page.keyboard.press('Escape');
      await focusMovesTo(page, /^BUTTON Search/);
    });

    it('returns from the narrow-screen navigation panel to its menu button, however the panel closes', async () => {
      const { page } = session;
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(url(workspacePath(world, '/dashboard')));
      await settled(page, 'Dashboard');
      const menuButton = page.getByRole('button', { name: 'Open navigation' });
      await menuButton.click();
      await focusMovesTo(page, /switch workspace$/);
      await page.keyboard.press('Escape');
      await focusMovesTo(page, 'BUTTON Open navigation');

      await menuButton.click();
      await focusMovesTo(page, /switch workspace$/);
      // The backdrop beside the panel.
      await page.locator('.workspace-frame__backdrop').click({ position: { x: 370, y: 400 } });
      await focusMovesTo(page, 'BUTTON Open navigation');

      await menuButton.click();
      await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Clients' }).click();
      await focusMovesTo(page, 'H1 Clients');
    });

    it('stays on the page when the control holding it is removed', async () => {
      const { page } = session;
      const invited = uniqueEmail('a11y-revoked');
      await world.owner.api(`/workspaces/${world.workspaceId}/members`, { email: invited, role: 'EMPLOYEE' });
      await page.goto(url(workspacePath(world, '/settings/members')));
      await settled(page, 'Settings');
      await page.getByRole('button', { name: `Revoke the invitation for ${invited}` }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await page.getByRole('list', { name: 'Pending invitations' }).getByText(invited).waitFor({ state: 'detached' });
      await focusMovesTo(page, 'UL Pending invitations');
    });
  });
});

/** The focused element as `TAG name`, the name being its label, type or text. */
function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return 'BODY';
    const name = active.getAttribute('aria-label') ?? (active instanceof HTMLInputElement ? active.type : active.innerText.trim());
    return `${active.tagName} ${name}`.trim();
  });
}

async function focusMovesTo(page: Page, expected: string | RegExp): Promise<void> {
  const deadline = Date.now() + 5_000;
  let actual = await focusedElement(page);
  const matches = () => (typeof expected === 'string' ? actual === expected : expected.test(actual));
  while (!matches() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    actual = await focusedElement(page);
  }
  if (typeof expected === 'string') expect(actual, 'the focused element').to.equal(expected);
  else expect(actual, 'the focused element').to.match(expected);
}
