import { Button, Classes, Dialog, DialogBody, Icon, InputGroup } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import { filterSearchSamples } from './search-samples';
import { searchShortcutHint, useSearchShortcut } from './keyboard-shortcut';

function SearchResults({ query }: { query: string }) {
  const groups = filterSearchSamples(query);
  if (groups.length === 0) {
    return (
      <p className={`global-search__empty ${Classes.TEXT_MUTED}`} role="status">
        No results found.
      </p>
    );
  }
  return (
    <div className="global-search__results">
      {groups.map((group) => (
        <section key={group.title} aria-label={group.title} className="global-search__group">
          <h3 className="global-search__group-title">{group.title}</h3>
          <ul>
            {group.entries.map((entry) => (
              <li key={entry.title} className="global-search__entry">
                <Icon icon={group.icon} className={Classes.TEXT_MUTED} />
                <span className="global-search__entry-title">{entry.title}</span>
                <span className={Classes.TEXT_MUTED}>{entry.detail}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function GlobalSearchDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [query, setQuery] = useState('');
  return (
    <Dialog isOpen={isOpen} onClose={onClose} onClosed={() => setQuery('')} title="Search" icon="search" className="global-search">
      <DialogBody>
        <InputGroup
          autoFocus
          size="large"
          leftIcon="search"
          placeholder="Search clients, tasks and notices..."
          aria-label="Search clients, tasks and notices"
          value={query}
          onValueChange={setQuery}
        />
        <p className={`global-search__notice ${Classes.TEXT_MUTED}`}>
          Search is not connected to your workspace data yet: the entries below are examples.
        </p>
        <SearchResults query={query} />
      </DialogBody>
    </Dialog>
  );
}

/** The sidebar's "Search" button and the Cmd/Ctrl+K shortcut, both opening the search dialog. */
export function GlobalSearch() {
  const [isOpen, setIsOpen] = useState(false);
  const toggle = useCallback(() => setIsOpen((open) => !open), []);
  useSearchShortcut(toggle);
  const hint = searchShortcutHint();
  return (
    <>
      <Button
        className="global-search__trigger"
        fill
        alignText="start"
        icon="search"
        text="Search"
        aria-keyshortcuts="Control+K Meta+K"
        endIcon={<kbd className={`${Classes.KEY} global-search__hint`}>{hint}</kbd>}
        onClick={() => setIsOpen(true)}
      />
      <GlobalSearchDialog isOpen={isOpen} onClose={() => setIsOpen(false)} />
    </>
  );
}
