import { Button, Classes, Dialog, DialogBody, Icon, InputGroup, Spinner, SpinnerSize, type IconName } from '@blueprintjs/core';
import { Component, Suspense, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, appPath, type SearchHit, type SearchResultRenderer } from '@axal/web-sdk';
import type { Contribution } from '../../plugins/contributions';
import { useRecentSearches } from './recent-searches';
import { MAX_SEARCH_LENGTH, MIN_SEARCH_LENGTH, useWorkspaceSearch, type SearchAnswer } from './search-api';
import { groupHitsByType, humanizeType, wrapIndex } from './search-groups';
import './search.css';

/** Hit types the core answers itself; a plugin's types get their title from its renderer. */
const CORE_TYPES: Record<string, { groupTitle: string; icon: IconName }> = {
  client: { groupTitle: 'Clients', icon: 'person' },
};
const PLUGIN_TYPE_ICON: IconName = 'application';

function DefaultHitContent({ hit }: { hit: SearchHit }) {
  return (
    <>
      <Icon icon={CORE_TYPES[hit.type]?.icon ?? PLUGIN_TYPE_ICON} className={Classes.TEXT_MUTED} aria-hidden />
      <span className="global-search__entry-title">{hit.title}</span>
      {hit.subtitle && <span className={`global-search__entry-subtitle ${Classes.TEXT_MUTED}`}>{hit.subtitle}</span>}
    </>
  );
}

/** A plugin's renderer that throws leaves its row as the default one instead of breaking the whole list. */
class RendererBoundary extends Component<{ pluginName: string; fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    console.warn(`The ${this.props.pluginName} search result renderer failed`, error.message);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function HitContent({ hit, renderer, workspaceId }: { hit: SearchHit; renderer?: Contribution<SearchResultRenderer>; workspaceId: string }) {
  const fallback = <DefaultHitContent hit={hit} />;
  if (!renderer) return fallback;
  const Renderer = renderer.item.component;
  return (
    <RendererBoundary pluginName={renderer.pluginName} fallback={fallback}>
      <Suspense fallback={fallback}>
        <Renderer hit={hit} workspaceId={workspaceId} />
      </Suspense>
    </RendererBoundary>
  );
}

interface OptionProps {
  id: string;
  active: boolean;
  onActivate: () => void;
  onChoose: () => void;
  children: ReactNode;
}

/** One row of a list the arrow keys move through; focus stays in the search box throughout. */
function Option({ id, active, onActivate, onChoose, children }: OptionProps) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      className={`global-search__entry${active ? ' global-search__entry--active' : ''}`}
      // A click must not take focus from the search box before the row is chosen.
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={onActivate}
      onClick={onChoose}
    >
      {children}
    </div>
  );
}

interface ListProps {
  id: string;
  activeIndex: number;
  optionId: (index: number) => string;
  onActivate: (index: number) => void;
}

interface ResultListProps extends ListProps {
  answer: SearchAnswer;
  renderers: Map<string, Contribution<SearchResultRenderer>>;
  workspaceId: string;
  onOpen: (hit: SearchHit) => void;
}

function ResultList({ id, answer, activeIndex, optionId, renderers, workspaceId, onActivate, onOpen }: ResultListProps) {
  const groups = groupHitsByType(answer.results);
  // Arrow keys move through the hits as listed: group after group.
  const firstIndexOf = groups.map((_, groupIndex) => groups.slice(0, groupIndex).reduce((count, group) => count + group.hits.length, 0));
  return (
    <div id={id} role="listbox" aria-label="Search results" className="global-search__results">
      {groups.map((group, groupIndex) => {
        const titleId = `${id}-${group.type}`;
        const renderer = renderers.get(group.type);
        return (
          <div key={group.type} role="group" aria-labelledby={titleId} className="global-search__group">
            <div id={titleId} role="presentation" className="global-search__group-title">
              {renderer?.item.groupTitle ?? CORE_TYPES[group.type]?.groupTitle ?? humanizeType(group.type)}
            </div>
            {group.hits.map((hit, indexInGroup) => {
              const hitIndex = firstIndexOf[groupIndex] + indexInGroup;
              return (
                <Option
                  key={`${hit.type}:${hit.id}`}
                  id={optionId(hitIndex)}
                  active={hitIndex === activeIndex}
                  onActivate={() => onActivate(hitIndex)}
                  onChoose={() => onOpen(hit)}
                >
                  <HitContent hit={hit} renderer={renderer} workspaceId={workspaceId} />
                </Option>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}

interface RecentListProps extends ListProps {
  terms: string[];
  onChoose: (term: string) => void;
  onClear: () => void;
}

/** What the member searched for before, shown while the box is empty; choosing a term searches it again. */
function RecentList({ id, terms, activeIndex, optionId, onActivate, onChoose, onClear }: RecentListProps) {
  const titleId = `${id}-title`;
  return (
    <div className="global-search__results">
      <div id={titleId} className="global-search__group-title">
        Recent searches
      </div>
      <div id={id} role="listbox" aria-labelledby={titleId}>
        {terms.map((term, index) => (
          <Option key={term} id={optionId(index)} active={index === activeIndex} onActivate={() => onActivate(index)} onChoose={() => onChoose(term)}>
            <Icon icon="history" className={Classes.TEXT_MUTED} aria-hidden />
            <span className="global-search__entry-title">{term}</span>
          </Option>
        ))}
      </div>
      <Button className="global-search__clear-recent" variant="minimal" size="small" icon="trash" text="Clear recent searches" onClick={onClear} />
    </div>
  );
}

interface SearchPanelProps {
  workspaceId: string;
  renderers: Map<string, Contribution<SearchResultRenderer>>;
  onOpen: (hit: SearchHit) => void;
}

function SearchPanel({ workspaceId, renderers, onOpen }: SearchPanelProps) {
  const [typed, setTyped] = useState('');
  const search = useWorkspaceSearch(workspaceId, typed);
  const recent = useRecentSearches(workspaceId);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const { answer, isTooShort, isStale, error } = search;
  const hits = answer && !error ? groupHitsByType(answer.results).flatMap((group) => group.hits) : [];
  const showsRecent = typed.trim() === '' && recent.terms.length > 0;
  const rowCount = showsRecent ? recent.terms.length : hits.length;
  // The highlighted row belongs to one list: a new answer, or the recent searches, start again at their first row.
  const listed: unknown = showsRecent ? recent.terms : answer;
  const [active, setActive] = useState<{ list: unknown; index: number }>({ list: undefined, index: 0 });
  const activeIndex = active.list === listed ? active.index : 0;
  const showsList = rowCount > 0;

  const searchAgain = (term: string) => setTyped(term);
  const open = (hit: SearchHit) => {
    recent.remember(search.term);
    onOpen(hit);
  };
  const clearRecent = () => {
    recent.clear();
    // The button goes with the list; the box is where the member was searching.
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && showsList) {
      event.preventDefault();
      const index = wrapIndex(activeIndex, event.key === 'ArrowDown' ? 1 : -1, rowCount);
      setActive({ list: listed, index });
      document.getElementById(optionId(index))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (showsRecent) searchAgain(recent.terms[activeIndex]);
      // An answer to an earlier term is still on screen while typing; Enter opens only what matches the box.
      else if (!isStale && hits[activeIndex]) open(hits[activeIndex]);
    }
  };

  let status: ReactNode;
  if (isTooShort) status = `Type at least ${MIN_SEARCH_LENGTH} characters to search clients and the records of your plugins.`;
  else if (error) status = null;
  else if (!answer || (isStale && hits.length === 0)) status = 'Searching...';
  else if (hits.length === 0) status = `No results for “${search.term}”.`;
  else status = <span className="visually-hidden">{hits.length === 1 ? '1 result' : `${hits.length} results`}</span>;

  return (
    <>
      <InputGroup
        inputRef={inputRef}
        autoFocus
        size="large"
        leftIcon="search"
        placeholder="Search by name, PAN, GSTIN..."
        aria-label="Search the workspace"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showsList}
        aria-controls={showsList ? listId : undefined}
        aria-activedescendant={showsList ? optionId(activeIndex) : undefined}
        maxLength={MAX_SEARCH_LENGTH}
        value={typed}
        onValueChange={setTyped}
        onKeyDown={onKeyDown}
        rightElement={
          !isTooShort && isStale ? <Spinner size={SpinnerSize.SMALL} className="global-search__spinner" aria-label="Searching" /> : undefined
        }
      />
      <p role="status" className={`global-search__status ${Classes.TEXT_MUTED}`}>
        {status}
      </p>
      {error !== undefined && (
        <div role="alert" className="global-search__error">
          <Icon icon="error" intent="danger" aria-hidden />
          <span>{error instanceof ApiError && error.status < 500 ? error.message : 'Search is not available right now.'}</span>
          <Button size="small" icon="refresh" text="Retry" onClick={search.retry} />
        </div>
      )}
      {answer && !error && answer.incomplete.length > 0 && (
        <p className="global-search__incomplete">
          <Icon icon="warning-sign" intent="warning" aria-hidden />
          Some sources did not answer in time, so these results may be incomplete.
        </p>
      )}
      {showsRecent && (
        <RecentList
          id={listId}
          terms={recent.terms}
          activeIndex={activeIndex}
          optionId={optionId}
          onActivate={(index) => setActive({ list: listed, index })}
          onChoose={searchAgain}
          onClear={clearRecent}
        />
      )}
      {!showsRecent && showsList && answer && (
        <ResultList
          id={listId}
          answer={answer}
          activeIndex={activeIndex}
          optionId={optionId}
          renderers={renderers}
          workspaceId={workspaceId}
          onActivate={(index) => setActive({ list: listed, index })}
          onOpen={open}
        />
      )}
    </>
  );
}

export interface SearchDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** After the dialog has gone: `openedHit` when a hit was opened (the page it leads to takes focus). */
  onClosed: (openedHit: boolean) => void;
  workspaceId: string;
  renderers: Contribution<SearchResultRenderer>[];
}

/** The search dialog: what is typed searches the workspace; arrows move through the hits, Enter opens one. */
export function SearchDialog({ isOpen, onClose, onClosed, workspaceId, renderers }: SearchDialogProps) {
  const navigate = useNavigate();
  const openedHit = useRef(false);
  const byType = new Map<string, Contribution<SearchResultRenderer>>();
  // Two plugins rendering the same type: the first in plugin order wins.
  for (const renderer of renderers) if (!byType.has(renderer.item.type)) byType.set(renderer.item.type, renderer);
  const open = (hit: SearchHit) => {
    openedHit.current = true;
    onClose();
    void navigate(appPath(hit.url));
  };
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      // Where focus goes after closing depends on how the dialog closed; GlobalSearch decides.
      shouldReturnFocusOnClose={false}
      onOpening={() => {
        openedHit.current = false;
      }}
      onClosed={() => onClosed(openedHit.current)}
      title="Search"
      icon="search"
      className="global-search"
    >
      <DialogBody>
        {/* The panel unmounts when the dialog closes, so it opens again with an empty box. */}
        <SearchPanel workspaceId={workspaceId} renderers={byType} onOpen={open} />
      </DialogBody>
    </Dialog>
  );
}
