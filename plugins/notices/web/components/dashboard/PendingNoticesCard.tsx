import { type DashboardCardProps, useDashboardStats } from '@axal/web-sdk';
import { StatCard } from '@axal/web-sdk/ui';
import { NOTICE_PROVIDERS, NOTICE_TOASTS } from '../../../shared/wire';
import { workspacePaths } from '../../notice-display';

/** The dashboard's "Pending Notices" figure (spec 1 section 2.7): open notices the member may see. */
export function PendingNoticesCard({ workspaceId }: DashboardCardProps) {
  const stats = useDashboardStats(workspaceId);
  return (
    <StatCard
      title="Pending Notices"
      icon="warning-sign"
      value={stats.data?.stats[NOTICE_PROVIDERS.pendingStat]}
      loading={stats.isPending}
      caption={NOTICE_TOASTS.pendingCaption}
      link={{ to: workspacePaths(workspaceId).notices, text: 'Open Notices' }}
    />
  );
}
