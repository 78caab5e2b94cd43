import { Button, Classes } from '@blueprintjs/core';
import { pageWindow } from '../pagination';

export interface PaginatorProps {
  /** The current page, from 1. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

/** Previous, up to five page links and Next; nothing at all when there is a single page. */
export function Paginator({ page, totalPages, onPageChange }: PaginatorProps) {
  if (totalPages <= 1) return null;
  const items = pageWindow(page, totalPages);
  const goTo = (target: number) => {
    if (target !== page) onPageChange(target);
  };

  return (
    <nav aria-label="Pagination" style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
      <Button variant="minimal" icon="chevron-left" text="Previous" aria-label="Previous page" disabled={page <= 1} onClick={() => goTo(page - 1)} />
      {items.map((item, index) =>
        item === 'ellipsis' ? (
          // Keyed by the page before the gap, which is unique within the window.
          <span key={`gap-after-${items[index - 1]}`} className={Classes.TEXT_MUTED} aria-hidden="true">
            …
          </span>
        ) : (
          <Button
            key={item}
            variant={item === page ? 'solid' : 'minimal'}
            intent={item === page ? 'primary' : 'none'}
            text={item}
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => goTo(item)}
          />
        ),
      )}
      <Button
        variant="minimal"
        endIcon="chevron-right"
        text="Next"
        aria-label="Next page"
        disabled={page >= totalPages}
        onClick={() => goTo(page + 1)}
      />
    </nav>
  );
}
