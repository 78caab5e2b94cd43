import { Card, Classes, Icon } from '@blueprintjs/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { appPath, type DashboardCardProps, useDashboardStats } from '@axal/web-sdk';
import { CLIENT_DASHBOARD } from '../../../../core/clients/wire';
import './client-dashboard.css';

/** The dashboard's "Total Clients" figure (spec 1 section 2.7): the clients the member may see; a dash while missing. */
export function TotalClientsCard({ workspaceId }: DashboardCardProps) {
  const stats = useDashboardStats(workspaceId);
  const titleId = useId();
  const value = stats.data?.stats[CLIENT_DASHBOARD.totalClientsStat];
  return (
    <Card className="client-dashboard-card" role="region" aria-labelledby={titleId}>
      <div className="client-dashboard-card__head">
        <h3 id={titleId} className="client-dashboard-card__title">
          {CLIENT_DASHBOARD.totalClientsTitle}
        </h3>
        <Icon icon="people" className={Classes.TEXT_MUTED} aria-hidden="true" />
      </div>
      {stats.isPending ? (
        <div className={`${Classes.SKELETON} client-dashboard-card__skeleton`} aria-busy="true" aria-label="Loading" />
      ) : (
        <p className="client-dashboard-card__value">{typeof value === 'number' ? value.toLocaleString('en-IN') : '—'}</p>
      )}
      <p className={`client-dashboard-card__caption ${Classes.TEXT_MUTED}`}>{CLIENT_DASHBOARD.totalClientsCaption}</p>
      <Link to={appPath(`/w/${workspaceId}/clients`)} className="client-dashboard-card__link">
        Open Clients
      </Link>
    </Card>
  );
}
