import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiV1 } from '@axal/web-sdk';

/** JSON Schema of one settings field, as zod's `toJSONSchema` writes it; only the keywords the generic form reads. */
export interface SettingsPropertySchema {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  title?: string;
  description?: string;
  default?: unknown;
}

export interface SettingsObjectSchema {
  type?: string;
  properties?: Record<string, SettingsPropertySchema>;
  required?: string[];
}

export type SettingsValues = Record<string, unknown>;

/** `GET {app}/api/v1/workspaces/{id}/plugins/{pluginId}/settings`. */
export interface PluginSettingsAnswer {
  pluginId: string;
  values: SettingsValues;
  schema: SettingsObjectSchema;
  fields: Record<string, { label: string; help?: string }>;
}

const settingsPath = (workspaceId: string, pluginId: string) => `/workspaces/${workspaceId}/plugins/${pluginId}/settings`;
export const pluginSettingsKey = (workspaceId: string, pluginId: string) => ['workspaces', workspaceId, 'plugins', pluginId, 'settings'] as const;

export function usePluginSettings(workspaceId: string, pluginId: string) {
  return useQuery({
    queryKey: pluginSettingsKey(workspaceId, pluginId),
    queryFn: () => apiV1<PluginSettingsAnswer>(settingsPath(workspaceId, pluginId)),
  });
}

export function useSavePluginSettings(workspaceId: string, pluginId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SettingsValues) =>
      apiV1<{ values: SettingsValues }>(settingsPath(workspaceId, pluginId), { method: 'PUT', body: { values } }),
    onSuccess: ({ values }) =>
      queryClient.setQueryData<PluginSettingsAnswer>(pluginSettingsKey(workspaceId, pluginId), (current) => current && { ...current, values }),
  });
}
