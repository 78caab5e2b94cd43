/**
 * What a plugin may import from the core. Anything else of the core is private to it.
 */
export { definePlugin } from './define-plugin';
export * from './extension-points';
export type {
  PluginDefinition,
  PluginDemoSeedContext,
  DemoTeamMember,
  PluginJob,
  PluginJobPayload,
  PluginRouteContext,
  PluginRouteHandler,
  PluginRouteOptions,
  PluginRouter,
} from './define-plugin';
export type { PluginManifest } from './manifest';
export { BaseModel, ExternallyIdentifiedModel, WorkspaceScopedModel, WorkspaceScopedRow } from './base-model';
export { TOKENS } from '../platform/tokens';
export { HttpError, badRequest, conflict, forbidden, notFound, unauthorized } from '../platform/errors';
export { externalIdParam, isExternalId, parseBody } from '../platform/http';
export { startEventStream } from '../platform/event-stream';
export { addDays, daysBetween, isCalendarDate, kolkataDayOf, kolkataToday } from '../platform/calendar-day';
export { readSingleFileUpload, UPLOAD_MESSAGES } from '../platform/single-file-upload';
export type { SingleFileUpload, SingleFileUploadLimits, UploadedFileContent } from '../platform/single-file-upload';
export {
  bodyWholeNumber,
  hasControlCharacters,
  INPUT_MESSAGES,
  MAX_UNBOUNDED_TEXT_LENGTH,
  multilineText,
  queryBoolean,
  queryWholeNumber,
  singleLineText,
} from './input-fields';
export type { TextOptions, WholeNumberOptions } from './input-fields';
export { requireStepUp, STEP_UP_REQUIRED } from '../auth/step-up';
export type { Membership, SessionUser, WorkspaceRef } from '../platform/http';
export type { Config } from '../platform/config';
export type { Logger } from '../platform/logger';
export type { ActivityEntry, ActivityRecord, ActivityService, EntityActivity } from '../activity/activity-service';
export type { CryptoService } from '../platform/crypto';
export type { BlobProperties, SignedUrl, StorageService, StoredBlob } from '../platform/storage';
export type { ScheduledJob, Scheduler } from '../scheduler/scheduler';
export type { SlotTimes } from '../scheduler/every';
export type { PersonSummary, WorkspaceDirectory, WorkspaceMemberSummary } from '../workspaces/workspace-directory';
export type { WorkspacePluginStates } from '../workspaces/workspace-plugins';
export type { EventBus } from '../platform/events';
export type { ExpiringValues } from '../platform/expiring-values';
export { SESSION_ENDED_EVENT } from '../auth/session-registry';
export type { SessionEndedEvent } from '../auth/session-registry';
export type { PluginSettings } from '../plugin-settings/plugin-settings-service';
export type { ContributionOf, Contributions, GatherOptions, Gathered } from '../extensions/contributions-service';
export type { JobContext, JobDefinition, QueueService } from '../platform/queue';
export type { NotificationAudience, NotificationInput, NotificationService, RaiseOptions } from '../notifications/notification-service';
export type { JobProgressNotification, JobProgressOptions, JobStage } from '../notifications/job-progress';
export type { ClientDirectory, ClientDirectoryMember, ClientSummary } from '../clients/client-directory';
export type { PortalLogin, PortalLoginClient } from '../clients/credential-service';
export { CLIENT_EVENTS } from '../clients/client-events';
export type { ClientEvent, ClientEventTopic } from '../clients/client-events';
export * from '../notifications/wire';
export { ROLES } from '../platform/identity';
export type { Role } from '../platform/identity';
export type { PermissionService } from '../workspaces/permissions';
export type { Mailer, MailMessage } from '../mail/mailer';
export { composeEmail, formatIndianDateTime } from '../mail/templates';
export type { EmailBody, MailContent } from '../mail/templates';
export { AI_MESSAGES, AI_PROVIDER_LABELS, AiError, hasReadableText, noticeAnalysisSchema } from '../ai/notice-analysis';
export { createBuiltinAiService } from '../ai/ai-service';
export type {
  AiProviderId,
  AiService,
  AnalyseOptions,
  AnalysisDepartment,
  NoticeAnalysis,
  NoticeAnalysisInput,
  NoticeExtraction,
} from '../ai/notice-analysis';
