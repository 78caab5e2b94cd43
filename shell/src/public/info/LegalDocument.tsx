import type { ReactNode } from 'react';
import { InfoPageLayout } from './InfoPageLayout';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  lead: ReactNode;
  updated: string;
  sections: LegalSection[];
}

/** A policy page: numbered sections with a table of contents built from them. */
export function LegalDocument({ title, lead, updated, sections }: LegalDocumentProps) {
  return (
    <InfoPageLayout eyebrow="Legal" title={title} lead={lead} updated={updated} toc={sections.map(({ id, title: label }) => ({ id, label }))}>
      {sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id}>
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </InfoPageLayout>
  );
}
