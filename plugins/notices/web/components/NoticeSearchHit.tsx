import { Classes, Icon } from '@blueprintjs/core';
import type { SearchResultRendererProps } from '@axal/web-sdk';
import './notice-search-hit.css';

/** A notice among the global search's hits: its form or section and reference, then its client and description. */
export function NoticeSearchHit({ hit }: SearchResultRendererProps) {
  return (
    <>
      <Icon icon="warning-sign" className={Classes.TEXT_MUTED} aria-hidden />
      <span className="notices-search-hit__title">{hit.title}</span>
      {hit.subtitle && <span className={`notices-search-hit__subtitle ${Classes.TEXT_MUTED}`}>{hit.subtitle}</span>}
    </>
  );
}
