import { type DashboardCardProps, useDashboardStats } from '@axal/web-sdk';
import { StatCard } from '@axal/web-sdk/ui';
import { CLIENT_DASHBOARD } from '../../../../core/clients/wire';

/** The dashboard's "Total Clients" figure (spec 1 section 2.7): the clients the member may see. */
export function TotalClientsCard({ workspaceId }: DashboardCardProps) {
  const stats = useDashboardStats(workspaceId);
  return (
    <StatCard
      title={CLIENT_DASHBOARD.totalClientsTitle}
      icon="people"
      value={stats.data?.stats[CLIENT_DASHBOARD.totalClientsStat]}
      loading={stats.isPending}
      caption={CLIENT_DASHBOARD.totalClientsCaption}
      link={{ to: `/w/${workspaceId}/clients`, text: 'Open Clients' }}
    />
  );
}
