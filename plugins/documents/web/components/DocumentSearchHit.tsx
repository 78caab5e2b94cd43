import { Classes, Icon } from '@blueprintjs/core';
import type { SearchResultRendererProps } from '@axal/web-sdk';
import { DOCUMENT_SEARCH_HIT_TYPES, mimeTypeOf } from '../../shared/wire';
import { fileIconOf } from '../file-kinds';
import './document-search-hit.css';

/** A file or folder among the global search's hits: its kind's icon, its name, and the folder it is in. */
export function DocumentSearchHit({ hit }: SearchResultRendererProps) {
  const icon = hit.type === DOCUMENT_SEARCH_HIT_TYPES.folder ? 'folder-close' : fileIconOf(mimeTypeOf(hit.title));
  return (
    <>
      <Icon icon={icon} className={Classes.TEXT_MUTED} aria-hidden />
      <span className="document-search-hit__name">{hit.title}</span>
      {hit.subtitle && <span className={`document-search-hit__location ${Classes.TEXT_MUTED}`}>{hit.subtitle}</span>}
    </>
  );
}
