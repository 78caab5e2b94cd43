import { lazy, useMemo } from 'react';
import { type DashboardCardProps, useDashboardGraphs } from '@axal/web-sdk';
import { ChartPanel } from '@axal/web-sdk/ui';
import { TASK_STATUSES, TASK_TOASTS } from '../../shared/wire';
import type { TaskStatusCount } from '../api';
import { STATUS_COLOURS, STATUS_LABELS } from '../task-display';
import '../tasks.css';

// ECharts is large: only this card loads it, and only once there is something to draw.
const TaskStatusDoughnut = lazy(() => import('./TaskStatusDoughnut').then((module) => ({ default: module.TaskStatusDoughnut })));

/** The dashboard's "Task Status Distribution" (spec 1 section 2.7): a doughnut of the four statuses, the total in its centre. */
export function TaskStatusCard({ workspaceId }: DashboardCardProps) {
  const graphs = useDashboardGraphs(workspaceId);
  const series = graphs.data?.taskStats as TaskStatusCount[] | null | undefined;
  // Every status in the same order and colour, whatever the answer's order.
  const counts = useMemo(
    () => TASK_STATUSES.map((status) => ({ status, value: series?.find((entry) => entry.name === status)?.value ?? 0 })),
    [series],
  );
  const total = counts.reduce((sum, entry) => sum + entry.value, 0);
  return (
    <ChartPanel
      title="Task Status Distribution"
      chartClassName="tasks-chart"
      loading={graphs.isPending}
      failure={graphs.error || !series ? TASK_TOASTS.dashboardFailed : null}
      empty={total === 0 ? { icon: 'pie-chart', title: 'No Tasks Yet', description: 'Start creating tasks to see their distribution here.' } : null}
      chart={<TaskStatusDoughnut counts={counts} total={total} />}
    >
      <ul className="tasks-chart__legend" aria-label="Tasks by status">
        {counts.map(({ status, value }) => (
          <li key={status}>
            <span className="tasks-chart__swatch" style={{ background: STATUS_COLOURS[status] }} aria-hidden="true" />
            {STATUS_LABELS[status]}: {value} ({Math.round((value / total) * 100)}%)
          </li>
        ))}
      </ul>
    </ChartPanel>
  );
}
