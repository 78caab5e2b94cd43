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

const DIALOGS = '[role="dialog"], [role="alertdialog"]';

interface LastFocus {
  element: HTMLElement;
  /** Its ancestors up to the page's root or its dialog. */
  trail: HTMLElement[];
  key: string;
}

/**
 * Keeps focus on the page when the control holding it goes away: a row deleted with its Remove button, a button
 * that disables itself, or a dialog whose opener was deleted while it was open (Blueprint returns focus to the
 * opener, which works only while it exists). Focus would otherwise fall to the document body, and a keyboard user
 * would start again from the top. It lands on the nearest list, table, form or labelled region that is still there,
 * or the page's heading. Inside an open dialog (a Save button that disables itself while saving) it lands in the
 * dialog, so Tab and Escape go on working there. Navigations are left to `useFocusHeadingOnNavigation`.
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
    let lastOnPage: LastFocus | null = null;
    let lastInDialog: (LastFocus & { dialog: HTMLElement }) | null = null;
    let checkPending = false;

    const rescueIfLost = () => {
      checkPending = false;
      if (document.activeElement && document.activeElement !== document.body) return;
      const inDialog = lastInDialog;
      // A closing dialog is left alone: Blueprint hands the focus back to whatever opened it.
      if (inDialog?.dialog.isConnected && inDialog.dialog.closest('.bp6-overlay-open') && inDialog.key === currentKey.current) {
        // A modal dialog keeps the focus: back on its control when that is usable again, else near where it was.
        if (canHoldFocus(inDialog.element)) inDialog.element.focus({ preventScroll: true });
        else focusSpot(landingSpotNear(inDialog.trail, inDialog.dialog));
        return;
      }
      const lost = lastOnPage;
      if (!lost || lost.key !== currentKey.current || canHoldFocus(lost.element)) return;
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
      const key = currentKey.current;
      if (target !== root && root.contains(target)) lastOnPage = { element: target, trail: ancestorsWithin(target, root), key };
      const dialog = target.closest<HTMLElement>(DIALOGS);
      lastInDialog = dialog && dialog !== target ? { element: target, trail: ancestorsWithin(target, dialog), key, dialog } : null;
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!event.relatedTarget) checkSoon();
    };
    // Focus may already be on the body when the control goes (a dialog whose busy button lost it): no focus event then.
    // Dialogs are portals outside the page's root, so the whole body is watched.
    const observer = new MutationObserver(checkSoon);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, [container]);
}
