import { Link } from 'react-router-dom';
import { appPath } from './app-path';
import { BrandMark } from './BrandMark';
import { useCurrentYear } from './page-hooks';

const COMPANY = 'Axal Practice';

const LINK_GROUPS = [
  {
    heading: 'Product',
    links: [
      { label: 'Features', to: `${appPath()}#features` },
      { label: 'Pricing', to: `${appPath()}#pricing` },
      { label: 'Sign up', to: appPath('/signup') },
      { label: 'Login', to: appPath('/login') },
    ],
  },
  {
    heading: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Contact', to: '/contact' },
      { label: 'Blog', to: '/blog' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Terms', to: '/terms' },
      { label: 'Privacy', to: '/privacy' },
    ],
  },
];

export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer className="site-footer">
      <div className="site-container site-footer__grid">
        <div className="site-footer__about">
          <BrandMark />
          <p>Practice management for chartered accountants, tax practitioners and compliance firms across India.</p>
        </div>
        <nav className="site-footer__links" aria-label="Footer">
          {LINK_GROUPS.map((group) => (
            <div key={group.heading}>
              <h2 className="site-footer__heading">{group.heading}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="site-container site-footer__bottom">
        <p>
          © {year} {COMPANY}. All rights reserved.
        </p>
        <p>Made in India for Indian practices.</p>
      </div>
    </footer>
  );
}
