import { Button, Classes } from '@blueprintjs/core';
import { lazy, Suspense, useCallback, useState } from 'react';
import { contributionsTo } from '../../plugins/contributions';
import type { LoadedPluginState } from '../../plugins/workspace-plugins';
import { searchShortcutHint, useSearchShortcut } from './keyboard-shortcut';

// The dialog, its queries and the plugins' renderers load on first use, not with every workspace page.
const loadSearchDialog = () => import('./SearchDialog');
const SearchDialog = lazy(() => loadSearchDialog().then((module) => ({ default: module.SearchDialog })));

interface GlobalSearchProps {
  workspaceId: string;
  plugins: LoadedPluginState[];
}

/** The sidebar's "Search" button and the Cmd/Ctrl+K shortcut, both opening the search dialog. */
export function GlobalSearch({ workspaceId, plugins }: GlobalSearchProps) {
  const [isOpen, setIsOpen] = useState(false);
  // Once opened the dialog stays mounted, so closing it can play its animation.
  const [wasOpened, setWasOpened] = useState(false);
  const open = useCallback(() => {
    setWasOpened(true);
    setIsOpen(true);
  }, []);
  const toggle = useCallback(() => {
    setWasOpened(true);
    setIsOpen((current) => !current);
  }, []);
  const close = useCallback(() => setIsOpen(false), []);
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
        onClick={open}
        onPointerEnter={() => void loadSearchDialog()}
        onFocus={() => void loadSearchDialog()}
      />
      {wasOpened && (
        <Suspense fallback={null}>
          <SearchDialog isOpen={isOpen} onClose={close} workspaceId={workspaceId} renderers={contributionsTo(plugins, 'searchResultRenderers')} />
        </Suspense>
      )}
    </>
  );
}
