import { useQuery } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useParams, useRoutes, type RouteObject } from 'react-router-dom';
import { ApiError, apiV1, currentWorkspaceIdAtom } from '@axal/web-sdk';
import { ErrorState, LoadingState } from '@axal/web-sdk/ui';
import { NotFoundPage } from '../public/NotFoundPage';
import { pluginRouteObjects } from '../plugins/plugin-routes';
import { useLoadedPlugins } from '../plugins/workspace-plugins';
import { SettingsPage } from '../settings/SettingsPage';
import { DashboardPage } from './DashboardPage';
import { Sidebar } from './Sidebar';
import './workspace-frame.css';

export interface WorkspaceDetail {
  externalId: string;
  name: string;
  role: string;
  memberCount: number;
}

export const workspaceKey = (workspaceId: string) => ['workspaces', workspaceId] as const;

/** `{app}/w/:workspaceId/*`: the sidebar and the workspace's pages, core and plugin. A non-member gets the 404 page. */
export function WorkspaceFrame() {
  const { workspaceId = '' } = useParams();
  const setCurrentWorkspace = useSetAtom(currentWorkspaceIdAtom);
  useEffect(() => {
    setCurrentWorkspace(workspaceId);
    return () => setCurrentWorkspace(null);
  }, [workspaceId, setCurrentWorkspace]);

  const workspace = useQuery({
    queryKey: workspaceKey(workspaceId),
    queryFn: () => apiV1<WorkspaceDetail>(`/workspaces/${workspaceId}`),
  });
  const { list, loaded } = useLoadedPlugins(workspaceId);

  const routes: RouteObject[] = [
    { index: true, element: <DashboardPage loaded={loaded} /> },
    { path: 'dashboard', element: <DashboardPage loaded={loaded} /> },
    { path: 'settings/*', element: <SettingsPage /> },
    ...pluginRouteObjects(workspaceId, list.data ?? [], loaded, () => void list.refetch()),
    { path: '*', element: <NotFoundPage embedded /> },
  ];
  const page = useRoutes(routes);

  if (workspace.error instanceof ApiError && workspace.error.status === 404) return <NotFoundPage />;
  return (
    <div className="workspace-frame">
      <Sidebar workspace={workspace.data} plugins={loaded} />
      <main className="workspace-frame__content">
        {workspace.isPending || list.isPending ? (
          <LoadingState />
        ) : workspace.error || list.error ? (
          <ErrorState message="This workspace could not be loaded." onRetry={() => void Promise.all([workspace.refetch(), list.refetch()])} />
        ) : (
          page
        )}
      </main>
    </div>
  );
}
