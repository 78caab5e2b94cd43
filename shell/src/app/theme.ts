import { useAtomValue } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { useEffect, useSyncExternalStore } from 'react';

export type ThemePreference = 'light' | 'dark' | 'system';

/** The user's choice, kept in this browser across reloads. */
export const themePreferenceAtom = atomWithStorage<ThemePreference>('axal.theme', 'system', undefined, { getOnInit: true });

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

/** Blueprint's dark-theme class, written out so the light public pages need not load Blueprint. */
const BLUEPRINT_DARK_CLASS = 'bp6-dark';

/** Applies the theme to the whole page (Blueprint's dark class on body), following the system when asked to. */
export function useAppliedTheme(): 'light' | 'dark' {
  const preference = useAtomValue(themePreferenceAtom);
  const systemDark = useSystemPrefersDark();
  const theme = preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;
  useEffect(() => {
    document.body.classList.toggle(BLUEPRINT_DARK_CLASS, theme === 'dark');
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  return theme;
}
