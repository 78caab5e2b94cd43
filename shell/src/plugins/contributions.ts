import type { ClientSection, DashboardCard } from '@axal/web-sdk';
import type { LoadedPluginState } from './workspace-plugins';

interface Slots {
  clientSections: ClientSection;
  dashboardCards: DashboardCard;
}

export interface Contribution<T> {
  pluginId: string;
  pluginName: string;
  item: T;
}

/** What the loaded plugins put into one extension slot of the shell, in their declared order. */
export function contributionsTo<K extends keyof Slots>(loaded: LoadedPluginState[], slot: K): Contribution<Slots[K]>[] {
  return loaded
    .flatMap((state) =>
      state.status === 'ready'
        ? ((state.plugin[slot] ?? []) as Slots[K][]).map((item) => ({ pluginId: state.entry.id, pluginName: state.entry.name, item }))
        : [],
    )
    .sort((a, b) => a.item.order - b.item.order);
}
