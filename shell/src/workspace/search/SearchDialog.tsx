import { Button, Classes, Dialog, DialogBody, Icon, InputGroup, Spinner, SpinnerSize, type IconName } from '@blueprintjs/core';
import { Component, Suspense, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, appPath, type SearchHit, type SearchResultRenderer } from '@axal/web-sdk';
import type { Contribution } from '../../plugins/contributions';
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

interface ResultListProps {
  id: string;
  answer: SearchAnswer;
  activeIndex: number;
  optionId: (index: number) => string;
  renderers: Map<string, Contribution<SearchResultRenderer>>;
  workspaceId: string;
  onActivate: (index: number) => void;
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
              const active = hitIndex === activeIndex;
              return (
                <div
                  key={`${hit.type}:${hit.id}`}
                  id={optionId(hitIndex)}
                  role="option"
                  aria-selected={active}
                  className={`global-search__entry${active ? ' global-search__entry--active' : ''}`}
                  // Focus stays in the search box; a click must not take it away before the hit opens.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => onActivate(hitIndex)}
                  onClick={() => onOpen(hit)}
                >
                  <HitContent hit={hit} renderer={renderer} workspaceId={workspaceId} />
                </div>
              );
            })}
          </div>
        );
      })}
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
  // The highlighted row belongs to one answer: a new answer starts again at its first row.
  const [active, setActive] = useState<{ answer?: SearchAnswer; index: number }>({ index: 0 });
  const { query, isTooShort, isStale, isSearching } = useWorkspaceSearch(workspaceId, typed);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const answer = isTooShort ? undefined : query.data;
  const ordered = answer ? groupHitsByType(answer.results).flatMap((group) => group.hits) : [];
  const activeIndex = active.answer === answer ? active.index : 0;
  const showsList = ordered.length > 0 && !query.error;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const index = wrapIndex(activeIndex, event.key === 'ArrowDown' ? 1 : -1, ordered.length);
      setActive({ answer, index });
      document.getElementById(optionId(index))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // An answer to an earlier term is still on screen while typing; Enter opens only what matches the box.
      if (!isStale && ordered[activeIndex]) onOpen(ordered[activeIndex]);
    }
  };

  let status: ReactNode;
  if (isTooShort) status = `Type at least ${MIN_SEARCH_LENGTH} characters to search clients and the records of your plugins.`;
  else if (query.error) status = null;
  else if (!answer) status = 'Searching...';
  else if (ordered.length === 0) status = isStale ? 'Searching...' : 'No results found.';
  else status = <span className="visually-hidden">{ordered.length === 1 ? '1 result' : `${ordered.length} results`}</span>;

  return (
    <>
      <InputGroup
        autoFocus
        size="large"
        leftIcon="search"
        placeholder="Search clients, tasks and notices..."
        aria-label="Search clients, tasks and notices"
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
          !isTooShort && isSearching ? <Spinner size={SpinnerSize.SMALL} className="global-search__spinner" aria-label="Searching" /> : undefined
        }
      />
      <p role="status" className={`global-search__status ${Classes.TEXT_MUTED}`}>
        {status}
      </p>
      {!isTooShort && query.error && (
        <div role="alert" className="global-search__error">
          <Icon icon="error" intent="danger" aria-hidden />
          <span>{query.error instanceof ApiError && query.error.status < 500 ? query.error.message : 'Search is not available right now.'}</span>
          <Button size="small" icon="refresh" text="Retry" onClick={() => void query.refetch()} />
        </div>
      )}
      {answer && answer.incomplete.length > 0 && !query.error && (
        <p className="global-search__incomplete">
          <Icon icon="warning-sign" intent="warning" aria-hidden />
          Some sources did not answer in time, so these results may be incomplete.
        </p>
      )}
      {showsList && answer && (
        <ResultList
          id={listId}
          answer={answer}
          activeIndex={activeIndex}
          optionId={optionId}
          renderers={renderers}
          workspaceId={workspaceId}
          onActivate={(index) => setActive({ answer, index })}
          onOpen={onOpen}
        />
      )}
    </>
  );
}

export interface SearchDialogProps {
  isOpen: boolean;
  onClose: () => void;
  workspaceId: string;
  renderers: Contribution<SearchResultRenderer>[];
}

/** The search dialog: what is typed searches the workspace; arrows move through the hits, Enter opens one. */
export function SearchDialog({ isOpen, onClose, workspaceId, renderers }: SearchDialogProps) {
  const navigate = useNavigate();
  const byType = new Map<string, Contribution<SearchResultRenderer>>();
  // Two plugins rendering the same type: the first in plugin order wins.
  for (const renderer of renderers) if (!byType.has(renderer.item.type)) byType.set(renderer.item.type, renderer);
  const open = (hit: SearchHit) => {
    onClose();
    void navigate(appPath(hit.url));
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Search" icon="search" className="global-search">
      <DialogBody>
        {/* The panel unmounts when the dialog closes, so it opens again with an empty box. */}
        <SearchPanel workspaceId={workspaceId} renderers={byType} onOpen={open} />
      </DialogBody>
    </Dialog>
  );
}
