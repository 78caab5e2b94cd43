import { H1 } from '@blueprintjs/core';
import { createElement } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError, appPath, usePermission, usePluginEnabled, usePluginExport, useDocumentTitle } from '@axal/web-sdk';
import { EmptyState, ErrorState, LoadingSkeleton } from '@axal/web-sdk/ui';
import { NOTICE_ENTITY, NOTICE_MESSAGES, NOTICE_TOASTS, NOTICES_PERMISSIONS, NOTICES_ROUTES, type NoticeView } from '../../shared/wire';
import { AssociatedTasksCard } from '../components/details/AssociatedTasksCard';
import { HearingsCard } from '../components/details/HearingsCard';
import { NoticeActivityCard } from '../components/details/NoticeActivityCard';
import { NoticeContentCard } from '../components/details/NoticeContentCard';
import { NoticeHeader } from '../components/details/NoticeHeader';
import { useInvalidateNotices } from '../api';
import { useNotice } from '../details-api';
import { workspacePaths } from '../notice-display';
import type { EntityAttachmentsProps } from '../../../documents/server/tokens';
import '../details.css';

/** `{app}/w/:workspaceId/notices/:noticeId` (spec 2 section 2.10). */
export function NoticeDetailsPage() {
  const { workspaceId = '', noticeId = '' } = useParams();
  const notice = useNotice(workspaceId, noticeId);
  const paths = workspacePaths(workspaceId);

  useDocumentTitle(notice.data?.noticeType ?? 'Notice');

  if (notice.error) {
    const status = notice.error instanceof ApiError ? notice.error.status : null;
    return (
      <div className="notices-details-page">
        <H1 className="notices-details-title">{status === 404 ? NOTICE_MESSAGES.noticeNotFound : 'Notice'}</H1>
        {status === 404 ? (
          <EmptyState
            icon="search"
            title="Nothing to show"
            description="The notice may have been deleted, or you may not have access to it."
            action={
              <Link to={appPath(paths.notices)} className="notices-details-back-link">
                Back to Notices
              </Link>
            }
          />
        ) : (
          <ErrorState
            title={NOTICE_TOASTS.fetchFailed(status ?? notice.error.message)}
            message={notice.error.message}
            onRetry={() => void notice.refetch()}
          />
        )}
      </div>
    );
  }
  if (!notice.data) {
    return (
      <div className="notices-details-page">
        <H1 className="notices-details-title">Notice</H1>
        <LoadingSkeleton rows={6} height={24} />
      </div>
    );
  }
  // One mount per notice: moving to another notice's page starts afresh, so a running Process with AI, its button
  // state and an open dialog stay with the notice they were for.
  return <NoticeDetails key={notice.data.externalId} workspaceId={workspaceId} notice={notice.data} />;
}

function NoticeDetails({ workspaceId, notice }: { workspaceId: string; notice: NoticeView }) {
  const paths = workspacePaths(workspaceId);
  const canEdit = usePermission(NOTICES_PERMISSIONS.edit);
  const tasksEnabled = usePluginEnabled('tasks');
  const EntityAttachments = usePluginExport<EntityAttachmentsProps>('documents', 'EntityAttachments');
  const invalidateNotices = useInvalidateNotices(workspaceId);

  return (
    <div className="notices-details-page">
      <p className="notices-details-breadcrumb">
        <Link to={appPath(paths.notices)}>Notices</Link>
      </p>
      <NoticeHeader workspaceId={workspaceId} notice={notice} tasksEnabled={tasksEnabled} />
      <div className="notices-details-grid">
        <div className="notices-details-grid__column">
          <NoticeContentCard notice={notice} />
          <HearingsCard workspaceId={workspaceId} notice={notice} canEdit={canEdit} />
          {tasksEnabled && <AssociatedTasksCard workspaceId={workspaceId} noticeId={notice.externalId} />}
        </div>
        <div className="notices-details-grid__column">
          {/* The shell's export map holds one component per name, the same on every render. */}
          {EntityAttachments &&
            createElement(EntityAttachments, {
              workspaceId,
              attachmentsPath: NOTICES_ROUTES.attachments(notice.externalId),
              directory: NOTICES_ROUTES.notice(notice.externalId),
              clientId: notice.client.externalId || null,
              canChange: canEdit,
              dialogDescription: 'Upload files to attach to this notice.',
              entityLabel: NOTICE_ENTITY.toLowerCase(),
              onChange: () => void invalidateNotices(),
            })}
          <NoticeActivityCard workspaceId={workspaceId} noticeId={notice.externalId} />
        </div>
      </div>
    </div>
  );
}
