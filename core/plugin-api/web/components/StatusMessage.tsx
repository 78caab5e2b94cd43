import type { ReactNode } from 'react';
import './visually-hidden.css';

/** The class of text for screen readers only (a column's hidden name); `StatusMessage` for news they should hear. */
export const VISUALLY_HIDDEN_CLASS = 'sdk-visually-hidden';

/**
 * A polite status that screen readers read out when its text changes, not drawn (WCAG 4.1.3): how many results a
 * search found, how many rows are selected. Keep it on the page while empty, so its first message is read out too.
 */
export function StatusMessage({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={VISUALLY_HIDDEN_CLASS}>
      {children}
    </p>
  );
}
