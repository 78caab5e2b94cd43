import { appPath } from '@axal/web-sdk';
import { AuthLayout } from './AuthLayout';
import { Notice } from './controls/Notice';
import { LinkButton } from './LinkButton';
import { useSessionStatus } from './session-status';

/** `{app}/workspace-deleted`: where the server sends the owner after deleting a workspace. */
export function WorkspaceDeletedPage() {
  const signedIn = Boolean(useSessionStatus().session?.user);
  return (
    <AuthLayout title="Workspace deleted" subtitle="The workspace and everything in it have been permanently deleted.">
      <Notice intent="success" className="auth-callout" role="status">
        Its clients, tasks, notices, documents and settings are gone, and its members have been notified. This cannot be undone.
      </Notice>
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
