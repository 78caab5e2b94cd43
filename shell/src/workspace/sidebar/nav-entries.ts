import type { IconName } from '@blueprintjs/core';
import type { LoadedPluginState } from '../../plugins/workspace-plugins';

export interface NavEntry {
  key: string;
  label: string;
  /** Relative to the workspace, e.g. `tasks`. */
  path: string;
  icon: IconName;
  demo: boolean;
}

/** Dashboard, Clients, then each plugin with a web part in its manifest's `nav.order`, then Settings (spec 1, section 2.2). */
export function workspaceNavEntries(plugins: LoadedPluginState[]): NavEntry[] {
  const pluginEntries = plugins
    .flatMap(({ entry }) => (entry.nav ? [{ ...entry.nav, id: entry.id, demo: entry.demo }] : []))
    .sort((a, b) => a.order - b.order)
    .map((nav) => ({ key: nav.id, label: nav.label, path: nav.path, icon: nav.icon as IconName, demo: nav.demo }));
  return [
    { key: 'dashboard', label: 'Dashboard', path: 'dashboard', icon: 'dashboard', demo: false },
    { key: 'clients', label: 'Clients', path: 'clients', icon: 'people', demo: false },
    ...pluginEntries,
    { key: 'settings', label: 'Settings', path: 'settings', icon: 'cog', demo: false },
  ];
}
