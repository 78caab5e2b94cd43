import { Button, Classes } from '@blueprintjs/core';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
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

const canTakeFocus = (element: HTMLElement | null): element is HTMLElement =>
  element !== null && element.isConnected && element.checkVisibility({ visibilityProperty: true });

/** The sidebar's "Search" button and the Cmd/Ctrl+K shortcut, both opening the search dialog. */
export function GlobalSearch({ workspaceId, plugins }: GlobalSearchProps) {
  const [isOpen, setIsOpen] = useState(false);
  // Once opened the dialog stays mounted, so closing it can play its animation.
  const [wasOpened, setWasOpened] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // The control that opened the dialog: the button, or what had focus when Cmd/Ctrl+K was pressed.
  const opener = useRef<HTMLElement | null>(null);

  const openFrom = useCallback((control: HTMLElement | null) => {
    opener.current = control;
    setWasOpened(true);
    setIsOpen(true);
  }, []);
  const toggle = useCallback(() => {
    if (isOpen) {
      setIsOpen(false);
      return;
    }
    const focused = document.activeElement;
    openFrom(focused instanceof HTMLElement && focused !== document.body ? focused : triggerRef.current);
  }, [isOpen, openFrom]);
  const close = useCallback(() => setIsOpen(false), []);
  const onClosed = useCallback((openedHit: boolean) => {
    // An opened hit leads to a page that takes focus itself; only when nothing did, focus goes back.
    if (openedHit && document.activeElement !== document.body) return;
    // The button may be gone from view (the narrow-screen panel closed); then focus stays where that left it.
    if (canTakeFocus(opener.current)) opener.current.focus();
  }, []);
  useSearchShortcut(toggle);
  const hint = searchShortcutHint();
  return (
    <>
      <Button
        ref={triggerRef}
        className="global-search__trigger"
        fill
        alignText="start"
        icon="search"
        text="Search"
        aria-keyshortcuts="Control+K Meta+K"
        endIcon={<kbd className={`${Classes.KEY} global-search__hint`}>{hint}</kbd>}
        onClick={(event) => openFrom(event.currentTarget)}
        onPointerEnter={() => void loadSearchDialog()}
        onFocus={() => void loadSearchDialog()}
      />
      {wasOpened && (
        <Suspense fallback={null}>
          <SearchDialog
            isOpen={isOpen}
            onClose={close}
            onClosed={onClosed}
            workspaceId={workspaceId}
            renderers={contributionsTo(plugins, 'searchResultRenderers')}
          />
        </Suspense>
      )}
    </>
  );
}
