import { lazy, useMemo } from 'react';
import { type DashboardCardProps, monthPoints, useDashboardGraphs } from '@axal/web-sdk';
import { ChartPanel, DashboardPanelCaption, MonthPointsTable } from '@axal/web-sdk/ui';
import { NOTICE_PROVIDERS, NOTICE_STATS_MONTHS, NOTICE_TOASTS, type NoticeMonthCount } from '../../../shared/wire';
import { monthValues, noticesCount } from './monthly-counts';
import './dashboard.css';

// ECharts is large: only this card loads it, and only once there is something to draw.
const MonthlyLineChart = lazy(() => import('@axal/web-sdk/charts').then((module) => ({ default: module.MonthlyLineChart })));

/** The dashboard's full-width "Notices Received" (spec 1 section 2.7): notices issued per month over the last year. */
export function NoticesReceivedCard({ workspaceId }: DashboardCardProps) {
  const graphs = useDashboardGraphs(workspaceId);
  const series = graphs.data?.[NOTICE_PROVIDERS.monthlyGraph] as NoticeMonthCount[] | null | undefined;
  const points = useMemo(() => monthPoints(monthValues(series ?? [])), [series]);
  const total = points.reduce((sum, point) => sum + point.value, 0);
  return (
    <ChartPanel
      title="Notices Received"
      wide
      className="notices-dashboard-card"
      aside={
        total > 0 && (
          <DashboardPanelCaption>
            {noticesCount(total)} in the last {NOTICE_STATS_MONTHS} months
          </DashboardPanelCaption>
        )
      }
      chartClassName="notices-dashboard-chart"
      loading={graphs.isPending}
      failure={graphs.error || !series ? NOTICE_TOASTS.dashboardFailed : null}
      empty={
        total === 0 ? { icon: 'timeline-line-chart', title: NOTICE_TOASTS.dashboardEmptyTitle, description: NOTICE_TOASTS.dashboardEmptyText } : null
      }
      chart={<MonthlyLineChart points={points} valueName="Notices" className="notices-dashboard-chart" />}
    >
      <MonthPointsTable points={points} caption="Notices received per month" valueName="Notices" />
    </ChartPanel>
  );
}
