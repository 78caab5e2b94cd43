import { useEffect, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { PageLoading } from '../app/PageLoading';
import { useSessionStatus } from './session-status';
import { destinationAfterSignIn } from './sign-in-destination';

interface SignedOutOnlyProps {
  /** Fetches the page's code, started while the session is asked about rather than after. */
  prefetch: () => Promise<unknown>;
  children: ReactNode;
}

/** Login and sign-up are for signed-out visitors; a signed-in one goes where signing in would have taken them. */
export function SignedOutOnly({ prefetch, children }: SignedOutOnlyProps) {
  const { pending, session } = useSessionStatus();
  const [searchParams] = useSearchParams();
  useEffect(() => {
    // A failed download shows when the page itself asks for its code again.
    prefetch().catch(() => undefined);
  }, [prefetch]);
  if (pending) return <PageLoading />;
  if (session?.user) return <Navigate to={destinationAfterSignIn(searchParams.get('callbackUrl'))} replace />;
  return <>{children}</>;
}
