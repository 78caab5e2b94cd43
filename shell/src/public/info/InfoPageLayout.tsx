import { useRef, type ReactNode } from 'react';
import { useFocusHeadingOnNavigation } from '../../app/focus-heading-on-navigation';
import { SiteFooter } from '../SiteFooter';
import { SiteHeader } from '../SiteHeader';
import { useDocumentTitle, useScrollToHash } from '../page-hooks';

interface TocEntry {
  id: string;
  label: string;
}

interface InfoPageLayoutProps {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  /** "Last updated" date of a policy, shown under the title. */
  updated?: string;
  /** Sections listed beside the text on wide screens, for the long legal pages. */
  toc?: TocEntry[];
  children: ReactNode;
}

/** The frame of the About, Contact, Blog, Terms and Privacy pages: top bar, title block, text, footer. */
export function InfoPageLayout({ eyebrow, title, lead, updated, toc, children }: InfoPageLayoutProps) {
  useDocumentTitle(title);
  useScrollToHash();
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(main);
  return (
    <div className="site">
      <a className="site-skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} ref={main}>
        <header className="info-hero">
          <div className="site-container site-container--narrow">
            <p className="site-eyebrow">{eyebrow}</p>
            <h1 className="info-hero__title">{title}</h1>
            <p className="info-hero__lead">{lead}</p>
            {updated && <p className="info-hero__updated">Last updated {updated}</p>}
          </div>
        </header>
        <div className={`site-container info-body ${toc ? 'info-body--with-toc' : 'site-container--narrow'}`}>
          {toc && (
            <nav className="info-toc" aria-label="On this page">
              <p className="info-toc__title">On this page</p>
              <ol>
                {toc.map((entry) => (
                  <li key={entry.id}>
                    <a href={`#${entry.id}`}>{entry.label}</a>
                  </li>
                ))}
              </ol>
            </nav>
          )}
          <div className="prose">{children}</div>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
