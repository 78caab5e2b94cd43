import { appPath, usePermission } from '@axal/web-sdk';
import { EmptyState } from '@axal/web-sdk/ui';
import { PageHeader } from '../workspace/PageHeader';
import { RouterAnchorButton } from '../workspace/router-links';

/** A disabled plugin's address: say so plainly, and show the way to switch it on to those who may. */
export function NotEnabledPage({ pluginName, workspaceId }: { pluginName: string; workspaceId: string }) {
  const canSwitch = usePermission('manage_plugins');
  return (
    <div className="workspace-page">
      <PageHeader title={pluginName} />
      <EmptyState
        icon="disable"
        title={`${pluginName} is not enabled for this workspace`}
        description={
          canSwitch
            ? `Switch the ${pluginName} plugin on in Settings to use it here. Its data is kept while it is off.`
            : `Ask an owner or admin of this workspace to switch the ${pluginName} plugin on.`
        }
        action={
          canSwitch ? (
            <RouterAnchorButton to={appPath(`/w/${workspaceId}/settings/plugins`)} intent="primary" text="Open plugin settings" />
          ) : undefined
        }
      />
    </div>
  );
}
