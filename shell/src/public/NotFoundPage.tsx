import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { useFocusHeadingOnNavigation } from '../app/focus-heading-on-navigation';
import { appPath } from './app-path';
import { BrandMark } from './BrandMark';
import './not-found.css';

function NotFoundMessage({ embedded }: { embedded: boolean }) {
  return (
    <>
      {!embedded && (
        <Link to={appPath()} className="not-found__brand" aria-label="Axal Practice home">
          <BrandMark />
        </Link>
      )}
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">Page not found</h1>
      <p className="not-found__text">The page you asked for does not exist, or you do not have access to it.</p>
      <div className="not-found__actions">
        <Link to={appPath('/dashboard')} className="not-found__button not-found__button--primary">
          Go to your dashboard
        </Link>
        {!embedded && (
          <Link to={appPath()} className="not-found__button">
            Back to home
          </Link>
        )}
      </div>
    </>
  );
}

/** The page on its own: it is the main landmark, and focus moves to its heading after a navigation. */
function StandaloneNotFoundPage() {
  const page = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(page);
  return (
    <main className="not-found" data-embedded={false} ref={page}>
      <NotFoundMessage embedded={false} />
    </main>
  );
}

/** Unknown addresses, and workspaces the user is not a member of (no hint that they exist). */
export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  if (!embedded) return <StandaloneNotFoundPage />;
  // Inside the workspace frame, which is the main landmark and moves focus to this heading itself.
  return (
    <div className="not-found" data-embedded={true}>
      <NotFoundMessage embedded />
    </div>
  );
}
