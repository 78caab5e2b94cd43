import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { appPath } from '@axal/web-sdk';
import { useFocusHeadingOnNavigation } from '../app/focus-heading-on-navigation';
import { BrandMark } from '../public/BrandMark';
import { useCurrentYear, useDocumentTitle } from '../public/page-hooks';
import { AppIcon } from './app-icons';
import { Toaster } from './controls/Toaster';
import './auth.css';

const HIGHLIGHTS = [
  'GST and Income Tax notices with AI summaries and action items',
  'Clients, documents, DSCs and deadlines in one shared workspace',
  'Portal credentials encrypted with AES-256',
];

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** Under the form, such as the link between login and sign-up. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The sign-in pages: the product's promise on the left (wide screens only), the form on the right, and the toasts,
 * which outlive the page that raised them (they live in a store of their own).
 */
export function AuthLayout({ title, subtitle, footer, children }: AuthLayoutProps) {
  useDocumentTitle(title);
  const year = useCurrentYear();
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(main);
  return (
    <div className="auth-layout">
      <aside className="auth-layout__showcase" aria-label="About Axal Practice">
        <Link to={appPath()} className="auth-layout__showcase-brand" aria-label="Axal Practice home">
          <BrandMark />
        </Link>
        <div>
          <p className="auth-layout__showcase-title">The practice workspace built for Indian chartered accountants</p>
          <ul className="auth-layout__highlights">
            {HIGHLIGHTS.map((highlight) => (
              <li key={highlight}>
                <AppIcon name="checkCircle" size={20} />
                {highlight}
              </li>
            ))}
          </ul>
        </div>
        <p className="auth-layout__showcase-footer">
          © {year} Axal Practice · <Link to="/terms">Terms</Link> · <Link to="/privacy">Privacy</Link>
        </p>
      </aside>
      <main className="auth-layout__main" ref={main}>
        <div className="auth-layout__panel">
          <Link to={appPath()} className="auth-layout__mobile-brand" aria-label="Axal Practice home">
            <BrandMark />
          </Link>
          <h1 className="auth-layout__title">{title}</h1>
          {subtitle && <p className="auth-layout__subtitle">{subtitle}</p>}
          {children}
          {footer && <div className="auth-layout__footer">{footer}</div>}
        </div>
      </main>
      <Toaster />
    </div>
  );
}
