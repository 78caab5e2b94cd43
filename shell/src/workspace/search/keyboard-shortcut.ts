import { useEffect } from 'react';

const isApplePlatform = () => /mac|iphone|ipad/i.test(navigator.platform || navigator.userAgent);

/** "⌘K" on Apple devices, "Ctrl K" elsewhere. */
export const searchShortcutHint = () => (isApplePlatform() ? '⌘K' : 'Ctrl K');

/** Calls `onTrigger` on Cmd+K (Apple) or Ctrl+K (elsewhere), also while typing in a field. */
export function useSearchShortcut(onTrigger: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        onTrigger();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onTrigger]);
}
