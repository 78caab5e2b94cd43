import { PluginLoadError } from '../plugins/plugin-discovery';

/**
 * Providers' ids are the keys of the answers (`stats.totalClients`, `incomplete: ['clients']`), so two providers of
 * one point may not share one: start-up stops naming both contributors.
 */
export function assertUniqueProviderIds(point: string, providers: { pluginId: string; id: string }[]): void {
  const owners = new Map<string, string>();
  const problems: string[] = [];
  for (const { pluginId, id } of providers) {
    const owner = owners.get(id);
    if (owner === undefined) owners.set(id, pluginId);
    else
      problems.push(`Plugin ${pluginId}: ${point} provider id "${id}" is already used by ${owner === pluginId ? 'another of its providers' : owner}`);
  }
  if (problems.length) throw new PluginLoadError(problems);
}
