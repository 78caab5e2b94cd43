import type { DashboardCardProps } from '@axal/web-sdk';
import { StatCard } from '@axal/web-sdk/ui';
import { useDocumentStats } from '../api';

/** The dashboard's "Total Documents" figure (spec 1 section 2.7): the documents the member may see; a dash when unknown. */
export function TotalDocumentsCard({ workspaceId }: DashboardCardProps) {
  const stats = useDocumentStats(workspaceId);
  return (
    <StatCard
      title="Total Documents"
      icon="document"
      value={stats.data?.totalDocuments}
      loading={stats.isPending}
      caption="Documents uploaded"
      link={{ to: `/w/${workspaceId}/documents`, text: 'Open Documents' }}
    />
  );
}
