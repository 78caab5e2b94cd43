import { useEffect, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long a page may take to draw its heading (its code and data arriving) before focus is left where it is. */
const HEADING_WAIT_MS = 10_000;

/** The entry the document was opened on; reaching it again (Back) is not treated as a navigation. */
let firstLocationKey: string | undefined;

function isNavigation(key: string, type: ReturnType<typeof useNavigationType>): boolean {
  firstLocationKey ??= key;
  return type !== 'POP' || key !== firstLocationKey;
}

/** Focus is already on something of the new page, such as a field the page focuses itself or a control that stayed. */
function focusIsWithin(container: HTMLElement): boolean {
  const active = document.activeElement;
  return active !== null && active !== container && container.contains(active);
}

function focusHeading(heading: HTMLElement): void {
  // A heading is not focusable by itself; -1 lets a script focus it without adding it to the Tab order.
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

/**
 * After a navigation inside the app, moves focus to the new page's main heading (its first h1 inside `container`),
 * so a keyboard or screen-reader user starts on the page they asked for instead of on a link that disappeared.
 * The page's first load keeps the browser's own focus, an address with a #fragment is left to its anchor, and a
 * page that put focus inside itself (an autofocused field, a tab that stayed) keeps it. The heading may appear
 * after the page's code and data arrive, so it is awaited, unless the user clicks or types in the meantime.
 */
export function useFocusHeadingOnNavigation(container: RefObject<HTMLElement | null>): void {
  const { key, hash } = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    const root = container.current;
    if (!root || hash || !isNavigation(key, type)) return;
    const moveFocus = (): boolean => {
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!focusIsWithin(root)) focusHeading(heading);
      return true;
    };
    if (moveFocus()) return;
    const observer = new MutationObserver(() => {
      if (moveFocus()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    // Whoever clicks or presses a key before the heading arrives (opens the navigation, say) has moved on: focus stays theirs.
    const userActs = ['pointerdown', 'keydown'] as const;
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
      for (const event of userActs) document.removeEventListener(event, stop, true);
    }
    observer.observe(root, { childList: true, subtree: true });
    for (const event of userActs) document.addEventListener(event, stop, true);
    return stop;
  }, [container, key, hash, type]);
}
