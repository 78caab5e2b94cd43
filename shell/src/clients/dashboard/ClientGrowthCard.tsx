import { Callout, Card, Classes } from '@blueprintjs/core';
import { lazy, Suspense, useId, useMemo } from 'react';
import { type DashboardCardProps, monthPoints, useDashboardGraphs } from '@axal/web-sdk';
import { EmptyState, MonthPointsTable } from '@axal/web-sdk/ui';
import { CLIENT_DASHBOARD, type ClientGrowthPoint } from '../../../../core/clients/wire';
import './client-dashboard.css';

// ECharts is large: only this card loads it, and only once there is something to draw.
const MonthlyLineChart = lazy(() => import('@axal/web-sdk/charts').then((module) => ({ default: module.MonthlyLineChart })));

const ChartSkeleton = () => <div className={`${Classes.SKELETON} client-dashboard-chart`} aria-busy="true" aria-label="Loading" />;

const clientsCount = (count: number) => `${count.toLocaleString('en-IN')} ${count === 1 ? 'client' : 'clients'}`;

/** The dashboard's "Monthly Client Growth" (spec 1 section 2.7): the running total of clients, month by month. */
export function ClientGrowthCard({ workspaceId }: DashboardCardProps) {
  const graphs = useDashboardGraphs(workspaceId);
  const titleId = useId();
  const series = graphs.data?.[CLIENT_DASHBOARD.growthGraph] as ClientGrowthPoint[] | null | undefined;
  const points = useMemo(() => monthPoints((series ?? []).map(({ month, clients }) => ({ month, value: clients }))), [series]);
  const latest = points.at(-1);
  return (
    <Card className="client-dashboard-card" role="region" aria-labelledby={titleId}>
      <div className="client-dashboard-card__head">
        <h3 id={titleId} className="client-dashboard-card__title">
          {CLIENT_DASHBOARD.growthTitle}
        </h3>
        {latest && <span className={`client-dashboard-card__caption ${Classes.TEXT_MUTED}`}>{clientsCount(latest.value)} now</span>}
      </div>
      {graphs.isPending ? (
        <ChartSkeleton />
      ) : graphs.error || !series ? (
        <Callout intent="danger" role="alert">
          {CLIENT_DASHBOARD.failed}
        </Callout>
      ) : !latest ? (
        <EmptyState icon="people" title={CLIENT_DASHBOARD.growthEmptyTitle} description={CLIENT_DASHBOARD.growthEmptyText} />
      ) : (
        <>
          <Suspense fallback={<ChartSkeleton />}>
            <MonthlyLineChart points={points} valueName="Clients" className="client-dashboard-chart" />
          </Suspense>
          <MonthPointsTable points={points} caption="Clients at the end of each month" valueName="Clients" />
        </>
      )}
    </Card>
  );
}
