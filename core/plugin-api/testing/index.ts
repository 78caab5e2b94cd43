/**
 * What a plugin's own tests may use: the running test host and the HTTP helpers of the core's tests. Test code only.
 */
export { API, APP, createWorkspace, memberWithRole, newAgent, signedInUser, uniqueEmail, workspaceWithEveryRole } from './http';
export { createBusinessClient, randomLetters } from './business-client';
export { TestClient } from './test-client';
export type { TestSession } from './test-client';
export { sharedHost } from './root-hooks';
export { latestMailTo, linkTo, readMailbox, tokenIn } from './mailbox';
export type { MailboxMessage, MailWait } from './mailbox';
export { stepUp } from './step-up';
export { jobOutcome } from './job-outcome';
export type { JobOutcome } from './job-outcome';
export { schedulesOf } from './schedules';
export { startTestHost, TestHost } from './test-host';
export type { RunningHost, TestHostOptions } from './test-host';
export type { ClientView } from '../../clients/wire';
export type { PluginCatalogueEntry, WorkspacePluginEntry } from '../../workspaces/wire';
export { call, db, internalIdOf, NO_PERMISSION, WORKSPACE_NOT_FOUND } from '../../workspaces/tests/support';
export type { Method } from '../../workspaces/tests/support';
export { openPage } from './browser';
export type { BrowserSession } from './browser';
export { signInBrowserContext } from './browser-auth';
export { joinByInvitation } from './browser-invitations';
export {
  accessibleDescriptionOf,
  animationsSettled,
  attributeBecomes,
  browserSuite,
  quietWorkspace,
  settledScreenshot,
  sharedSuitePage,
  sidebarNav,
  unexpectedConsoleErrors,
} from './browser-suite';
export type { SignedIn } from './browser-suite';
export { eventually } from './eventually';
export { sidewaysOverflow, squeezedWords } from './responsive-layout';
export type { SqueezedWord } from './responsive-layout';
export {
  ACCESSIBILITY_THEMES,
  ACCESSIBILITY_VIEWPORTS,
  expectAccessibleInEveryTheme,
  expectNoAccessibilityViolations,
  expectNoAccessibilityViolationsAtEveryWidth,
  expectNoAccessibilityViolationsInEveryTheme,
  loadForAccessibilityCheck,
  OVERLAY_PARTS,
  overlayLoaded,
  showSystemTheme,
  WCAG_21_AA_TAGS,
} from './accessibility';
export type { AccessibilityCheck, AccessibilityTheme, AccessibilityViewport, PageAccessibilityCheck } from './accessibility';
