import { Navigate, useLocation } from 'react-router-dom';
import { appPath } from '@axal/web-sdk';
import { ErrorState } from '@axal/web-sdk/ui';
import { PageLoading } from '../app/PageLoading';
import { useMyWorkspaces } from './workspace-queries';

/** `{app}/dashboard` and `{app}/settings`: the same page of the user's first workspace, or workspace creation when there is none. */
export function DefaultWorkspaceRedirect() {
  const workspaces = useMyWorkspaces();
  const { pathname } = useLocation();
  if (workspaces.isPending) return <PageLoading />;
  if (workspaces.error) return <ErrorState message="Your workspaces could not be loaded." onRetry={() => void workspaces.refetch()} />;
  const [first] = workspaces.data;
  if (!first) return <Navigate to={appPath('/create-workspace')} replace />;
  const section = pathname.endsWith('/settings') ? 'settings' : 'dashboard';
  return <Navigate to={appPath(`/w/${first.externalId}/${section}`)} replace />;
}
