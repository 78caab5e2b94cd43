import { useLocation, Navigate } from 'react-router-dom';
import type { ReactNode } from 'react';
import { appPath, useSession } from '@axal/web-sdk';
import { PageLoading } from './PageLoading';

/** Signed-out visitors of a signed-in page go to the login page, which brings them back afterwards. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageLoading />;
  if (!session.data?.user) {
    const callbackUrl = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`${appPath('/login')}?callbackUrl=${encodeURIComponent(callbackUrl)}`} replace />;
  }
  return <>{children}</>;
}
