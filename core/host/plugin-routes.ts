import express, { type Request, type Response, type Router } from 'express';
import type { Container } from 'inversify';
import type { PluginRouteHandler, PluginRouteOptions, PluginRouter } from '../plugin-api/define-plugin';
import type { PluginManifest } from '../plugin-api/manifest';
import { notFound } from '../platform/errors';
import { requireMembership, requireUser, type Middleware } from '../platform/http';
import { readLargeBody, type LargeBodyRoute } from '../platform/request-body';
import type { TableCache } from '../platform/table-cache';
import { TOKENS } from '../platform/tokens';
import type { PluginSettings } from '../plugin-settings/plugin-settings-service';
import type { PluginRegistry } from '../plugins/plugin-registry';
import { permissionGuard, pluginRouteGuard, type PluginRouteAccessRow } from '../workspaces/access';
import type { PermissionService } from '../workspaces/permissions';
import { pluginNotEnabledMessage, type WorkspacePluginsService } from '../workspaces/workspace-plugins';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface PluginRoutes {
  router: Router;
  /** The routes declared with a `bodyLimit`, by path under `{app}/api/v1`. */
  largeBodyRoutes: LargeBodyRoute[];
}

/** Builds the Express router of one plugin, with the four gates in front of every route it declares. */
export function buildPluginRouter(
  manifest: PluginManifest,
  declare: (router: PluginRouter) => void,
  container: Container,
  accessRows: TableCache<PluginRouteAccessRow>,
): PluginRoutes {
  const router = express.Router();
  const largeBodyRoutes: LargeBodyRoute[] = [];
  const permissions = container.get<PermissionService>(TOKENS.Permissions);
  const workspacePlugins = container.get<WorkspacePluginsService>(TOKENS.WorkspacePlugins);
  const settings = container.get<PluginSettings>(TOKENS.PluginSettings);
  const registry = container.get<PluginRegistry>(TOKENS.PluginRegistry);

  const signedInMemberWithPluginOn = pluginRouteGuard(manifest.id, manifest.defaultEnabled, pluginNotEnabledMessage(manifest.name), accessRows);

  const add = (method: Method) => (path: string, options: PluginRouteOptions, handler: PluginRouteHandler) => {
    const gates: Middleware[] = [signedInMemberWithPluginOn];
    if (options.permission) gates.push(permissionGuard(permissions, options.permission, options.forbiddenMessage));
    if (options.bodyLimit && method !== 'get') largeBodyRoutes.push({ method, path, limit: options.bodyLimit });
    router[method](path, ...gates, readLargeBody, async (req: Request, res: Response) => {
      const membership = requireMembership(req);
      const result = await handler(req, res, {
        user: requireUser(req),
        membership,
        can: (permission) => permissions.can(membership.role, permission),
        settings: <T>(pluginId = manifest.id) => settings.read<T>(membership.workspace.id, pluginId),
        container,
        requirePlugin: async (pluginId) => {
          const other = registry.get(pluginId)?.manifest;
          // Not installed answers like switched off: the caller's feature is simply absent.
          if (!other || !(await workspacePlugins.isEnabled(membership.workspace.id, pluginId))) {
            throw notFound(pluginNotEnabledMessage(other?.name ?? nameFromId(pluginId)));
          }
        },
      });
      if (!res.headersSent) {
        if (result === undefined) res.status(204).end();
        else sendJson(res, result);
      }
    });
  };

  declare({ get: add('get'), post: add('post'), put: add('put'), patch: add('patch'), delete: add('delete') });
  return { router, largeBodyRoutes };
}

/**
 * `res.json` without the ETag Express would make by hashing the whole body: every API answer is `no-store` (app.ts),
 * so no client ever sends it back, and hashing every list page buys nothing.
 */
function sendJson(res: Response, body: unknown): void {
  const text = JSON.stringify(body);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** A plugin that is not installed has no manifest to name it: `documents` reads `Documents`, `gst-returns` `Gst Returns`. */
const nameFromId = (pluginId: string) =>
  pluginId
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
