import { useParams } from 'react-router-dom';
import type { DashboardCard } from '@axal/web-sdk';
import { CLIENT_DASHBOARD_CARDS } from '../clients/dashboard/client-dashboard-cards';
import { contributionsTo, type Contribution } from '../plugins/contributions';
import { PluginBoundary } from '../plugins/PluginBoundary';
import type { LoadedPluginState } from '../plugins/workspace-plugins';
import { PageHeader } from './PageHeader';

/** The clients domain is always on: its cards are there whichever plugins the workspace has switched on. */
const CORE_CARDS: Contribution<DashboardCard>[] = CLIENT_DASHBOARD_CARDS.map((item) => ({ pluginId: 'core', pluginName: 'Clients', item }));

/** The workspace dashboard: the core's client cards and those plugins add through the `dashboardCards` slot, by `order`. */
export function DashboardPage({ loaded }: { loaded: LoadedPluginState[] }) {
  const { workspaceId = '' } = useParams();
  const cards = [...CORE_CARDS, ...contributionsTo(loaded, 'dashboardCards')].sort((a, b) => a.item.order - b.item.order);
  return (
    <div className="workspace-page">
      <PageHeader title="Dashboard" />
      <div className="dashboard-cards">
        {cards.map(({ pluginId, pluginName, item: card }) => (
          // A card that throws fails alone; Retry re-mounts it.
          <PluginBoundary key={`${pluginId}.${card.id}`} pluginName={pluginName} onRetry={() => undefined}>
            <card.component workspaceId={workspaceId} />
          </PluginBoundary>
        ))}
      </div>
    </div>
  );
}
