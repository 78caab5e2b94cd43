/** The sandbox portal (a stand-in for the GST and Income Tax portals) and its connector; see README.md. */
export { sandboxNoticeSource, SANDBOX_CONNECTOR_MESSAGES, type SandboxSourceOptions } from './connector';
export { sandboxPortalUrl, SANDBOX_PORTAL_URL_VARIABLE } from './embedded-portal';
export { noticeLines, portalDate, renderNoticePdf } from './portal-pdf';
export {
  indianRupees,
  sandboxNoticesOf,
  SANDBOX_ARCHIVE_AFTER_DAYS,
  type SandboxNotice,
  type SandboxNoticeStatus,
  type SandboxPlatform,
} from './portal-notices';
export { sandboxLogin, usernameWith, type SandboxLogin } from './sandbox-logins';
export {
  CAPTCHA_USERNAME_PREFIX,
  LOCKED_USERNAME_PREFIX,
  OTP_USERNAME_PREFIX,
  SANDBOX_PORTAL_PASSWORD,
  SANDBOX_PORTAL_PATHS,
  SANDBOX_SESSION_COOKIE,
  startSandboxPortal,
  type SandboxPortal,
  type SandboxPortalOptions,
  type SandboxPortalStats,
} from './portal-server';
