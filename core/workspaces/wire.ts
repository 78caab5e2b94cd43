/**
 * The plugin catalogue as it crosses the wire: one definition for the server, the shell and the tests. Types only,
 * no Node-only APIs here.
 */
import type { PluginManifest } from '../plugin-api/manifest';

/** Where a plugin sits in the sidebar, as its manifest declares it. */
export type PluginNav = NonNullable<PluginManifest['nav']>;

/** One plugin of `GET {app}/api/v1/plugins`: what is installed, whatever any workspace has switched on. */
export interface PluginCatalogueEntry {
  id: string;
  name: string;
  description: string;
  version: string;
  demo: boolean;
  defaultEnabled: boolean;
  /** Ids of the plugins it needs enabled first. */
  requires: string[];
  nav: PluginNav | null;
  /**
   * False while a plugin with a page (`nav`) has no web part yet: the shell shows it as "Not available yet", without a
   * switch, keeps it out of the sidebar and answers its address with a page saying so; switching it answers 409.
   */
  available: boolean;
}

/** One plugin of `GET {app}/api/v1/workspaces/{id}/plugins` (and of the answer to switching it). */
export interface WorkspacePluginEntry extends PluginCatalogueEntry {
  /** The workspace's stored switch; an unavailable plugin keeps it until it becomes available. */
  enabled: boolean;
  /** Whether the plugin contributes settings, edited on the Settings page. */
  hasSettings: boolean;
  /** The URL of its web remote; null when it has no web part or is disabled in the workspace (its code is not loaded). */
  remoteEntry: string | null;
}
