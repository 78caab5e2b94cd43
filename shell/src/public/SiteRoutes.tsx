import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoading } from '../app/PageLoading';
import { useAppliedTheme } from '../app/theme';
import { SignedOutOnly } from '../auth/SignedOutOnly';
import { carryShownToast } from '../auth/toasts';
import { appPath } from './app-path';
import { FullPageLoad } from './FullPageLoad';

type PageModule = Record<string, ComponentType>;

/** A page whose code is fetched when it is first shown; `signedOutOnly` sends signed-in visitors on (login, sign-up). */
function sitePage(load: () => Promise<PageModule>, name: string, { signedOutOnly = false } = {}): ComponentType {
  const Page = lazy(() => load().then((module) => ({ default: module[name] })));
  const page = (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
  return function SitePage() {
    return signedOutOnly ? <SignedOutOnly prefetch={load}>{page}</SignedOutOnly> : page;
  };
}

// The landing page and the information pages share a chunk (public-site.tsx fetches the long texts on demand);
// every sign-in page is a chunk of its own.
const publicSite = () => import('./public-site') as Promise<PageModule>;
const LandingPage = sitePage(publicSite, 'LandingPage');
const AboutPage = sitePage(publicSite, 'AboutPage');
const ContactPage = sitePage(publicSite, 'ContactPage');
const BlogPage = sitePage(publicSite, 'BlogPage');
const TermsPage = sitePage(publicSite, 'TermsPage');
const PrivacyPage = sitePage(publicSite, 'PrivacyPage');
const NotFoundPage = sitePage(publicSite, 'NotFoundPage');
const LoginPage = sitePage(() => import('../auth/LoginPage'), 'LoginPage', { signedOutOnly: true });
const SignupPage = sitePage(() => import('../auth/SignupPage'), 'SignupPage', { signedOutOnly: true });
const AuthErrorPage = sitePage(() => import('../auth/AuthErrorPage'), 'AuthErrorPage');
const WorkspaceDeletedPage = sitePage(() => import('../auth/WorkspaceDeletedPage'), 'WorkspaceDeletedPage');
// Emailed links: whoever opens them, signed in or not, gets the page (an invitation page decides by the session itself).
const VerifyEmailPage = sitePage(() => import('../auth/VerifyEmailPage'), 'VerifyEmailPage');
const ForgotPasswordPage = sitePage(() => import('../auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = sitePage(() => import('../auth/ResetPasswordPage'), 'ResetPasswordPage');
const AcceptInvitationPage = sitePage(() => import('../auth/AcceptInvitationPage'), 'AcceptInvitationPage');

const base = appPath();

/**
 * The light site's pages (the server sends this page for exactly these addresses: core/host/web-assets.ts). Any
 * other address belongs to the workspace app, which a full page load brings, carrying the toast on screen along.
 */
export function SiteRoutes() {
  useAppliedTheme();
  return (
    <Routes>
      <Route path={base} element={<LandingPage />} />
      <Route path="/about" element={<AboutPage />} />
      <Route path="/contact" element={<ContactPage />} />
      <Route path="/resources/contact-us" element={<ContactPage />} />
      <Route path="/blog" element={<BlogPage />} />
      <Route path="/terms" element={<TermsPage />} />
      <Route path="/resources/terms-and-conditions" element={<TermsPage />} />
      <Route path="/privacy" element={<PrivacyPage />} />
      <Route path="/resources/privacy-policy" element={<PrivacyPage />} />
      <Route path="/auth/error" element={<AuthErrorPage />} />
      <Route path={`${base}/login`} element={<LoginPage />} />
      <Route path={`${base}/signup`} element={<SignupPage />} />
      <Route path={`${base}/workspace-deleted`} element={<WorkspaceDeletedPage />} />
      <Route path={`${base}/verify-email`} element={<VerifyEmailPage />} />
      <Route path={`${base}/forgot-password`} element={<ForgotPasswordPage />} />
      <Route path={`${base}/reset-password`} element={<ResetPasswordPage />} />
      <Route path={`${base}/invitations/accept`} element={<AcceptInvitationPage />} />
      <Route path="*" element={<FullPageLoad fallback={<NotFoundPage />} beforeLeaving={carryShownToast} />} />
    </Routes>
  );
}
