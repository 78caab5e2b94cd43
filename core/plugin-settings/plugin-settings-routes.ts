import express, { type Request, type Router } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import type { PluginRegistry } from '../plugins/plugin-registry';
import { notFound } from '../platform/errors';
import { parseBody, requireMembership, requireUser } from '../platform/http';
import { TOKENS } from '../platform/tokens';
import { membershipGuard, permissionGuard, sessionGuard } from '../workspaces/access';
import type { PermissionService } from '../workspaces/permissions';
import { pluginNotEnabledMessage, type WorkspacePluginsService } from '../workspaces/workspace-plugins';
import { PluginSettingsService } from './plugin-settings-service';

const saveSettingsSchema = z.object({
  values: z.record(z.string(), z.unknown(), { error: 'values must be an object of settings' }),
});

/**
 * `{app}/api/v1/workspaces/{id}/plugins/{pluginId}/settings`: a plugin's settings in the workspace, read and saved by
 * the members who may manage plugins, while the plugin is enabled there (a disabled plugin's saved settings are kept).
 */
export function pluginSettingsValueRoutes(container: Container): Router {
  const registry = container.get<PluginRegistry>(TOKENS.PluginRegistry);
  const workspacePlugins = container.get<WorkspacePluginsService>(TOKENS.WorkspacePlugins);
  const permissions = container.get<PermissionService>(TOKENS.Permissions);
  const settings = container.get(PluginSettingsService);
  const administrator = [
    sessionGuard,
    membershipGuard,
    permissionGuard(permissions, 'manage_plugins', 'Only owners and admins can manage plugin settings'),
  ];
  const router = express.Router();

  /** The plugin named in the path, enabled in the workspace and declaring settings; 404 saying which of these it is not. */
  const pluginWithSettings = async (req: Request) => {
    const pluginId = String(req.params.pluginId);
    const manifest = registry.get(pluginId)?.manifest;
    if (!manifest) throw notFound('Plugin not found');
    if (!(await workspacePlugins.isEnabled(requireMembership(req).workspace.id, pluginId))) throw notFound(pluginNotEnabledMessage(manifest.name));
    const definition = settings.definitionOf(pluginId);
    if (!definition) throw notFound(`The ${manifest.name} plugin has no settings`);
    return { pluginId, definition };
  };

  router.get('/workspaces/:workspaceId/plugins/:pluginId/settings', ...administrator, async (req, res) => {
    const { pluginId, definition } = await pluginWithSettings(req);
    res.json({
      pluginId,
      values: await settings.read(requireMembership(req).workspace.id, pluginId),
      schema: settings.jsonSchemaOf(pluginId),
      fields: definition.fields ?? {},
    });
  });

  router.put('/workspaces/:workspaceId/plugins/:pluginId/settings', ...administrator, async (req, res) => {
    const { pluginId } = await pluginWithSettings(req);
    const { values } = parseBody(saveSettingsSchema, req.body);
    res.json({ values: await settings.save(requireMembership(req).workspace.id, pluginId, values, requireUser(req).id) });
  });

  return router;
}
