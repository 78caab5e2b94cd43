import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

/** The marker the shell checks before mounting a remote's module, so a wrong export fails clearly. */
export const WEB_PLUGIN_TYPE = 'axal.web-plugin/v1';

export interface ClientSectionProps {
  workspaceId: string;
  clientId: string;
}

/** A section a plugin adds to the client page (e.g. Documents, Tasks). */
export interface ClientSection {
  id: string;
  title: string;
  order: number;
  component: ComponentType<ClientSectionProps>;
}

export interface DashboardCardProps {
  workspaceId: string;
}

/** A card or figure a plugin adds to the workspace dashboard. */
export interface DashboardCard {
  id: string;
  order: number;
  component: ComponentType<DashboardCardProps>;
}

export interface WebPluginDefinition {
  /** Must equal the plugin's manifest id. */
  id: string;
  /** Routes relative to `{app}/w/:workspaceId/`, e.g. `{ path: 'tasks/:taskId', element: <TaskPage /> }`. */
  routes: RouteObject[];
  clientSections?: ClientSection[];
  dashboardCards?: DashboardCard[];
}

export type WebPlugin = WebPluginDefinition & { $$type: typeof WEB_PLUGIN_TYPE };

/** What a plugin's `web/plugin.tsx` default-exports. */
export function defineWebPlugin(definition: WebPluginDefinition): WebPlugin {
  return { ...definition, $$type: WEB_PLUGIN_TYPE };
}

export function isWebPlugin(value: unknown): value is WebPlugin {
  return typeof value === 'object' && value !== null && (value as WebPlugin).$$type === WEB_PLUGIN_TYPE;
}
