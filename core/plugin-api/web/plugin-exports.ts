import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext, type ComponentType } from 'react';
import type { WorkspacePluginEntry } from '../../workspaces/wire';
import { apiV1 } from './api-client';
import { useCurrentWorkspaceId } from './session';

/** `GET workspaces/{id}/plugins`: the shell's plugin loading and `usePluginEnabled` share this one cache entry. */
export function workspacePluginsQuery(workspaceId: string) {
  return queryOptions({
    queryKey: ['workspaces', workspaceId, 'plugins'] as const,
    queryFn: () => apiV1<{ plugins: WorkspacePluginEntry[] }>(`/workspaces/${workspaceId}/plugins`).then((body) => body.plugins),
  });
}

/** Whether a plugin is installed, available and switched on in the current workspace; false until the list is known. */
export function usePluginEnabled(pluginId: string): boolean {
  const workspaceId = useCurrentWorkspaceId();
  const { data } = useQuery({ ...workspacePluginsQuery(workspaceId ?? ''), enabled: Boolean(workspaceId) });
  return data?.some((entry) => entry.id === pluginId && entry.enabled && entry.available) ?? false;
}

/** The components each loaded plugin exports (`defineWebPlugin({ exports })`), by plugin id then export name. */
export type PluginExports = ReadonlyMap<string, Readonly<Record<string, ComponentType<any>>>>;

/** Provided by the shell's workspace frame from the plugins it has loaded for the workspace. */
export const PluginExportsContext = createContext<PluginExports>(new Map());

/**
 * A component another plugin exports, e.g. `usePluginExport<EntityAttachmentsProps>('documents', 'EntityAttachments')`,
 * or null while that plugin is off, not installed, or its remote has not loaded (or failed to). Whoever shows it
 * hides the part it fills when null. The shell wraps each export in the exporting plugin's error boundary.
 */
export function usePluginExport<Props>(pluginId: string, name: string): ComponentType<Props> | null {
  const exported = useContext(PluginExportsContext).get(pluginId)?.[name];
  return (exported as ComponentType<Props> | undefined) ?? null;
}
