import { Card, Classes, Icon } from '@blueprintjs/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { appPath, type DashboardCardProps, useDashboardStats } from '@axal/web-sdk';
import { NOTICE_PROVIDERS, NOTICE_TOASTS } from '../../../shared/wire';
import { workspacePaths } from '../../notice-display';
import './dashboard.css';

/** The dashboard's "Pending Notices" figure (spec 1 section 2.7): open notices the member may see; a dash while missing. */
export function PendingNoticesCard({ workspaceId }: DashboardCardProps) {
  const stats = useDashboardStats(workspaceId);
  const titleId = useId();
  const value = stats.data?.stats[NOTICE_PROVIDERS.pendingStat];
  return (
    <Card className="notices-dashboard-card" role="region" aria-labelledby={titleId}>
      <div className="notices-dashboard-card__head">
        <h3 id={titleId} className="notices-dashboard-card__title">
          Pending Notices
        </h3>
        <Icon icon="warning-sign" className={Classes.TEXT_MUTED} aria-hidden="true" />
      </div>
      {stats.isPending ? (
        <div className={`${Classes.SKELETON} notices-dashboard-card__skeleton`} aria-busy="true" aria-label="Loading" />
      ) : (
        <p className="notices-dashboard-card__value">{typeof value === 'number' ? value.toLocaleString('en-IN') : '—'}</p>
      )}
      <p className={`notices-dashboard-card__caption ${Classes.TEXT_MUTED}`}>{NOTICE_TOASTS.pendingCaption}</p>
      <Link to={appPath(workspacePaths(workspaceId).notices)} className="notices-dashboard-card__link">
        Open Notices
      </Link>
    </Card>
  );
}
