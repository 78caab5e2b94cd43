import { Card, Switch } from '@blueprintjs/core';
import { setLetterShortcutsOn, useLetterShortcutsOn } from '@axal/web-sdk';

/** One-letter shortcuts can be turned off (WCAG 2.1.4): they get in the way of speech input and some keyboards. */
export function KeyboardShortcutsCard() {
  const on = useLetterShortcutsOn();
  return (
    <Card className="account-card" role="region" aria-labelledby="keyboard-shortcuts-title">
      <h2 id="keyboard-shortcuts-title" className="account-card__title">
        Keyboard shortcuts
      </h2>
      <p className="account-card__description">
        Press N on the Tasks or Notices page to add one. Ctrl K (⌘K on a Mac) opens the search whatever this says. Kept in this browser.
      </p>
      <Switch checked={on} label="One-letter shortcuts" onChange={(event) => setLetterShortcutsOn(event.currentTarget.checked)} />
    </Card>
  );
}
