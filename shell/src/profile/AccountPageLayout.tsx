import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { appPath } from '@axal/web-sdk';
import { useFocusHeadingOnNavigation } from '../app/focus-heading-on-navigation';
import { useFocusRescue } from '../app/focus-rescue';
import { AppIcon } from '../auth/app-icons';
import { BrandMark } from '../public/BrandMark';
import { useDocumentTitle } from '../public/page-hooks';
import './account-pages.css';

interface AccountPageLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** Create-workspace has no dashboard to go back to when it is the user's first workspace. */
  showBackLink?: boolean;
  width?: 'narrow' | 'wide';
  children: ReactNode;
}

/** Signed-in pages that live outside a workspace: the profile and workspace creation. */
export function AccountPageLayout({ title, subtitle, showBackLink = true, width = 'wide', children }: AccountPageLayoutProps) {
  useDocumentTitle(title);
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(main);
  useFocusRescue(main);
  return (
    <div className="account-page">
      <header className="account-page__bar">
        <Link to={appPath('/dashboard')} className="account-page__brand" aria-label="Axal Practice dashboard">
          <BrandMark />
        </Link>
        {showBackLink && (
          <Link to={appPath('/dashboard')} className="account-page__back">
            <AppIcon name="arrowLeft" />
            Back to dashboard
          </Link>
        )}
      </header>
      <main className={`account-page__main account-page__main--${width}`} ref={main}>
        <h1 className="account-page__title">{title}</h1>
        {subtitle && <p className="account-page__subtitle">{subtitle}</p>}
        {children}
      </main>
    </div>
  );
}
