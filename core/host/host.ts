import type { Server } from 'node:http';
import path from 'node:path';
import type { Express } from 'express';
import type { Container } from 'inversify';
import type { Knex } from 'knex';
import 'reflect-metadata';
import { projectRoot, type Config } from '../platform/config';
import { createKnex, destroyKnex, ensureDatabase } from '../platform/db';
import type { EventBus } from '../platform/events';
import { createLogger, type Logger } from '../platform/logger';
import type { QueueService } from '../platform/queue';
import { closeRedis, connectRedis } from '../platform/redis';
import { openStorage } from '../platform/storage';
import { TableChanges } from '../platform/table-changes';
import { TOKENS } from '../platform/tokens';
import { WorkerHeartbeat } from '../platform/worker-heartbeat';
import { jobsOf } from '../plugin-api/define-plugin';
import { discoverPlugins, orderPlugins, selectPlugins } from '../plugins/plugin-discovery';
import { loadPluginDefinitions, PluginRegistry, validateContributions } from '../plugins/plugin-registry';
import type { Scheduler } from '../scheduler/scheduler';
import type { WorkspacePluginsService } from '../workspaces/workspace-plugins';
import { buildApp } from './app';
import { buildContainer } from './container';
import { CORE_MODULES } from './core-modules';
import { migrateAll } from './migrate';

export type Role = 'all' | 'web' | 'worker';

export interface HostOptions {
  config: Config;
  role?: Role;
  /** Folders holding plugin folders; the product's own `plugins/` and the config's `extraPluginDirs` by default. */
  pluginDirs?: string[];
  /** Only these plugins of the folders and those they require (a test host for one plugin); every plugin by default. */
  plugins?: string[];
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

/** Manifests and plugin code are checked before any connection is made: a broken plugin stops start-up at once. */
export async function loadCheckedPlugins({ config, pluginDirs, plugins: only }: Pick<HostOptions, 'config' | 'pluginDirs' | 'plugins'>) {
  const dirs = pluginDirs ?? [...DEFAULT_PLUGIN_DIRS, ...config.extraPluginDirs];
  const discovered = discoverPlugins(dirs);
  const plugins = await loadPluginDefinitions(orderPlugins(only ? selectPlugins(discovered, only) : discovered, coreVersion()));
  validateContributions(plugins);
  return plugins;
}

/** `--migrate-only`: the checks and migrations of a start, then nothing else: no Redis, no HTTP, no job processors. */
export async function migrateOnly(options: Pick<HostOptions, 'config' | 'pluginDirs' | 'plugins' | 'logger'>): Promise<void> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  const plugins = await loadCheckedPlugins(options);
  await ensureDatabase(config.databaseUrl);
  const knex = createKnex(config.databaseUrl, logger);
  try {
    await migrateAll(knex, CORE_MIGRATIONS_DIR, plugins, logger);
  } finally {
    await destroyKnex(knex);
  }
}

/** discover -> validate manifests -> order by dependencies -> migrate -> load container -> mount http -> start workers */
export async function createHost(options: HostOptions): Promise<Host> {
  const { config } = options;
  const role = options.role ?? 'all';
  const logger = options.logger ?? createLogger(config.logLevel);

  const plugins = await loadCheckedPlugins(options);
  const registry = new PluginRegistry(plugins);

  await ensureDatabase(config.databaseUrl);
  const knex = createKnex(config.databaseUrl, logger);
  await migrateAll(knex, CORE_MIGRATIONS_DIR, plugins, logger);
  const redis = await connectRedis(config.redisUrl, (error) => logger.warn({ err: error.message }, 'redis connection error'));

  const opened = await openStorage(config);
  if (opened.emulatorEndpoint) logger.info({ endpoint: opened.emulatorEndpoint }, 'blob storage: the embedded Azurite emulator');

  const container = buildContainer({ config, logger, knex, redis, storage: opened.storage }, registry);
  const queue = container.get<QueueService>(TOKENS.Queue);
  const workspacePlugins = container.get<WorkspacePluginsService>(TOKENS.WorkspacePlugins);
  for (const module of CORE_MODULES) {
    for (const job of module.jobs?.(container) ?? []) queue.register(`${module.id}.${job.name}`, job);
  }
  for (const plugin of plugins) {
    for (const job of jobsOf(plugin.definition, container)) {
      // A job for a workspace where the plugin has since been switched off is skipped, not run; a job for no
      // workspace (a schedule's slot that is not per workspace) always runs.
      queue.register(`${plugin.manifest.id}.${job.name}`, job, (payload: { workspaceId?: number }) =>
        typeof payload?.workspaceId === 'number' ? workspacePlugins.isEnabled(payload.workspaceId, plugin.manifest.id) : Promise.resolve(true),
      );
    }
  }
  // Every role checks the schedules, so a bad one stops any start; only workers run them.
  const scheduler = container.get<Scheduler>(TOKENS.Scheduler);
  scheduler.schedules();

  const app = role === 'worker' ? null : buildApp(container);
  // Web requests read the core's busiest rows from memory; the worker role reads through.
  const tableChanges = container.get(TableChanges);
  if (app) await tableChanges.start();
  const heartbeat = container.get(WorkerHeartbeat);
  if (role !== 'web') {
    for (const module of CORE_MODULES) await module.workerService?.start(container);
    queue.startWorkers();
    await heartbeat.start();
    scheduler.start();
  }

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
      if (app) {
        for (const module of CORE_MODULES) await module.streams?.close(container);
      }
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
      await scheduler.stop();
      await queue.close();
      if (role !== 'web') {
        for (const module of CORE_MODULES) await module.workerService?.stop(container);
      }
      await heartbeat.stop();
      await container.get<EventBus>(TOKENS.Events).close();
      await tableChanges.stop();
      await closeRedis(redis);
      await opened.close();
      await destroyKnex(knex);
    },
  };
}
