import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PageLoading } from '../app/PageLoading';

/** The path this document was loaded at: the server chose this page, the light site's or the app's, for it. */
const loadedAt = window.location.pathname;

interface FullPageLoadProps {
  /** What to draw when the server sent this very page for the address: nobody draws it (the not-found page). */
  fallback: ReactNode;
  /** Called just before the page is left, e.g. to hand the toast on screen to the next page. */
  beforeLeaving?: () => void;
}

/**
 * An address this page does not draw. The light site and the workspace app are two pages: a link from one to the
 * other (signing in, signing out) loads the address afresh, and the server sends the page that draws it. An address
 * the server already answered with this page is drawn as `fallback` instead, so the two never load each other in turn.
 */
export function FullPageLoad({ fallback, beforeLeaving }: FullPageLoadProps) {
  const { pathname } = useLocation();
  const elsewhere = pathname !== loadedAt;
  useEffect(() => {
    if (!elsewhere) return;
    beforeLeaving?.();
    window.location.reload();
  }, [elsewhere, pathname, beforeLeaving]);
  return elsewhere ? <PageLoading /> : <>{fallback}</>;
}
