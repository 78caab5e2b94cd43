import { appPath } from '@axal/web-sdk';
import { EmptyState } from '@axal/web-sdk/ui';
import { PageHeader } from '../workspace/PageHeader';
import { RouterAnchorButton } from '../workspace/router-links';

/** The address of a plugin that has no page yet: say what the feature will be and that it is not here yet, instead of a 404. */
export function NotAvailablePage({ pluginName, description, workspaceId }: { pluginName: string; description: string; workspaceId: string }) {
  return (
    <div className="workspace-page">
      <PageHeader title={pluginName} description={description} />
      <EmptyState
        icon="time"
        title={`${pluginName} is not available yet`}
        description="This feature is still being built. It will appear in the sidebar, and in Settings → Plugins with a switch, once it is ready."
        // A link, as it leads elsewhere; Blueprint's anchor button would call itself a button.
        action={<RouterAnchorButton role="link" to={appPath(`/w/${workspaceId}/dashboard`)} text="Go to the dashboard" />}
      />
    </div>
  );
}
