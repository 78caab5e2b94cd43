import type { ClientSection, DashboardCard, ProfilePanel, SearchResultRenderer, SettingsPanel } from '@axal/web-sdk';
import type { LoadedPluginState } from './workspace-plugins';

interface Slots {
  clientSections: ClientSection;
  dashboardCards: DashboardCard;
  settingsPanels: SettingsPanel;
  profilePanels: ProfilePanel;
  searchResultRenderers: SearchResultRenderer;
}

export interface Contribution<T> {
  pluginId: string;
  pluginName: string;
  item: T;
}

/** Slots whose items carry no `order` keep the plugins' order (the sort is stable). */
const orderOf = (item: object): number => ('order' in item && typeof item.order === 'number' ? item.order : 0);

/** What the loaded plugins put into one extension slot of the shell, in their declared order. */
export function contributionsTo<K extends keyof Slots>(loaded: LoadedPluginState[], slot: K): Contribution<Slots[K]>[] {
  return loaded
    .flatMap((state) =>
      state.status === 'ready'
        ? ((state.plugin[slot] ?? []) as Slots[K][]).map((item) => ({ pluginId: state.entry.id, pluginName: state.entry.name, item }))
        : [],
    )
    .sort((a, b) => orderOf(a.item) - orderOf(b.item));
}
