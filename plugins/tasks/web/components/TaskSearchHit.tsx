import { Classes, Icon } from '@blueprintjs/core';
import type { SearchResultRendererProps } from '@axal/web-sdk';
import '../tasks.css';

/** A task among the global search's hits: its title, then its client and due date. */
export function TaskSearchHit({ hit }: SearchResultRendererProps) {
  return (
    <>
      <Icon icon="tick-circle" className={Classes.TEXT_MUTED} aria-hidden />
      <span className="tasks-search-hit__title">{hit.title}</span>
      {hit.subtitle && <span className={`tasks-search-hit__subtitle ${Classes.TEXT_MUTED}`}>{hit.subtitle}</span>}
    </>
  );
}
