import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The sidebar as a panel on narrow screens: opening it moves focus into it, Escape or the backdrop closes it and
 * gives focus back to the menu button, and any navigation closes it (focus then goes to the new page's heading).
 */
export function useNarrowScreenNav() {
  const { pathname } = useLocation();
  // The address the panel was opened on: once the address changes, the panel is closed.
  const [openOn, setOpenOn] = useState<string | null>(null);
  if (openOn !== null && openOn !== pathname) setOpenOn(null);
  const isOpen = openOn === pathname;
  const panelRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // The closed panel is hidden, so focus (in it, or on the body after a click on the backdrop) goes back to the menu button.
  const close = useCallback(() => {
    setOpenOn(null);
    menuButtonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!isOpen) return;
    panelRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen, close]);

  return { isOpen, open: () => setOpenOn(pathname), close, panelRef, menuButtonRef };
}
