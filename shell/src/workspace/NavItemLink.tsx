import { Icon, Tag, type IconName } from '@blueprintjs/core';
import { Link, matchPath, useLocation } from 'react-router-dom';

export interface NavItemLinkProps {
  to: string;
  label: string;
  icon?: IconName;
  /** Path patterns (absolute) under which this entry is the current page; `to` and anything below it by default. */
  activeFor?: string[];
  demo?: boolean;
}

/** One link of a navigation list: a real anchor, client-side navigation, `aria-current="page"` when current. */
export function NavItemLink({ to, label, icon, activeFor = [`${to}/*`], demo = false }: NavItemLinkProps) {
  const { pathname } = useLocation();
  const current = activeFor.some((pattern) => matchPath(pattern, pathname) !== null);
  return (
    <Link to={to} className="nav-item" aria-current={current ? 'page' : undefined}>
      {icon && <Icon icon={icon} className="nav-item__icon" />}
      <span className="nav-item__label">{label}</span>
      {demo && (
        <Tag minimal round className="nav-item__badge">
          Demo
        </Tag>
      )}
    </Link>
  );
}
