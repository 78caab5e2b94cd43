import express, { type Router } from 'express';
import type { Container } from 'inversify';
import type { PluginRegistry } from '../plugins/plugin-registry';
import { RemoteCatalogue } from '../plugins/remote-catalogue';
import { settingsPoint } from '../plugin-api/extension-points';
import type { PluginManifest } from '../plugin-api/manifest';
import { notFound } from '../platform/errors';
import { parseBody, requireMembership, requireUser } from '../platform/http';
import { TOKENS } from '../platform/tokens';
import { membershipGuard, permissionGuard, sessionGuard } from './access';
import type { PermissionService } from './permissions';
import { pluginSwitchSchema } from './schemas';
import type { PluginCatalogueEntry, WorkspacePluginEntry } from './wire';
import type { WorkspacePluginsService } from './workspace-plugins';

function catalogueEntry(manifest: PluginManifest, registry: PluginRegistry): PluginCatalogueEntry {
  return {
    id: manifest.id,
    name: manifest.name,
    description: manifest.description,
    version: manifest.version,
    demo: manifest.demo,
    defaultEnabled: manifest.defaultEnabled,
    requires: manifest.requires.plugins,
    nav: manifest.nav ?? null,
    available: registry.isAvailable(manifest.id),
  };
}

/** `{app}/api/v1/plugins` (the catalogue) and each workspace's plugin switches. */
export function pluginSettingsRoutes(container: Container): Router {
  const registry = container.get<PluginRegistry>(TOKENS.PluginRegistry);
  const workspacePlugins = container.get<WorkspacePluginsService>(TOKENS.WorkspacePlugins);
  const permissions = container.get<PermissionService>(TOKENS.Permissions);
  const remotes = container.get(RemoteCatalogue);
  const router = express.Router();

  // The Settings page asks for the settings of these plugins only.
  const withSettings = new Set(registry.contributions(settingsPoint).map(({ pluginId }) => pluginId));

  const workspaceEntries = async (workspaceId: number): Promise<WorkspacePluginEntry[]> => {
    const states = await workspacePlugins.states(workspaceId);
    return registry.manifests().map((manifest) => ({
      ...catalogueEntry(manifest, registry),
      enabled: states.get(manifest.id) ?? false,
      hasSettings: withSettings.has(manifest.id),
      // A disabled plugin's code is not loaded at all.
      remoteEntry: states.get(manifest.id) ? remotes.entryUrl(manifest.id) : null,
    }));
  };

  router.get('/plugins', sessionGuard, (_req, res) => {
    res.json({ plugins: registry.manifests().map((manifest) => catalogueEntry(manifest, registry)) });
  });

  router.get('/workspaces/:workspaceId/plugins', sessionGuard, membershipGuard, async (req, res) => {
    res.json({ plugins: await workspaceEntries(requireMembership(req).workspace.id) });
  });

  router.put(
    '/workspaces/:workspaceId/plugins/:pluginId',
    sessionGuard,
    membershipGuard,
    permissionGuard(permissions, 'manage_plugins', 'Only owners and admins can switch plugins'),
    async (req, res) => {
      const pluginId = String(req.params.pluginId);
      if (!registry.get(pluginId)) throw notFound('Plugin not found');
      const { enabled } = parseBody(pluginSwitchSchema, req.body);
      const workspaceId = requireMembership(req).workspace.id;
      await workspacePlugins.setEnabled(workspaceId, pluginId, enabled, requireUser(req).id);
      const entry = (await workspaceEntries(workspaceId)).find((plugin) => plugin.id === pluginId);
      res.json({ plugin: entry });
    },
  );

  return router;
}
