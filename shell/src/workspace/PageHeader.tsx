import { Classes, H1 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../public/page-hooks';

/** The title block every workspace page starts with; the title names the browser tab too. */
export function PageHeader({ title, description }: { title: string; description?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <header className="page-header">
      <H1 className="page-header__title">{title}</H1>
      {description && <p className={`page-header__description ${Classes.TEXT_MUTED}`}>{description}</p>}
    </header>
  );
}
