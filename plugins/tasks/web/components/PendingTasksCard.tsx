import { type DashboardCardProps, useDashboardStats } from '@axal/web-sdk';
import { StatCard } from '@axal/web-sdk/ui';
import { workspacePaths } from '../task-display';

/** The dashboard's "Pending Tasks" figure (spec 1 section 2.7): open tasks the member may see. */
export function PendingTasksCard({ workspaceId }: DashboardCardProps) {
  const stats = useDashboardStats(workspaceId);
  return (
    <StatCard
      title="Pending Tasks"
      icon="tick-circle"
      value={stats.data?.stats.pendingTasks}
      loading={stats.isPending}
      caption="Tasks awaiting action"
      link={{ to: workspacePaths(workspaceId).tasks, text: 'Open Tasks' }}
    />
  );
}
