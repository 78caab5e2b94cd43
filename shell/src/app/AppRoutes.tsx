import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
// Read directly rather than through the shared SDK, which would bring its data libraries onto the landing page.
import { appPath } from '../../../core/plugin-api/web/runtime-config';
import { PageLoading } from './PageLoading';
import { useAppliedTheme } from './theme';

type Area = Record<string, ComponentType>;

const AppProviders = lazy(() => import('./AppProviders'));

/**
 * A page from an area module; each area is its own chunk, so the landing page never downloads the workspace app.
 * Pages of the app (not the public site) get the data providers.
 */
function pageOf(loadArea: () => Promise<Area>, name: string, { app = true } = {}) {
  const Page = lazy(() => loadArea().then((area) => ({ default: area[name] })));
  return (
    <Suspense fallback={<PageLoading />}>
      {app ? (
        <AppProviders>
          <Page />
        </AppProviders>
      ) : (
        <Page />
      )}
    </Suspense>
  );
}

const publicSite = () => import('../public/public-site') as Promise<Area>;
const authArea = () => import('../auth/auth-area') as Promise<Area>;
const signedInArea = () => import('../workspace/signed-in-area') as Promise<Area>;

const base = appPath();

export function AppRoutes() {
  useAppliedTheme();
  return (
    <Routes>
      <Route path={base} element={pageOf(publicSite, 'LandingPage', { app: false })} />
      <Route path="/about" element={pageOf(publicSite, 'AboutPage', { app: false })} />
      <Route path="/contact" element={pageOf(publicSite, 'ContactPage', { app: false })} />
      <Route path="/resources/contact-us" element={pageOf(publicSite, 'ContactPage', { app: false })} />
      <Route path="/blog" element={pageOf(publicSite, 'BlogPage', { app: false })} />
      <Route path="/terms" element={pageOf(publicSite, 'TermsPage', { app: false })} />
      <Route path="/resources/terms-and-conditions" element={pageOf(publicSite, 'TermsPage', { app: false })} />
      <Route path="/privacy" element={pageOf(publicSite, 'PrivacyPage', { app: false })} />
      <Route path="/resources/privacy-policy" element={pageOf(publicSite, 'PrivacyPage', { app: false })} />
      <Route path="/auth/error" element={pageOf(authArea, 'AuthErrorPage')} />
      <Route path={`${base}/login`} element={pageOf(authArea, 'LoginPage')} />
      <Route path={`${base}/signup`} element={pageOf(authArea, 'SignupPage')} />
      <Route path={`${base}/workspace-deleted`} element={pageOf(authArea, 'WorkspaceDeletedPage')} />
      <Route path={`${base}/verify-email`} element={pageOf(authArea, 'VerifyEmailPage')} />
      <Route path={`${base}/forgot-password`} element={pageOf(authArea, 'ForgotPasswordPage')} />
      <Route path={`${base}/reset-password`} element={pageOf(authArea, 'ResetPasswordPage')} />
      <Route path={`${base}/invitations/accept`} element={pageOf(authArea, 'AcceptInvitationPage')} />
      <Route path={`${base}/create-workspace`} element={pageOf(signedInArea, 'CreateWorkspacePage')} />
      <Route path={`${base}/dashboard`} element={pageOf(signedInArea, 'DefaultWorkspaceRedirect')} />
      <Route path={`${base}/settings`} element={pageOf(signedInArea, 'DefaultWorkspaceRedirect')} />
      <Route path={`${base}/profile`} element={pageOf(signedInArea, 'ProfilePage')} />
      <Route path={`${base}/w/:workspaceId/*`} element={pageOf(signedInArea, 'WorkspaceFrame')} />
      <Route path="/" element={<Navigate to={base} replace />} />
      <Route path="*" element={pageOf(publicSite, 'NotFoundPage', { app: false })} />
    </Routes>
  );
}
