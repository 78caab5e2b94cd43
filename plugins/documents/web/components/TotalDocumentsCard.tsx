import { Card, Classes, Icon } from '@blueprintjs/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { appPath, type DashboardCardProps } from '@axal/web-sdk';
import { useDocumentStats } from '../api';
import '../documents.css';

/** The dashboard's "Total Documents" figure: the documents the member may see. */
export function TotalDocumentsCard({ workspaceId }: DashboardCardProps) {
  const stats = useDocumentStats(workspaceId);
  const titleId = useId();
  return (
    <Card className="documents-stat-card" role="region" aria-labelledby={titleId}>
      <div className="documents-stat-card__head">
        <h3 id={titleId} className="documents-stat-card__title">
          Total Documents
        </h3>
        <Icon icon="document" className={Classes.TEXT_MUTED} aria-hidden="true" />
      </div>
      {stats.error ? (
        <p className={Classes.TEXT_MUTED}>Not available</p>
      ) : stats.isPending ? (
        <div className={`${Classes.SKELETON} documents-stat-card__skeleton`} aria-busy="true" aria-label="Loading" />
      ) : (
        <p className="documents-stat-card__value">{stats.data.totalDocuments.toLocaleString('en-IN')}</p>
      )}
      <Link to={appPath(`/w/${workspaceId}/documents`)} className="documents-stat-card__link">
        Open Documents
      </Link>
    </Card>
  );
}
