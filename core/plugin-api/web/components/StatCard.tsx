import { Classes, Icon, type IconName } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { appPath } from '../runtime-config';
import { DashboardPanel } from './DashboardPanel';
import './stat-card.css';

export interface StatCardProps {
  title: string;
  icon: IconName;
  /** The figure; a dash while it is missing (spec 1 section 2.7), as when its provider failed. */
  value: number | null | undefined;
  loading: boolean;
  caption: string;
  /** Where the figure leads: a path inside the app ('/w/{id}/clients') and the link's text. */
  link: { to: string; text: string };
}

/** A dashboard figure: title and icon, the number (a skeleton while loading), what it counts and a link to the list. */
export function StatCard({ title, icon, value, loading, caption, link }: StatCardProps) {
  return (
    <DashboardPanel title={title} aside={<Icon icon={icon} className={Classes.TEXT_MUTED} aria-hidden="true" />}>
      {loading ? (
        <div className={`${Classes.SKELETON} sdk-stat-card__skeleton`} aria-busy="true" aria-label="Loading" />
      ) : (
        <p className="sdk-stat-card__value">{typeof value === 'number' ? value.toLocaleString('en-IN') : '—'}</p>
      )}
      <p className={`sdk-stat-card__caption ${Classes.TEXT_MUTED}`}>{caption}</p>
      <Link to={appPath(link.to)} className="sdk-stat-card__link">
        {link.text}
      </Link>
    </DashboardPanel>
  );
}
