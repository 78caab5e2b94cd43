import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { SearchHit } from '../extension-points';

export type { SearchHit };

/** The marker the shell checks before mounting a remote's module, so a wrong export fails clearly. */
export const WEB_PLUGIN_TYPE = 'axal.web-plugin/v1';

export interface ClientSectionProps {
  workspaceId: string;
  clientId: string;
  /** The client's name as its page shows it, e.g. to prefill a form with the client. */
  clientName: string;
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

export interface SettingsPanelProps {
  workspaceId: string;
  pluginId: string;
}

/**
 * A plugin's own editor of its settings (`settings` extension point on the server), shown on the Settings page to
 * owners and admins instead of the form the shell generates from the settings schema. It reads and saves through
 * `workspaces/{workspaceId}/plugins/{pluginId}/settings` itself.
 */
export interface SettingsPanel {
  id: string;
  title: string;
  component: ComponentType<SettingsPanelProps>;
}

export interface ProfilePanelProps {
  workspaceId: string;
  workspaceName: string;
}

/**
 * A member's own choices that a plugin offers on the Profile page (e.g. the daily notices digest), shown once for
 * each workspace of the member where the plugin is on, under that workspace's name. Every role sees it; the panel
 * reads and saves the member's own setting through the plugin's routes.
 */
export interface ProfilePanel {
  id: string;
  title: string;
  component: ComponentType<ProfilePanelProps>;
}

export interface SearchResultRendererProps {
  hit: SearchHit;
  workspaceId: string;
}

/**
 * How the global search shows the hits of one `type` that the plugin's `search` provider answers. The component
 * draws the row's content only: the shell makes it an option of the result list, highlights it, and opens `hit.url`
 * on click or Enter. Hits of a type without a renderer show the title and subtitle.
 */
export interface SearchResultRenderer {
  type: string;
  /** Heading of the group these hits are listed under, e.g. `Tasks`; the type itself when absent. */
  groupTitle?: string;
  component: ComponentType<SearchResultRendererProps>;
}

export interface WebPluginDefinition {
  /** Must equal the plugin's manifest id. */
  id: string;
  /** Routes relative to `{app}/w/:workspaceId/`, e.g. `{ path: 'tasks/:taskId', element: <TaskPage /> }`. */
  routes: RouteObject[];
  clientSections?: ClientSection[];
  dashboardCards?: DashboardCard[];
  settingsPanels?: SettingsPanel[];
  profilePanels?: ProfilePanel[];
  searchResultRenderers?: SearchResultRenderer[];
  /**
   * Components other plugins may show, by name, e.g. `{ EntityAttachments }`; they take them with
   * `usePluginExport(pluginId, name)`, which is null while this plugin is off. Load them lazily inside.
   */
  exports?: Record<string, ComponentType<any>>;
}

export type WebPlugin = WebPluginDefinition & { $$type: typeof WEB_PLUGIN_TYPE };

/** What a plugin's `web/plugin.tsx` default-exports. */
export function defineWebPlugin(definition: WebPluginDefinition): WebPlugin {
  return { ...definition, $$type: WEB_PLUGIN_TYPE };
}

export function isWebPlugin(value: unknown): value is WebPlugin {
  return typeof value === 'object' && value !== null && (value as WebPlugin).$$type === WEB_PLUGIN_TYPE;
}
