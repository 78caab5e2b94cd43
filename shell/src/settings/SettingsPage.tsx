import { H2 } from '@blueprintjs/core';

export function SettingsPage() {
  return <H2>Settings</H2>;
}
