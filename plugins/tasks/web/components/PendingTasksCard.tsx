import { Card, Classes, Icon } from '@blueprintjs/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { appPath, type DashboardCardProps, useDashboardStats } from '@axal/web-sdk';
import { workspacePaths } from '../task-display';
import '../tasks.css';

/** The dashboard's "Pending Tasks" figure (spec 1 section 2.7): open tasks the member may see; a dash while missing. */
export function PendingTasksCard({ workspaceId }: DashboardCardProps) {
  const stats = useDashboardStats(workspaceId);
  const titleId = useId();
  const value = stats.data?.stats.pendingTasks;
  return (
    <Card className="tasks-stat-card" role="region" aria-labelledby={titleId}>
      <div className="tasks-stat-card__head">
        <h3 id={titleId} className="tasks-stat-card__title">
          Pending Tasks
        </h3>
        <Icon icon="tick-circle" className={Classes.TEXT_MUTED} aria-hidden="true" />
      </div>
      {stats.isPending ? (
        <div className={`${Classes.SKELETON} tasks-stat-card__skeleton`} aria-busy="true" aria-label="Loading" />
      ) : (
        <p className="tasks-stat-card__value">{typeof value === 'number' ? value.toLocaleString('en-IN') : '—'}</p>
      )}
      <p className={`tasks-stat-card__caption ${Classes.TEXT_MUTED}`}>Tasks awaiting action</p>
      <Link to={appPath(workspacePaths(workspaceId).tasks)} className="tasks-stat-card__link">
        Open Tasks
      </Link>
    </Card>
  );
}
