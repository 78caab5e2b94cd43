import { useParams } from 'react-router-dom';
import { appPath, usePermission } from '@axal/web-sdk';
import { EmptyState } from '@axal/web-sdk/ui';
import { contributionsTo } from '../plugins/contributions';
import { PluginBoundary } from '../plugins/PluginBoundary';
import type { LoadedPluginState } from '../plugins/workspace-plugins';
import { PageHeader } from './PageHeader';
import { RouterAnchorButton } from './router-links';

/** The workspace dashboard; plugins add their cards through the `dashboardCards` slot. */
export function DashboardPage({ loaded }: { loaded: LoadedPluginState[] }) {
  const { workspaceId = '' } = useParams();
  const canManagePlugins = usePermission('manage_plugins');
  const cards = contributionsTo(loaded, 'dashboardCards');
  return (
    <div className="workspace-page">
      <PageHeader title="Dashboard" />
      {cards.length > 0 ? (
        <div className="dashboard-cards">
          {cards.map(({ pluginId, pluginName, item: card }) => (
            // A card that throws fails alone; Retry re-mounts it.
            <PluginBoundary key={`${pluginId}.${card.id}`} pluginName={pluginName} onRetry={() => undefined}>
              <card.component workspaceId={workspaceId} />
            </PluginBoundary>
          ))}
        </div>
      ) : (
        <div className="dashboard-empty">
          <EmptyState
            icon="dashboard"
            title="Nothing to show yet"
            description="Your dashboard fills in as you add clients and switch on plugins."
            action={
              canManagePlugins ? (
                <RouterAnchorButton to={appPath(`/w/${workspaceId}/settings/plugins`)} icon="applications" text="Manage plugins" />
              ) : undefined
            }
          />
        </div>
      )}
    </div>
  );
}
