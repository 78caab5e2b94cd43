import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
// Read directly rather than through the shared SDK, which would bring its data libraries onto the not-found page.
import { appPath } from '../../../core/plugin-api/web/runtime-config';
import { FullPageLoad } from '../public/FullPageLoad';
import { PageLoading } from './PageLoading';
import { useAppliedTheme } from './theme';

type Area = Record<string, ComponentType>;

const AppProviders = lazy(() => import('./AppProviders'));

/** A page from an area module with the app's data providers; each area is its own chunk. */
function appPage(loadArea: () => Promise<Area>, name: string): ComponentType {
  const Page = lazy(() => loadArea().then((area) => ({ default: area[name] })));
  return function AppPage() {
    return (
      <Suspense fallback={<PageLoading />}>
        <AppProviders>
          <Page />
        </AppProviders>
      </Suspense>
    );
  };
}

const signedInArea = () => import('../workspace/signed-in-area') as Promise<Area>;
const CreateWorkspacePage = appPage(signedInArea, 'CreateWorkspacePage');
const DefaultWorkspaceRedirect = appPage(signedInArea, 'DefaultWorkspaceRedirect');
const ProfilePage = appPage(signedInArea, 'ProfilePage');
const WorkspaceFrame = appPage(signedInArea, 'WorkspaceFrame');
const NotFoundPage = lazy(() => import('../public/NotFoundPage').then((page) => ({ default: page.NotFoundPage })));

const base = appPath();

/**
 * The workspace app's pages. The public and sign-in pages are the light site's, another page of the server's
 * (shell/src/public/SiteRoutes.tsx): a link to one of them loads that page.
 */
export function AppRoutes() {
  useAppliedTheme();
  return (
    <Routes>
      <Route path={`${base}/create-workspace`} element={<CreateWorkspacePage />} />
      <Route path={`${base}/dashboard`} element={<DefaultWorkspaceRedirect />} />
      <Route path={`${base}/settings`} element={<DefaultWorkspaceRedirect />} />
      <Route path={`${base}/profile`} element={<ProfilePage />} />
      <Route path={`${base}/w/:workspaceId/*`} element={<WorkspaceFrame />} />
      <Route path="/" element={<Navigate to={base} replace />} />
      <Route
        path="*"
        element={
          <FullPageLoad
            fallback={
              <Suspense fallback={<PageLoading />}>
                <NotFoundPage />
              </Suspense>
            }
          />
        }
      />
    </Routes>
  );
}
