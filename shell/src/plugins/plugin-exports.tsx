import { useState, type ComponentType } from 'react';
import type { PluginExports, WebPlugin } from '@axal/web-sdk';
import { PluginBoundary } from './PluginBoundary';
import type { LoadedPluginState } from './workspace-plugins';

type ExportedComponents = Readonly<Record<string, ComponentType<any>>>;

// One wrapper per loaded remote and export, so a re-render of the frame never remounts what a page shows.
const wrappedByPlugin = new WeakMap<WebPlugin, ExportedComponents>();

/** A plugin's exports, each inside the plugin's own boundary: one that throws or fails to load breaks only its card. */
function exportsInBoundary(plugin: WebPlugin, pluginName: string): ExportedComponents {
  const known = wrappedByPlugin.get(plugin);
  if (known) return known;
  const wrapped = Object.fromEntries(
    Object.entries(plugin.exports ?? {}).map(([name, Exported]) => {
      function PluginExport(props: object) {
        return (
          <PluginBoundary pluginName={pluginName} onRetry={() => undefined}>
            <Exported {...props} />
          </PluginBoundary>
        );
      }
      PluginExport.displayName = `${plugin.id}.${name}`;
      return [name, PluginExport];
    }),
  );
  wrappedByPlugin.set(plugin, wrapped);
  return wrapped;
}

const sameRemotes = (a: readonly WebPlugin[], b: readonly WebPlugin[]) => a.length === b.length && a.every((plugin, index) => plugin === b[index]);

function exportsOf(ready: Extract<LoadedPluginState, { status: 'ready' }>[]): { plugins: WebPlugin[]; exports: PluginExports } {
  return {
    plugins: ready.map((state) => state.plugin),
    exports: new Map(ready.map((state) => [state.entry.id, exportsInBoundary(state.plugin, state.entry.name)])),
  };
}

/**
 * What the shell provides to `usePluginExport`: the exports of the workspace's loaded plugins. The same map is
 * answered while the same remotes are loaded, so the pages reading it do not render again for nothing.
 */
export function usePluginExports(loaded: LoadedPluginState[]): PluginExports {
  const ready = loaded.flatMap((state) => (state.status === 'ready' ? [state] : []));
  const [current, setCurrent] = useState(() => exportsOf(ready));
  if (
    sameRemotes(
      current.plugins,
      ready.map((state) => state.plugin),
    )
  )
    return current.exports;
  const next = exportsOf(ready);
  setCurrent(next);
  return next.exports;
}
