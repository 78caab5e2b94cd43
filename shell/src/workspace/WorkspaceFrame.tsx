import { Button, Classes } from '@blueprintjs/core';
import { useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useParams, useRoutes } from 'react-router-dom';
import { ApiError, currentWorkspaceIdAtom, PluginExportsContext } from '@axal/web-sdk';
import { ErrorState, LoadingState } from '@axal/web-sdk/ui';
import { useFocusHeadingOnNavigation } from '../app/focus-heading-on-navigation';
import { useFocusRescue } from '../app/focus-rescue';
import { NotFoundPage } from '../public/NotFoundPage';
import { usePluginExports } from '../plugins/plugin-exports';
import { pluginRouteObjects } from '../plugins/plugin-routes';
import { useLoadedPlugins } from '../plugins/workspace-plugins';
import { DashboardPage } from './DashboardPage';
import { useNarrowScreenNav } from './narrow-screen-nav';
import { Sidebar } from './sidebar/Sidebar';
import { useWorkspaceDetail } from './workspace-queries';
import './workspace-frame.css';

// Settings, Clients, Notifications and their forms load when opened, not with every workspace page.
const SettingsPage = lazy(() => import('../settings/SettingsPage').then((module) => ({ default: module.SettingsPage })));
const ClientsArea = lazy(() => import('../clients/ClientsArea').then((module) => ({ default: module.ClientsArea })));
const NotificationsPage = lazy(() => import('./notifications/NotificationsPage').then((module) => ({ default: module.NotificationsPage })));

const SIDEBAR_ID = 'workspace-sidebar';
const CONTENT_ID = 'workspace-content';

function useCurrentWorkspaceAtom(workspaceId: string) {
  const setCurrentWorkspace = useSetAtom(currentWorkspaceIdAtom);
  useEffect(() => {
    setCurrentWorkspace(workspaceId);
    return () => setCurrentWorkspace(null);
  }, [workspaceId, setCurrentWorkspace]);
}

interface NarrowScreenTopBarProps {
  title?: string;
  isNavOpen: boolean;
  onOpenNav: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

function NarrowScreenTopBar({ title, isNavOpen, onOpenNav, menuButtonRef }: NarrowScreenTopBarProps) {
  return (
    <header className="workspace-topbar">
      <Button
        ref={menuButtonRef}
        variant="minimal"
        icon="menu"
        aria-label="Open navigation"
        aria-expanded={isNavOpen}
        aria-controls={SIDEBAR_ID}
        onClick={onOpenNav}
      />
      <span className={`workspace-topbar__title ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{title}</span>
    </header>
  );
}

/** `{app}/w/:workspaceId/*`: the sidebar and the workspace's pages, core and plugin. A non-member gets the 404 page. */
export function WorkspaceFrame() {
  const { workspaceId = '' } = useParams();
  useCurrentWorkspaceAtom(workspaceId);
  const workspace = useWorkspaceDetail(workspaceId);
  const { list, loaded } = useLoadedPlugins(workspaceId);
  const pluginExports = usePluginExports(loaded);
  const { isOpen: isNavOpen, open: openNav, close: closeNav, panelRef, menuButtonRef } = useNarrowScreenNav();
  const contentRef = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(contentRef);
  useFocusRescue(contentRef);

  const page = useRoutes([
    { index: true, element: <DashboardPage loaded={loaded} /> },
    { path: 'dashboard', element: <DashboardPage loaded={loaded} /> },
    {
      path: 'clients/*',
      element: (
        <Suspense fallback={<LoadingState />}>
          <ClientsArea loaded={loaded} />
        </Suspense>
      ),
    },
    {
      path: 'settings/*',
      element: (
        <Suspense fallback={<LoadingState />}>
          <SettingsPage />
        </Suspense>
      ),
    },
    {
      path: 'notifications',
      element: (
        <Suspense fallback={<LoadingState />}>
          <NotificationsPage />
        </Suspense>
      ),
    },
    ...pluginRouteObjects(workspaceId, list.data ?? [], loaded, () => void list.refetch()),
    { path: '*', element: <NotFoundPage embedded /> },
  ]);

  if (workspace.error instanceof ApiError && workspace.error.status === 404) return <NotFoundPage />;

  let content: ReactNode = page;
  if (workspace.isPending || list.isPending) content = <LoadingState />;
  else if (workspace.error || list.error) {
    content = <ErrorState message="This workspace could not be loaded." onRetry={() => void Promise.all([workspace.refetch(), list.refetch()])} />;
  }

  return (
    <div className="workspace-frame">
      <a className="skip-link" href={`#${CONTENT_ID}`}>
        Skip to content
      </a>
      <NarrowScreenTopBar title={workspace.data?.name} isNavOpen={isNavOpen} onOpenNav={openNav} menuButtonRef={menuButtonRef} />
      <Sidebar
        ref={panelRef}
        id={SIDEBAR_ID}
        workspaceId={workspaceId}
        workspace={workspace.data}
        plugins={loaded}
        isOpenOnNarrowScreens={isNavOpen}
      />
      {isNavOpen && <div className="workspace-frame__backdrop" aria-hidden="true" onClick={closeNav} />}
      <main id={CONTENT_ID} className="workspace-frame__content" tabIndex={-1} ref={contentRef}>
        <PluginExportsContext value={pluginExports}>{content}</PluginExportsContext>
      </main>
    </div>
  );
}
