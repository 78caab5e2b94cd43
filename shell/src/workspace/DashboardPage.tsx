import { H2 } from '@blueprintjs/core';
import { useParams } from 'react-router-dom';
import type { LoadedPluginState } from '../plugins/workspace-plugins';

/** The workspace dashboard; plugins add their cards through the `dashboardCards` slot. */
export function DashboardPage({ loaded }: { loaded: LoadedPluginState[] }) {
  const { workspaceId = '' } = useParams();
  const cards = loaded
    .flatMap((state) => (state.status === 'ready' ? (state.plugin.dashboardCards ?? []) : []))
    .sort((a, b) => a.order - b.order);
  return (
    <section aria-labelledby="dashboard-title">
      <H2 id="dashboard-title">Dashboard</H2>
      <div className="dashboard-cards">
        {cards.map((card) => (
          <card.component key={card.id} workspaceId={workspaceId} />
        ))}
      </div>
    </section>
  );
}
