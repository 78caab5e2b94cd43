import { AppIcon } from '../app-icons';
import { dismissToast, holdToast, releaseToast, useShownToast } from '../toasts';
import { Button } from './Button';
import './controls.css';

/** Where the sign-in pages' toasts appear, at the top of the window; a danger toast is announced at once. */
export function Toaster() {
  const toast = useShownToast();
  return (
    <div className="site-toaster site-controls-scope" aria-live="polite">
      {toast && (
        <div
          key={toast.key}
          className={`site-toast site-toast--${toast.intent}`}
          role={toast.intent === 'danger' ? 'alert' : undefined}
          onMouseEnter={holdToast}
          onMouseLeave={releaseToast}
          onFocus={holdToast}
          onBlur={releaseToast}
        >
          <p className="site-toast__message">
            {toast.title && <strong>{toast.title}</strong>}
            {toast.message}
          </p>
          <Button variant="minimal" aria-label="Close" onClick={dismissToast}>
            <AppIcon name="close" />
          </Button>
        </div>
      )}
    </div>
  );
}
