import { Classes } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { appPath, type DashboardCardProps, useDashboardRecent } from '@axal/web-sdk';
import { DashboardPanel, LoadingSkeleton } from '@axal/web-sdk/ui';
import { RECENT_TASKS_ON_DASHBOARD, TASK_TOASTS } from '../../shared/wire';
import type { RecentTask } from '../api';
import { workspacePaths } from '../task-display';
import { DueDate, StatusTag } from './TaskTags';
import '../tasks.css';

/** The dashboard's "Recent Tasks" (spec 1 section 2.7): the latest four, with assignee, status and due date. */
export function RecentTasksCard({ workspaceId }: DashboardCardProps) {
  const recent = useDashboardRecent(workspaceId);
  const tasks = (recent.data?.recentTasks as RecentTask[] | undefined)?.slice(0, RECENT_TASKS_ON_DASHBOARD) ?? [];
  const paths = workspacePaths(workspaceId);
  return (
    <DashboardPanel title="Recent Tasks" aside={<Link to={appPath(paths.tasks)}>View all</Link>}>
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
    </DashboardPanel>
  );
}
