/**
 * What a plugin's own tests may use: the running test host and the HTTP helpers of the core's tests. Test code only.
 */
export { API, APP, createWorkspace, memberWithRole, newAgent, signedInUser, uniqueEmail, workspaceWithEveryRole } from '../../tests/support/http';
export type { TestSession } from '../../tests/support/http';
export { sharedHost } from '../../tests/support/root-hooks';
export { startTestHost } from '../../tests/support/test-host';
export type { RunningHost } from '../../tests/support/test-host';
export { call, db, internalIdOf, NO_PERMISSION, WORKSPACE_NOT_FOUND } from '../workspaces/tests/support';
export type { Method } from '../workspaces/tests/support';
export type { BrowserSession } from '../../tests/support/browser';
export { signInBrowserContext } from '../../tests/support/browser-auth';
export { browserSuite, quietWorkspace, settledScreenshot, sidebarNav, unexpectedConsoleErrors } from '../../tests/support/browser-suite';
export type { SignedIn } from '../../tests/support/browser-suite';
