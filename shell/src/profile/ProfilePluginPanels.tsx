import { Card } from '@blueprintjs/core';
import { contributionsTo } from '../plugins/contributions';
import { PluginBoundary } from '../plugins/PluginBoundary';
import { useLoadedPlugins } from '../plugins/workspace-plugins';
import { useMyWorkspaces, type WorkspaceSummary } from '../workspace/workspace-queries';
import './profile-plugin-panels.css';

/** One workspace's card: the panels its enabled plugins add to the profile, or nothing when none does. */
function WorkspacePanelsCard({ workspace }: { workspace: WorkspaceSummary }) {
  const { loaded } = useLoadedPlugins(workspace.externalId);
  const panels = contributionsTo(loaded, 'profilePanels');
  if (!panels.length) return null;
  const titleId = `profile-workspace-${workspace.externalId}`;
  return (
    <Card className="account-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="account-card__title">
        {workspace.name}
      </h2>
      <p className="account-card__description">Your own choices in this workspace; they do not change anything for the rest of the team.</p>
      {panels.map(({ pluginId, pluginName, item: panel }) => (
        <section key={`${pluginId}.${panel.id}`} className="profile-plugin-panel" aria-labelledby={`${titleId}-${pluginId}-${panel.id}`}>
          <h3 id={`${titleId}-${pluginId}-${panel.id}`} className="profile-plugin-panel__title">
            {panel.title}
          </h3>
          {/* Retry clears the boundary's error, which mounts the panel again. */}
          <PluginBoundary pluginName={pluginName} onRetry={() => undefined}>
            <panel.component workspaceId={workspace.externalId} workspaceName={workspace.name} />
          </PluginBoundary>
        </section>
      ))}
    </Card>
  );
}

/**
 * The `profilePanels` plugins contribute, once per workspace the member is in where the plugin is on: a member of
 * several firms chooses for each of them, without having to open each workspace first.
 */
export function ProfilePluginPanels() {
  const workspaces = useMyWorkspaces();
  return (workspaces.data ?? []).map((workspace) => <WorkspacePanelsCard key={workspace.externalId} workspace={workspace} />);
}
