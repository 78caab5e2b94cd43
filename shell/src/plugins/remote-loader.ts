import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { isWebPlugin, remoteContainerName, type WebPlugin } from '@axal/web-sdk';

export class RemoteLoadError extends Error {}

/**
 * Registers a plugin's remote at run time and loads its exposed `./plugin`. `attempt` makes a retry fetch the
 * entry again instead of reusing a failed download.
 */
export async function loadWebPlugin(pluginId: string, remoteEntry: string, attempt = 0): Promise<WebPlugin> {
  const name = remoteContainerName(pluginId);
  const entry = attempt > 0 ? `${remoteEntry}?attempt=${attempt}` : remoteEntry;
  registerRemotes([{ name, entry }], { force: attempt > 0 });
  const module = await loadRemote<{ default?: unknown }>(`${name}/plugin`);
  const plugin = module?.default;
  if (!isWebPlugin(plugin)) throw new RemoteLoadError(`The ${pluginId} remote does not export defineWebPlugin(...)`);
  if (plugin.id !== pluginId) throw new RemoteLoadError(`The ${pluginId} remote declares the id "${plugin.id}"`);
  return plugin;
}
