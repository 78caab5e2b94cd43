import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { workspacePluginsQuery, type WebPlugin } from '@axal/web-sdk';
import type { WorkspacePluginEntry } from '../../../core/workspaces/wire';
import { loadWebPlugin } from './remote-loader';

export type { WorkspacePluginEntry } from '../../../core/workspaces/wire';

export type LoadedPluginState =
  | { status: 'loading'; entry: WorkspacePluginEntry }
  | { status: 'failed'; entry: WorkspacePluginEntry; error: Error; retry: () => void }
  | { status: 'ready'; entry: WorkspacePluginEntry; plugin: WebPlugin };

export const workspacePluginsKey = (workspaceId: string) => workspacePluginsQuery(workspaceId).queryKey;

export function useWorkspacePluginList(workspaceId: string) {
  return useQuery(workspacePluginsQuery(workspaceId));
}

/**
 * The workspace's plugins with a web part, each loaded from its remote at run time. A failing remote fails alone:
 * its state is 'failed' with a retry that asks for the plugin list again (a deploy may have moved the remote).
 */
export function useLoadedPlugins(workspaceId: string): { list: ReturnType<typeof useWorkspacePluginList>; loaded: LoadedPluginState[] } {
  const list = useWorkspacePluginList(workspaceId);
  const queryClient = useQueryClient();
  const [attempts, setAttempts] = useState<Record<string, number>>({});
  const withRemote = (list.data ?? []).filter((entry) => entry.enabled && entry.remoteEntry);

  const results = useQueries({
    queries: withRemote.map((entry) => ({
      queryKey: ['web-plugin', entry.id, entry.remoteEntry, attempts[entry.id] ?? 0],
      queryFn: () => loadWebPlugin(entry.id, entry.remoteEntry!, attempts[entry.id] ?? 0),
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
    })),
  });

  const retry = useCallback(
    (pluginId: string) => {
      void queryClient.invalidateQueries({ queryKey: workspacePluginsKey(workspaceId) });
      setAttempts((current) => ({ ...current, [pluginId]: (current[pluginId] ?? 0) + 1 }));
    },
    [queryClient, workspaceId],
  );

  const loaded = withRemote.map((entry, index): LoadedPluginState => {
    const result = results[index];
    if (result.data) return { status: 'ready', entry, plugin: result.data };
    if (result.error) return { status: 'failed', entry, error: result.error, retry: () => retry(entry.id) };
    return { status: 'loading', entry };
  });
  return { list, loaded };
}
