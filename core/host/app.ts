import compression from 'compression';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { Container } from 'inversify';
import type { Knex } from 'knex';
import { csrfGuard } from '../auth/csrf';
import { createSessionMiddleware } from '../auth/session';
import type { Config } from '../platform/config';
import { notFound } from '../platform/errors';
import type { Logger } from '../platform/logger';
import type { RedisClient } from '../platform/redis';
import { generalJsonBody, largeBodyRoutes } from '../platform/request-body';
import type { StorageService } from '../platform/storage';
import { TableCache } from '../platform/table-cache';
import { TableChanges } from '../platform/table-changes';
import { TOKENS } from '../platform/tokens';
import { WorkerHeartbeat } from '../platform/worker-heartbeat';
import type { PluginRegistry } from '../plugins/plugin-registry';
import { RemoteCatalogue } from '../plugins/remote-catalogue';
import { PLUGIN_ROUTE_ACCESS_TABLES, type PluginRouteAccessRow } from '../workspaces/access';
import { CORE_MODULES } from './core-modules';
import { errorHandler } from './error-handler';
import { healthRoutes } from './health';
import { buildPluginRouter } from './plugin-routes';
import { requestLog } from './request-log';
import { pageRoutes, webAssetRoutes } from './web-assets';

/** One entry per signed-in user, workspace and plugin in use: a few hundred bytes each. */
const PLUGIN_ROUTE_ACCESS_KEPT = 20_000;

/** Answers about accounts, sessions and workspace data are never kept by the browser or a shared cache. */
function noStore(_req: Request, res: Response, next: NextFunction): void {
  res.set('Cache-Control', 'no-store');
  next();
}

/** The web role: health endpoints, then everything of the product under the app base path. */
export function buildApp(container: Container): Express {
  const config = container.get<Config>(TOKENS.Config);
  const logger = container.get<Logger>(TOKENS.Logger);
  const registry = container.get<PluginRegistry>(TOKENS.PluginRegistry);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(requestLog(logger));
  // The browser uploads straight to blob storage and follows download links there.
  const storageOrigin = container.get<StorageService>(TOKENS.Storage).origin;
  app.use(helmet({ contentSecurityPolicy: { directives: { connectSrc: ["'self'", storageOrigin] } } }));
  const session = createSessionMiddleware(config, container.get<RedisClient>(TOKENS.Redis));
  app.use(
    ['/api/v1', '/auth', '/connect'].map((prefix) => `${config.basePath}${prefix}`),
    noStore,
  );
  // Event streams stay open for hours: ahead of compression and the API's per-request machinery.
  for (const module of CORE_MODULES) {
    if (module.streams) app.use(`${config.basePath}/api/v1`, module.streams.routes(container, session));
  }
  app.use(compression());
  app.use(healthRoutes(container.get<Knex>(TOKENS.Knex), container.get<RedisClient>(TOKENS.Redis), container.get(WorkerHeartbeat)));

  const accessRows = new TableCache<PluginRouteAccessRow>(container.get(TableChanges), PLUGIN_ROUTE_ACCESS_TABLES, PLUGIN_ROUTE_ACCESS_KEPT);
  const pluginRoutes = registry.plugins.flatMap((plugin) =>
    plugin.definition?.routes ? [buildPluginRouter(plugin.manifest, plugin.definition.routes, container, accessRows)] : [],
  );
  const product = express.Router();
  // Only small bodies are read ahead of the session; the routes that take more read them behind their own gates.
  product.use(
    largeBodyRoutes([
      ...CORE_MODULES.flatMap((module) => module.largeBodyRoutes ?? []),
      ...pluginRoutes.flatMap((plugin) => plugin.largeBodyRoutes.map((route) => ({ ...route, path: `/api/v1${route.path}` }))),
    ]),
  );
  product.use(generalJsonBody());
  product.use(session);
  product.use(csrfGuard);
  for (const module of CORE_MODULES) {
    if (module.signOutHandler) product.post('/auth/logout', module.signOutHandler(container));
  }
  for (const module of CORE_MODULES) {
    if (module.appRoutes) product.use(module.appRoutes(container));
  }

  const api = express.Router();
  for (const module of CORE_MODULES) {
    if (module.apiRoutes) api.use(module.apiRoutes(container));
  }
  for (const plugin of pluginRoutes) api.use(plugin.router);
  api.use(() => {
    throw notFound();
  });
  product.use('/api/v1', api);

  const pages = pageRoutes(config);
  app.use(config.basePath, webAssetRoutes(container.get(RemoteCatalogue)));
  app.use(config.basePath, product);
  app.use(config.basePath, pages.underBasePath);
  app.use(pages.atRoot);
  app.use(errorHandler(logger));
  return app;
}
