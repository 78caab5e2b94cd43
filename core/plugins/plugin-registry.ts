import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDefinedPlugin, type DefinedPlugin } from '../plugin-api/define-plugin';
import { CORE_EXTENSION_POINTS, type ExtensionPoint } from '../plugin-api/extension-points';
import type { PluginManifest } from '../plugin-api/manifest';
import type { Role } from '../platform/identity';
import { PluginLoadError, type DiscoveredPlugin } from './plugin-discovery';

/** A permission a plugin's manifest declares: the roles holding it, and the plugin, so it lapses where that plugin is off. */
export interface PluginPermission {
  pluginId: string;
  roles: readonly Role[];
}

export type PluginPermissionTable = Readonly<Record<string, PluginPermission>>;

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

/** Point ids start with their owner's id in camelCase (`documents.x`, `gstReturns.y`). */
const pointPrefixOf = (pluginId: string) => `${pluginId.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())}.`;

/** A contribution to a point of a plugin the contributor only optionally uses, which this host does not have: nobody gathers it. */
function isPointOfAbsentOptionalPlugin(pointId: string, manifest: PluginManifest, installed: Set<string>): boolean {
  return manifest.requires.optional.some((optional) => !installed.has(optional) && pointId.startsWith(pointPrefixOf(optional)));
}

/**
 * Every contribution names a point of the core, of the plugin itself or of a plugin it requires, and has that
 * point's shape; the problems of all plugins are reported together.
 */
export function validateContributions(plugins: LoadedPlugin[]): void {
  const points = new Map<string, { point: ExtensionPoint<unknown>; owner: string | null }>(
    CORE_EXTENSION_POINTS.map((point) => [point.id, { point, owner: null }]),
  );
  const problems: string[] = [];
  for (const plugin of plugins) {
    for (const point of plugin.definition?.extensionPoints ?? []) {
      if (points.has(point.id))
        problems.push(
          `Plugin ${plugin.manifest.id}: extension point ${point.id} is already declared by ${points.get(point.id)?.owner ?? 'the core'}`,
        );
      else points.set(point.id, { point, owner: plugin.manifest.id });
    }
  }
  const installed = new Set(plugins.map((plugin) => plugin.manifest.id));
  for (const plugin of plugins) {
    const id = plugin.manifest.id;
    for (const contribution of plugin.definition?.contributes ?? []) {
      const declared = points.get(contribution.point);
      if (!declared && isPointOfAbsentOptionalPlugin(contribution.point, plugin.manifest, installed)) continue;
      if (!declared) {
        problems.push(`Plugin ${id}: contributes to ${contribution.point}, which no installed plugin declares`);
        continue;
      }
      if (
        declared.owner &&
        declared.owner !== id &&
        !plugin.manifest.requires.plugins.includes(declared.owner) &&
        !plugin.manifest.requires.optional.includes(declared.owner)
      ) {
        problems.push(`Plugin ${id}: contributes to ${contribution.point} of ${declared.owner} without requiring ${declared.owner}`);
        continue;
      }
      const checked = declared.point.schema.safeParse(contribution.value);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        problems.push(`Plugin ${id}: its ${contribution.point} contribution is invalid at ${issue?.path.join('.') || 'the top'}: ${issue?.message}`);
      }
    }
  }
  if (problems.length) throw new PluginLoadError(problems);
}

/** Where a plugin's web part starts; the web build makes the plugin's remote from it. */
const WEB_PART_ENTRY = path.join('web', 'plugin.tsx');

/**
 * Whether a workspace can use the plugin today. A plugin that puts a page in the sidebar (`nav`) is available once it
 * has a web part to draw that page; one without a page works through its server part and contributions alone.
 */
function isPluginAvailable(plugin: DiscoveredPlugin): boolean {
  return !plugin.manifest.nav || existsSync(path.join(plugin.dir, WEB_PART_ENTRY));
}

/** The installed plugins, in dependency order. */
export class PluginRegistry {
  private readonly byId: Map<string, LoadedPlugin>;
  private readonly available: ReadonlySet<string>;

  constructor(readonly plugins: LoadedPlugin[]) {
    this.byId = new Map(plugins.map((plugin) => [plugin.manifest.id, plugin]));
    this.available = new Set(plugins.filter(isPluginAvailable).map((plugin) => plugin.manifest.id));
  }

  get(id: string): LoadedPlugin | undefined {
    return this.byId.get(id);
  }

  /** False for an installed plugin whose page is not built yet ("Not available yet"), and for an unknown id. */
  isAvailable(id: string): boolean {
    return this.available.has(id);
  }

  manifests(): PluginManifest[] {
    return this.plugins.map((plugin) => plugin.manifest);
  }

  /** Plugins that name `id` in their `requires.plugins`. */
  dependentsOf(id: string): PluginManifest[] {
    return this.manifests().filter((manifest) => manifest.requires.plugins.includes(id));
  }

  /** Every plugin's permissions with the plugin declaring each; the manifest's naming rule keeps the names apart. */
  permissionTable(): PluginPermissionTable {
    return Object.fromEntries(
      this.manifests().flatMap((manifest) => Object.entries(manifest.permissions).map(([name, roles]) => [name, { pluginId: manifest.id, roles }])),
    );
  }

  /** Every plugin's contributions to one extension point, in dependency order. */
  contributions<T>(point: ExtensionPoint<T>): { pluginId: string; value: T }[] {
    return this.plugins.flatMap((plugin) =>
      (plugin.definition?.contributes ?? [])
        .filter((contribution) => contribution.point === point.id)
        .map((contribution) => ({ pluginId: plugin.manifest.id, value: contribution.value as T })),
    );
  }
}
