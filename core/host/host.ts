import type { Server } from 'node:http';
import path from 'node:path';
import type { Express } from 'express';
import type { Container } from 'inversify';
import type { Knex } from 'knex';
import 'reflect-metadata';
import { ClientService } from '../clients/client-service';
import { CREDENTIAL_IMPORT_JOB, CredentialImportService } from '../clients/credential-import-service';
import { CredentialService } from '../clients/credential-service';
import { NotificationStreams } from '../notifications/notification-streams';
import { projectRoot, type Config } from '../platform/config';
import { createKnex, destroyKnex, ensureDatabase } from '../platform/db';
import type { EventBus } from '../platform/events';
import { createLogger, type Logger } from '../platform/logger';
import type { QueueService } from '../platform/queue';
import { closeRedis, connectRedis } from '../platform/redis';
import { openStorage } from '../platform/storage';
import { TOKENS } from '../platform/tokens';
import { InvitationAcceptance } from '../workspaces/invitations';
import { WorkspaceService } from '../workspaces/workspace-service';
import type { WorkspacePluginsService } from '../workspaces/workspace-plugins';
import { jobsOf } from '../plugin-api/define-plugin';
import { buildApp } from './app';
import { buildContainer } from './container';
import { migrateAll } from './migrate';
import { discoverPlugins, orderPlugins } from './plugin-discovery';
import { loadPluginDefinitions, PluginRegistry, validateContributions } from './plugin-registry';

export type Role = 'all' | 'web' | 'worker';

export interface HostOptions {
  config: Config;
  role?: Role;
  /** Folders holding plugin folders; the product's own `plugins/` by default. */
  pluginDirs?: string[];
  logger?: Logger;
}

export interface Host {
  config: Config;
  container: Container;
  registry: PluginRegistry;
  knex: Knex;
  logger: Logger;
  /** Present for the web roles. */
  app: Express | null;
  listen(port?: number): Promise<Server>;
  stop(): Promise<void>;
}

export const DEFAULT_PLUGIN_DIRS = [path.join(projectRoot, 'plugins')];
export const CORE_MIGRATIONS_DIR = path.join(projectRoot, 'migrations');
const SHUTDOWN_GRACE_MS = 25_000;

const coreVersion = (): string => process.env.npm_package_version ?? '0.1.0';

/** discover -> validate manifests -> order by dependencies -> migrate -> load container -> mount http -> start workers */
export async function createHost(options: HostOptions): Promise<Host> {
  const { config } = options;
  const role = options.role ?? 'all';
  const logger = options.logger ?? createLogger(config.logLevel);

  // Manifests and plugin code are checked before any connection is made: a broken plugin stops start-up at once.
  const ordered = orderPlugins(discoverPlugins(options.pluginDirs ?? DEFAULT_PLUGIN_DIRS), coreVersion());
  const plugins = await loadPluginDefinitions(ordered);
  validateContributions(plugins);
  const registry = new PluginRegistry(plugins);

  await ensureDatabase(config.databaseUrl);
  const knex = createKnex(config.databaseUrl, logger);
  await migrateAll(knex, CORE_MIGRATIONS_DIR, plugins, logger);
  const redis = await connectRedis(config.redisUrl, (error) => logger.warn({ err: error.message }, 'redis connection error'));

  const opened = await openStorage(config);
  if (opened.emulatorEndpoint) logger.info({ endpoint: opened.emulatorEndpoint }, 'blob storage: the embedded Azurite emulator');

  const container = buildContainer({ config, logger, knex, redis, storage: opened.storage }, registry);
  container.bind(WorkspaceService).toSelf();
  container.bind(InvitationAcceptance).toSelf();
  container.bind(ClientService).toSelf();
  container.bind(CredentialService).toSelf();
  container.bind(CredentialImportService).toSelf();
  const queue = container.get<QueueService>(TOKENS.Queue);
  const workspacePlugins = container.get<WorkspacePluginsService>(TOKENS.WorkspacePlugins);
  queue.register(CREDENTIAL_IMPORT_JOB, container.get(CredentialImportService).job());
  for (const plugin of plugins) {
    for (const job of jobsOf(plugin.definition, container)) {
      // A job for a workspace where the plugin has since been switched off is skipped, not run.
      queue.register(`${plugin.manifest.id}.${job.name}`, job, (payload: { workspaceId?: number }) =>
        typeof payload?.workspaceId === 'number' ? workspacePlugins.isEnabled(payload.workspaceId, plugin.manifest.id) : Promise.resolve(false),
      );
    }
  }

  const app = role === 'worker' ? null : buildApp(container);
  if (role !== 'web') queue.startWorkers();

  let server: Server | null = null;
  return {
    config,
    container,
    registry,
    knex,
    logger,
    app,
    listen(port = config.port) {
      if (!app) throw new Error('The worker role serves no HTTP');
      return new Promise((resolve, reject) => {
        const listening = app.listen(port, '0.0.0.0', (error?: Error) => (error ? reject(error) : resolve(listening)));
        server = listening;
      });
    },
    async stop() {
      // Open event streams would hold the server open until the grace period ran out: they end first.
      if (app) await container.get(NotificationStreams).close();
      if (server) {
        const closing = server;
        await new Promise<void>((resolve) => {
          const force = setTimeout(() => {
            closing.closeAllConnections();
            resolve();
          }, SHUTDOWN_GRACE_MS);
          force.unref();
          closing.close(() => {
            clearTimeout(force);
            resolve();
          });
          closing.closeIdleConnections();
        });
      }
      await queue.close();
      await container.get<EventBus>(TOKENS.Events).close();
      await closeRedis(redis);
      await opened.close();
      await destroyKnex(knex);
    },
  };
}

