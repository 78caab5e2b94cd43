import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { pluginManifestSchema, type PluginManifest } from '../plugin-api/manifest';

export interface DiscoveredPlugin {
  manifest: PluginManifest;
  /** Absolute folder of the plugin. */
  dir: string;
}

export class PluginLoadError extends Error {
  constructor(readonly problems: string[]) {
    super(`Plugins could not be loaded:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Reads and validates every `<dir>/*\/plugin.json` without running any plugin code. */
export function discoverPlugins(pluginDirs: string[]): DiscoveredPlugin[] {
  const problems: string[] = [];
  const found: DiscoveredPlugin[] = [];
  for (const root of pluginDirs) {
    if (!existsSync(root)) continue;
    for (const entry of readdirSync(root, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const dir = path.join(root, entry.name);
      const manifestFile = path.join(dir, 'plugin.json');
      if (!existsSync(manifestFile)) continue;
      const where = path.relative(process.cwd(), manifestFile) || manifestFile;
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(manifestFile, 'utf8'));
      } catch (error) {
        problems.push(`${where}: not valid JSON (${(error as Error).message})`);
        continue;
      }
      const parsed = pluginManifestSchema.safeParse(json);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) problems.push(`${where}: ${issue.path.join('.') || 'manifest'}: ${issue.message}`);
        continue;
      }
      if (parsed.data.id !== entry.name) {
        problems.push(`${where}: id "${parsed.data.id}" must equal its folder name "${entry.name}"`);
        continue;
      }
      if (parsed.data.server && !existsSync(path.join(dir, parsed.data.server))) {
        problems.push(`Plugin ${parsed.data.id}: server entry ${parsed.data.server} does not exist`);
        continue;
      }
      found.push({ manifest: parsed.data, dir });
    }
  }
  const seen = new Map<string, string>();
  for (const plugin of found) {
    const earlier = seen.get(plugin.manifest.id);
    if (earlier) problems.push(`Plugin ${plugin.manifest.id} is installed twice: ${earlier} and ${plugin.dir}`);
    seen.set(plugin.manifest.id, plugin.dir);
  }
  if (problems.length) throw new PluginLoadError(problems);
  return found;
}

/**
 * The plugins named in `ids` and, transitively, every plugin they require, in their discovered order: a host of only
 * these. A name that is not installed is an error listing what is; a requirement that is missing is left for
 * orderPlugins to report.
 */
export function selectPlugins<T extends { manifest: PluginManifest }>(plugins: T[], ids: readonly string[]): T[] {
  const byId = new Map(plugins.map((plugin) => [plugin.manifest.id, plugin]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length) {
    const installed = [...byId.keys()].sort().join(', ');
    throw new PluginLoadError(unknown.map((id) => `Plugin ${id} is not installed (installed: ${installed})`));
  }
  const selected = new Set<string>();
  const select = (id: string): void => {
    const plugin = byId.get(id);
    if (!plugin || selected.has(id)) return;
    selected.add(id);
    for (const dependency of plugin.manifest.requires.plugins) select(dependency);
  };
  for (const id of ids) select(id);
  return plugins.filter((plugin) => selected.has(plugin.manifest.id));
}

/**
 * Orders plugins so that every plugin comes after the plugins it requires or optionally uses (ties by id, so the
 * order is stable).
 * A missing dependency, an incompatible core version or a cycle is an error naming the plugins involved.
 */
export function orderPlugins<T extends { manifest: PluginManifest }>(plugins: T[], coreVersion: string): T[] {
  const byId = new Map(plugins.map((plugin) => [plugin.manifest.id, plugin]));
  const problems: string[] = [];
  for (const { manifest } of plugins) {
    if (!semver.satisfies(coreVersion, manifest.requires.core, { includePrerelease: true })) {
      problems.push(`Plugin ${manifest.id} requires core ${manifest.requires.core}, but the core is ${coreVersion}`);
    }
    for (const dependency of manifest.requires.plugins) {
      if (!byId.has(dependency)) problems.push(`Plugin ${manifest.id} requires plugin ${dependency}, which is not installed`);
    }
  }
  if (problems.length) throw new PluginLoadError(problems);

  const ordered: T[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (id: string, trail: string[]): void => {
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'visiting') {
      const cycle = [...trail.slice(trail.indexOf(id)), id];
      throw new PluginLoadError([`Plugins form a dependency cycle: ${cycle.join(' -> ')}`]);
    }
    state.set(id, 'visiting');
    const plugin = byId.get(id)!;
    // An installed optional plugin comes first too, so its services are bound before this plugin's.
    const installedOptional = plugin.manifest.requires.optional.filter((dependency) => byId.has(dependency));
    for (const dependency of [...plugin.manifest.requires.plugins, ...installedOptional].sort()) visit(dependency, [...trail, id]);
    state.set(id, 'done');
    ordered.push(plugin);
  };
  for (const id of [...byId.keys()].sort()) visit(id, []);
  return ordered;
}
