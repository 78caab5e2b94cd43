/**
 * What a plugin may import from the core. Anything else of the core is private to it.
 */
export { definePlugin } from './define-plugin';
export * from './extension-points';
export type {
  PluginDefinition,
  PluginDemoSeedContext,
  PluginJob,
  PluginJobPayload,
  PluginRouteContext,
  PluginRouteHandler,
  PluginRouteOptions,
  PluginRouter,
} from './define-plugin';
export type { PluginManifest } from './manifest';
export { BaseModel, ExternallyIdentifiedModel, WorkspaceScopedModel } from './base-model';
export { TOKENS } from '../platform/tokens';
export { HttpError, badRequest, conflict, forbidden, notFound, unauthorized } from '../platform/errors';
export { externalIdParam, isExternalId, parseBody } from '../platform/http';
export type { Membership, SessionUser, WorkspaceRef } from '../platform/http';
export type { Config } from '../platform/config';
export type { Logger } from '../platform/logger';
export type { ActivityEntry, ActivityService } from '../activity/activity-service';
export type { CryptoService } from '../platform/crypto';
export type { BlobProperties, SignedUrl, StorageService } from '../platform/storage';
export type { EventBus } from '../platform/events';
export type { JobContext, JobDefinition, QueueService } from '../platform/queue';
export type { NotificationAudience, NotificationInput, NotificationService, RaiseOptions } from '../notifications/notification-service';
export type { JobProgressNotification, JobProgressOptions, JobStage } from '../notifications/job-progress';
export * from '../notifications/wire';
export { ROLES } from '../workspaces/permissions';
export type { PermissionService, Role } from '../workspaces/permissions';
