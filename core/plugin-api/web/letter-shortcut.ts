import { useEffect, useRef, useSyncExternalStore } from 'react';

const STORAGE_KEY = 'axal.letterShortcuts';
const OFF = 'off';
const changeListeners = new Set<() => void>();
/** The choice made while this browser refuses to keep it (a private window's policy): it holds for this page. */
let unsavedSetting: string | null | undefined;

function storedSetting(): string | null {
  if (unsavedSetting !== undefined) return unsavedSetting;
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Whether one-letter shortcuts (`n` for a new record) are on in this browser: on until the user turns them off. */
export const letterShortcutsOn = (): boolean => storedSetting() !== OFF;

/** Turns one-letter shortcuts on or off in this browser (WCAG 2.1.4 asks that the user can turn them off). */
export function setLetterShortcutsOn(on: boolean): void {
  try {
    if (on) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, OFF);
    unsavedSetting = undefined;
  } catch {
    unsavedSetting = on ? null : OFF;
  }
  for (const listener of changeListeners) listener();
}

/** The setting, kept current in every component that reads it, also when another tab of this browser changes it. */
export function useLetterShortcutsOn(): boolean {
  return useSyncExternalStore((onChange) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY || event.key === null) onChange();
    };
    changeListeners.add(onChange);
    window.addEventListener('storage', onStorage);
    return () => {
      changeListeners.delete(onChange);
      window.removeEventListener('storage', onStorage);
    };
  }, letterShortcutsOn);
}

/** Typing in a field, or a dialog, popover or menu open (focus may have left it): the letter stays a letter. */
function keepsTheLetter(target: EventTarget | null): boolean {
  // A tooltip is a popover too, but only shows what its control does.
  if (document.querySelector('[role="dialog"], [role="alertdialog"], .bp6-popover:not(.bp6-tooltip)')) return true;
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Calls `onPress` when `letter` is pressed on the page without a modifier, unless the user is typing, a dialog or
 * popover is open, or the user turned one-letter shortcuts off (Profile, Keyboard shortcuts).
 */
export function useLetterShortcut(letter: string, onPress: () => void, enabled = true): void {
  const shortcutsOn = useLetterShortcutsOn();
  const latestOnPress = useRef(onPress);
  useEffect(() => {
    latestOnPress.current = onPress;
  });
  useEffect(() => {
    if (!enabled || !shortcutsOn) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // Caps Lock or Shift gives the capital, which is the same shortcut.
      if (event.key.toLowerCase() !== letter || event.ctrlKey || event.metaKey || event.altKey || keepsTheLetter(event.target)) return;
      event.preventDefault();
      latestOnPress.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [letter, enabled, shortcutsOn]);
}
