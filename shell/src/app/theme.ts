import { useCallback, useEffect, useSyncExternalStore } from 'react';

export type ThemePreference = 'light' | 'dark' | 'system';

const STORAGE_KEY = 'axal.theme';
const CHANGE_EVENT = 'axal:theme-change';
/** Blueprint's dark-theme class, written out so the light public pages need not load Blueprint. */
const BLUEPRINT_DARK_CLASS = 'bp6-dark';
const PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];

function storedPreference(): ThemePreference {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '"system"') as unknown;
    return PREFERENCES.includes(stored as ThemePreference) ? (stored as ThemePreference) : 'system';
  } catch {
    return 'system';
  }
}

/** Follows the stored choice, in this tab and in others. */
function subscribeToPreference(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The user's choice of Light, Dark or System, kept in this browser across reloads. A plain store rather than a
 * state library, so every page, the light public ones included, can read it for free.
 */
export function useThemePreference(): [ThemePreference, (preference: ThemePreference) => void] {
  const preference = useSyncExternalStore(subscribeToPreference, storedPreference);
  const setPreference = useCallback((next: ThemePreference) => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);
  return [preference, setPreference];
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = darkQuery();
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => darkQuery().matches,
  );
}

/** Applies the theme to the whole page (Blueprint's dark class on body), following the system when asked to. */
export function useAppliedTheme(): 'light' | 'dark' {
  const [preference] = useThemePreference();
  const systemDark = useSystemPrefersDark();
  const theme = preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;
  useEffect(() => {
    document.body.classList.toggle(BLUEPRINT_DARK_CLASS, theme === 'dark');
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  return theme;
}
