/**
 * The web SDK: what the shell and every plugin remote share as one copy. This entry has no UI library in it,
 * so the light public pages can use it; Blueprint-based parts are in `@axal/web-sdk/ui`.
 */
export { api, apiV1, ApiError, serverReasonOf, setCsrfToken, setStepUpHandler } from './api-client';
export type { ApiErrorBody, ApiRequest, FieldErrors, StepUpHandler, StepUpPrompt } from './api-client';
export { queryClient } from './query-client';
export { appPath, runtimeConfig } from './runtime-config';
export type { RuntimeConfig } from './runtime-config';
export {
  currentWorkspaceIdAtom,
  fetchSession,
  roleQueryKey,
  sessionQueryKey,
  useCurrentWorkspaceId,
  usePermission,
  useSession,
  useWorkspaceRole,
} from './session';
export type { Role, SessionInfo, SessionUser, WorkspaceRole } from './session';
export { defineWebPlugin, isWebPlugin, WEB_PLUGIN_TYPE } from './define-web-plugin';
export type {
  ClientSection,
  ClientSectionProps,
  DashboardCard,
  DashboardCardProps,
  ProfilePanel,
  ProfilePanelProps,
  SearchHit,
  SearchResultRenderer,
  SearchResultRendererProps,
  SettingsPanel,
  SettingsPanelProps,
  WebPlugin,
  WebPluginDefinition,
} from './define-web-plugin';
export { remoteContainerName } from './remote-name';
export { PluginExportsContext, usePluginEnabled, usePluginExport, workspacePluginsQuery } from './plugin-exports';
export type { PluginExports } from './plugin-exports';
export {
  formatDate,
  formatFileSize,
  formatIndianDate,
  formatIndianDateTime,
  formatLongDate,
  formatPhone,
  formatRelativeTime,
  formatRupees,
  initialsOf,
  phoneHref,
  truncate,
} from './format';
export type { DateInput } from './format';
export { useDocumentTitle } from './document-title';
export { letterShortcutsOn, setLetterShortcutsOn, useLetterShortcut, useLetterShortcutsOn } from './letter-shortcut';
export { assignableMembers } from './assignable-members';
export { clientListsKey, useClientOptions } from './client-options';
export type { ClientOption } from './client-options';
export { dashboardQueriesKey, useDashboardGraphs, useDashboardRecent, useDashboardStats } from './dashboard-queries';
export { monthAndYear, monthPoints, shortMonth } from './month-points';
export type { MonthPoint, MonthValue } from './month-points';
export { pageWindow } from './pagination';
export type { PageWindowItem } from './pagination';
export {
  DEFAULT_SYNC_PROGRESS,
  FAILED_CLIENTS_SHOWN,
  selectSyncNotification,
  SYNC_FINISHED_WINDOW_MS,
  SYNC_IN_PROGRESS_WINDOW_MS,
  syncBannerModel,
  syncBannerTone,
} from './sync-banner-selection';
export type { FailedClientLine, SyncBannerModel, SyncBannerTone } from './sync-banner-selection';
export { kolkataToday } from '../../platform/calendar-day';
export { followEventStream } from './event-stream';
export type { EventStreamHandlers } from './event-stream';
/** The notifications' wire, for pages that follow batch work themselves (e.g. feeding the sync banner from the batch stream). */
export { BATCH_NOTIFICATION_STREAM_EVENT, NOTIFICATION_STREAM_END_EVENT, NOTIFICATION_STREAM_RETRY_MS } from '../../notifications/wire';
export type {
  BatchNotificationStreamEvent,
  NotificationBatchResponse,
  NotificationDto,
  NotificationStreamEndEvent,
  NotificationStreamEndReason,
} from '../../notifications/wire';
