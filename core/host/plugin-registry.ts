import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDefinedPlugin, type DefinedPlugin, type PluginContributions } from '../plugin-api/define-plugin';
import type { PluginManifest } from '../plugin-api/manifest';
import type { PermissionTable } from '../workspaces/permissions';
import { PluginLoadError, type DiscoveredPlugin } from './plugin-discovery';

export interface LoadedPlugin extends DiscoveredPlugin {
  /** Null for a plugin that has no server part (yet). */
  definition: DefinedPlugin | null;
}

/** Imports each plugin's server entry, in dependency order, and checks it is what its manifest says. */
export async function loadPluginDefinitions(ordered: DiscoveredPlugin[]): Promise<LoadedPlugin[]> {
  const loaded: LoadedPlugin[] = [];
  for (const plugin of ordered) {
    if (!plugin.manifest.server) {
      loaded.push({ ...plugin, definition: null });
      continue;
    }
    const module = (await import(pathToFileURL(path.join(plugin.dir, plugin.manifest.server)).href)) as { default?: unknown };
    if (!isDefinedPlugin(module.default)) {
      throw new PluginLoadError([`Plugin ${plugin.manifest.id}: ${plugin.manifest.server} must default-export definePlugin({...})`]);
    }
    if (module.default.id !== plugin.manifest.id) {
      throw new PluginLoadError([`Plugin ${plugin.manifest.id}: definePlugin id "${module.default.id}" differs from the manifest id`]);
    }
    loaded.push({ ...plugin, definition: module.default });
  }
  return loaded;
}

/** The installed plugins, in dependency order. */
export class PluginRegistry {
  private readonly byId: Map<string, LoadedPlugin>;

  constructor(readonly plugins: LoadedPlugin[]) {
    this.byId = new Map(plugins.map((plugin) => [plugin.manifest.id, plugin]));
  }

  get(id: string): LoadedPlugin | undefined {
    return this.byId.get(id);
  }

  manifests(): PluginManifest[] {
    return this.plugins.map((plugin) => plugin.manifest);
  }

  /** Plugins that name `id` in their `requires.plugins`. */
  dependentsOf(id: string): PluginManifest[] {
    return this.manifests().filter((manifest) => manifest.requires.plugins.includes(id));
  }

  permissionTable(): PermissionTable {
    const table: Record<string, PluginManifest['permissions'][string]> = {};
    const owner: Record<string, string> = {};
    for (const manifest of this.manifests()) {
      for (const [name, roles] of Object.entries(manifest.permissions)) {
        if (owner[name]) throw new PluginLoadError([`Permission ${name} is declared by both ${owner[name]} and ${manifest.id}`]);
        owner[name] = manifest.id;
        table[name] = roles;
      }
    }
    return table;
  }

  contributions<K extends keyof PluginContributions>(point: K): { pluginId: string; value: NonNullable<PluginContributions[K]> }[] {
    return this.plugins.flatMap((plugin) => {
      const value = plugin.definition?.contributes?.[point];
      return value === undefined ? [] : [{ pluginId: plugin.manifest.id, value: value as NonNullable<PluginContributions[K]> }];
    });
  }
}
