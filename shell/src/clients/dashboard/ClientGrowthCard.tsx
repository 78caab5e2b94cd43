import { lazy, useMemo } from 'react';
import { type DashboardCardProps, monthPoints, useDashboardGraphs } from '@axal/web-sdk';
import { ChartPanel, DashboardPanelCaption, MonthPointsTable } from '@axal/web-sdk/ui';
import { CLIENT_DASHBOARD, type ClientGrowthPoint } from '../../../../core/clients/wire';
import './client-dashboard.css';

// ECharts is large: only this card loads it, and only once there is something to draw.
const MonthlyLineChart = lazy(() => import('@axal/web-sdk/charts').then((module) => ({ default: module.MonthlyLineChart })));

const clientsCount = (count: number) => `${count.toLocaleString('en-IN')} ${count === 1 ? 'client' : 'clients'}`;

/** The dashboard's "Monthly Client Growth" (spec 1 section 2.7): the running total of clients, month by month. */
export function ClientGrowthCard({ workspaceId }: DashboardCardProps) {
  const graphs = useDashboardGraphs(workspaceId);
  const series = graphs.data?.[CLIENT_DASHBOARD.growthGraph] as ClientGrowthPoint[] | null | undefined;
  const points = useMemo(() => monthPoints((series ?? []).map(({ month, clients }) => ({ month, value: clients }))), [series]);
  const latest = points.at(-1);
  return (
    <ChartPanel
      title={CLIENT_DASHBOARD.growthTitle}
      aside={latest && <DashboardPanelCaption>{clientsCount(latest.value)} now</DashboardPanelCaption>}
      chartClassName="client-dashboard-chart"
      loading={graphs.isPending}
      failure={graphs.error || !series ? CLIENT_DASHBOARD.failed : null}
      empty={latest ? null : { icon: 'people', title: CLIENT_DASHBOARD.growthEmptyTitle, description: CLIENT_DASHBOARD.growthEmptyText }}
      chart={<MonthlyLineChart points={points} valueName="Clients" className="client-dashboard-chart" />}
    >
      <MonthPointsTable points={points} caption="Clients at the end of each month" valueName="Clients" />
    </ChartPanel>
  );
}
