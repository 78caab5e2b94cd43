import { SegmentedControl } from '@blueprintjs/core';
import { useThemePreference, type ThemePreference } from '../../app/theme';

const THEME_OPTIONS = [
  { value: 'light', label: 'Light', icon: 'flash' },
  { value: 'dark', label: 'Dark', icon: 'moon' },
  { value: 'system', label: 'System', icon: 'desktop' },
] as const;

const isThemePreference = (value: string): value is ThemePreference => THEME_OPTIONS.some((option) => option.value === value);

/** Light, Dark or System; the choice is kept in this browser (see useThemePreference). */
export function ThemeToggle() {
  const [preference, setPreference] = useThemePreference();
  return (
    <SegmentedControl
      aria-label="Theme"
      className="theme-toggle"
      fill
      size="small"
      options={[...THEME_OPTIONS]}
      value={preference}
      onValueChange={(value) => {
        if (isThemePreference(value)) setPreference(value);
      }}
    />
  );
}
