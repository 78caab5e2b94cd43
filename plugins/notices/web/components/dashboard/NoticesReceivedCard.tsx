import { Callout, Card, Classes } from '@blueprintjs/core';
import { lazy, Suspense, useId, useMemo } from 'react';
import { type DashboardCardProps, monthPoints, useDashboardGraphs } from '@axal/web-sdk';
import { EmptyState, MonthPointsTable } from '@axal/web-sdk/ui';
import { NOTICE_PROVIDERS, NOTICE_STATS_MONTHS, NOTICE_TOASTS, type NoticeMonthCount } from '../../../shared/wire';
import { monthValues, noticesCount } from './monthly-counts';
import './dashboard.css';

// ECharts is large: only this card loads it, and only once there is something to draw.
const MonthlyLineChart = lazy(() => import('@axal/web-sdk/charts').then((module) => ({ default: module.MonthlyLineChart })));

const ChartSkeleton = () => <div className={`${Classes.SKELETON} notices-dashboard-chart`} aria-busy="true" aria-label="Loading" />;

/** The dashboard's full-width "Notices Received" (spec 1 section 2.7): notices issued per month over the last year. */
export function NoticesReceivedCard({ workspaceId }: DashboardCardProps) {
  const graphs = useDashboardGraphs(workspaceId);
  const titleId = useId();
  const series = graphs.data?.[NOTICE_PROVIDERS.monthlyGraph] as NoticeMonthCount[] | null | undefined;
  const points = useMemo(() => monthPoints(monthValues(series ?? [])), [series]);
  const total = points.reduce((sum, point) => sum + point.value, 0);
  return (
    <Card className="notices-dashboard-card notices-dashboard-card--wide" role="region" aria-labelledby={titleId}>
      <div className="notices-dashboard-card__head">
        <h3 id={titleId} className="notices-dashboard-card__title">
          Notices Received
        </h3>
        {total > 0 && (
          <span className={`notices-dashboard-card__caption ${Classes.TEXT_MUTED}`}>
            {noticesCount(total)} in the last {NOTICE_STATS_MONTHS} months
          </span>
        )}
      </div>
      {graphs.isPending ? (
        <ChartSkeleton />
      ) : graphs.error || !series ? (
        <Callout intent="danger" role="alert">
          {NOTICE_TOASTS.dashboardFailed}
        </Callout>
      ) : total === 0 ? (
        <EmptyState icon="timeline-line-chart" title={NOTICE_TOASTS.dashboardEmptyTitle} description={NOTICE_TOASTS.dashboardEmptyText} />
      ) : (
        <>
          <Suspense fallback={<ChartSkeleton />}>
            <MonthlyLineChart points={points} valueName="Notices" className="notices-dashboard-chart" />
          </Suspense>
          <MonthPointsTable points={points} caption="Notices received per month" valueName="Notices" />
        </>
      )}
    </Card>
  );
}
