import { Callout } from '@blueprintjs/core';
import { appPath, useSession } from '@axal/web-sdk';
import { CalloutIcon } from './app-icons';
import { AuthLayout } from './AuthLayout';
import { LinkButton } from './LinkButton';

/** `{app}/workspace-deleted`: where the server sends the owner after deleting a workspace. */
export function WorkspaceDeletedPage() {
  const signedIn = Boolean(useSession().data?.user);
  return (
    <AuthLayout title="Workspace deleted" subtitle="The workspace and everything in it have been permanently deleted.">
      <Callout intent="success" icon={<CalloutIcon name="checkCircle" />} className="auth-callout" role="status">
        Its clients, tasks, notices, documents and settings are gone, and its members have been notified. This cannot be undone.
      </Callout>
      <div className="auth-actions">
        {signedIn ? (
          <>
            <LinkButton to={appPath('/dashboard')} primary text="Go to dashboard" />
            <LinkButton to={appPath('/create-workspace')} text="Create a workspace" />
          </>
        ) : (
          <LinkButton to={appPath('/login')} primary text="Log in" />
        )}
      </div>
    </AuthLayout>
  );
}
