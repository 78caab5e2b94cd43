import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** Where lost focus may land: the nearest list, table, form or labelled part around the control that went away. */
const LANDING_SPOTS = 'ul, ol, table, form, section, [role="region"], [role="tabpanel"], [aria-label], [aria-labelledby], main';

function canHoldFocus(element: HTMLElement): boolean {
  return element.isConnected && !element.matches(':disabled') && element.getClientRects().length > 0;
}

function ancestorsWithin(element: HTMLElement, root: HTMLElement): HTMLElement[] {
  const ancestors: HTMLElement[] = [];
  for (let node = element.parentElement; node && node !== root; node = node.parentElement) ancestors.push(node);
  return [...ancestors, root];
}

function landingSpotNear(lostTrail: HTMLElement[], root: HTMLElement): HTMLElement {
  const survivor = lostTrail.find((element) => element.isConnected) ?? root;
  const spot = survivor.closest<HTMLElement>(LANDING_SPOTS) ?? root;
  if (spot !== root && root.contains(spot)) return spot;
  return root.querySelector<HTMLElement>('h1') ?? root;
}

function focusSpot(spot: HTMLElement): void {
  // Containers and headings are not focusable by themselves; -1 lets a script focus them without a Tab stop.
  if (!spot.hasAttribute('tabindex')) spot.tabIndex = -1;
  spot.focus({ preventScroll: true });
}

/**
 * Keeps focus on the page when the control holding it goes away: a row deleted with its Remove button, a button
 * that disables itself, or a dialog whose opener was deleted while it was open (Blueprint returns focus to the
 * opener, which works only while it exists). Focus would otherwise fall to the document body, and a keyboard user
 * would start again from the top. It lands on the nearest list, table, form or labelled region that is still there,
 * or the page's heading. Navigations are left to `useFocusHeadingOnNavigation`.
 */
export function useFocusRescue(container: RefObject<HTMLElement | null>): void {
  const { key } = useLocation();
  const currentKey = useRef(key);
  // Updated as the new address commits, before the deferred check below reads it.
  useLayoutEffect(() => {
    currentKey.current = key;
  }, [key]);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    // The last control focused on the page itself, which is also the opener of any overlay that holds focus now.
    let lastOnPage: { element: HTMLElement; trail: HTMLElement[]; key: string } | null = null;
    let checkPending = false;

    const rescueIfLost = () => {
      checkPending = false;
      const lost = lastOnPage;
      if (!lost || lost.key !== currentKey.current || canHoldFocus(lost.element)) return;
      if (document.activeElement && document.activeElement !== document.body) return;
      focusSpot(landingSpotNear(lost.trail, root));
    };
    // Deferred, so that the browser and Blueprint (which returns focus to a dialog's opener) settle first.
    const checkSoon = () => {
      if (checkPending) return;
      checkPending = true;
      window.setTimeout(rescueIfLost);
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (target !== root && root.contains(target)) lastOnPage = { element: target, trail: ancestorsWithin(target, root), key: currentKey.current };
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!event.relatedTarget) checkSoon();
    };
    // Focus may already be on the body when the control goes (a dialog whose busy button lost it): no focus event then.
    const observer = new MutationObserver(checkSoon);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, [container]);
}
