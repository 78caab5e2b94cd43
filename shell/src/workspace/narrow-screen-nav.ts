import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The sidebar as a panel on narrow screens: opening it moves focus into it, Escape closes it and gives focus back
 * to the menu button, and any navigation closes it.
 */
export function useNarrowScreenNav() {
  const [isOpen, setIsOpen] = useState(false);
  const panelRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const close = useCallback(() => setIsOpen(false), []);

  useEffect(close, [pathname, close]);

  useEffect(() => {
    if (!isOpen) return;
    panelRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen, close]);

  return { isOpen, open: () => setIsOpen(true), close, panelRef, menuButtonRef };
}
