import { Card, Classes, Icon, type IconName } from '@blueprintjs/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { appPath } from '../runtime-config';
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
  const titleId = useId();
  return (
    <Card className="sdk-stat-card" role="region" aria-labelledby={titleId}>
      <div className="sdk-stat-card__head">
        <h3 id={titleId} className="sdk-stat-card__title">
          {title}
        </h3>
        <Icon icon={icon} className={Classes.TEXT_MUTED} aria-hidden="true" />
      </div>
      {loading ? (
        <div className={`${Classes.SKELETON} sdk-stat-card__skeleton`} aria-busy="true" aria-label="Loading" />
      ) : (
        <p className="sdk-stat-card__value">{typeof value === 'number' ? value.toLocaleString('en-IN') : '—'}</p>
      )}
      <p className={`sdk-stat-card__caption ${Classes.TEXT_MUTED}`}>{caption}</p>
      <Link to={appPath(link.to)} className="sdk-stat-card__link">
        {link.text}
      </Link>
    </Card>
  );
}
