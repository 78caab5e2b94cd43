import { Card, Classes } from '@blueprintjs/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { appPath, type DashboardCardProps, useDashboardRecent } from '@axal/web-sdk';
import { LoadingSkeleton } from '@axal/web-sdk/ui';
import { RECENT_TASKS_ON_DASHBOARD, TASK_TOASTS } from '../../shared/wire';
import type { RecentTask } from '../api';
import { workspacePaths } from '../task-display';
import { DueDate, StatusTag } from './TaskTags';
import '../tasks.css';

/** The dashboard's "Recent Tasks" (spec 1 section 2.7): the latest four, with assignee, status and due date. */
export function RecentTasksCard({ workspaceId }: DashboardCardProps) {
  const recent = useDashboardRecent(workspaceId);
  const titleId = useId();
  const tasks = (recent.data?.recentTasks as RecentTask[] | undefined)?.slice(0, RECENT_TASKS_ON_DASHBOARD) ?? [];
  const paths = workspacePaths(workspaceId);
  return (
    <Card className="tasks-stat-card tasks-recent-card" role="region" aria-labelledby={titleId}>
      <div className="tasks-stat-card__head">
        <h3 id={titleId} className="tasks-stat-card__title">
          Recent Tasks
        </h3>
        <Link to={appPath(paths.tasks)} className="tasks-stat-card__link">
          View all
        </Link>
      </div>
      {recent.isPending ? (
        <LoadingSkeleton rows={RECENT_TASKS_ON_DASHBOARD} height={36} />
      ) : recent.error ? (
        <p className={Classes.TEXT_MUTED}>{TASK_TOASTS.dashboardFailed}</p>
      ) : tasks.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{TASK_TOASTS.empty}</p>
      ) : (
        <ul className="tasks-recent">
          {tasks.map((task) => (
            <li key={task.externalId} className="tasks-recent__item">
              <div className="tasks-recent__main">
                <Link to={appPath(paths.task(task.externalId))} className="tasks-recent__title">
                  {task.title}
                </Link>
                <span className={`tasks-recent__meta ${Classes.TEXT_MUTED}`}>
                  {task.assignee ?? 'Unassigned'} · <DueDate task={task} prefix="Due " />
                </span>
              </div>
              <StatusTag status={task.status} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
