import type { ReactNode } from 'react';
import { PageHeader } from '../workspace/PageHeader';

/** The workspace page header with the page's main actions beside it. */
export function PageHeading({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="clients-heading">
      <PageHeader title={title} description={description} />
      {actions && <div className="clients-heading__actions">{actions}</div>}
    </div>
  );
}
