import { Classes, Tag, type Intent } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { appPath, formatDate, truncate, type ClientSectionProps } from '@axal/web-sdk';
import { DataTable, type DataTableColumn } from '@axal/web-sdk/ui';
import { NOTICE_TOASTS, type NoticePriority, type NoticeStatus, type NoticeView } from '../../shared/wire';
import { useClientNotices } from '../details-api';
import { workspacePaths } from '../notice-display';
import '../details.css';

const SKELETON_ROWS = 3;
const NO_NOTICES: NoticeView[] = [];
/** Leaves Notice Type and the row toggle beside it on a 360 px phone. */
const DESCRIPTION_MIN_WIDTH_PX = 140;
const DESCRIPTION_PREVIEW = 100;
/** A reference or DIN can run to 40 unbroken characters, too wide for a phone's cell, so it is not the fallback. */
const NO_DESCRIPTION_LINK = 'View notice';

/** Spec 1 section 2.9 words the section's priorities as High, Medium and, for anything else, Low. */
function sectionPriority(priority: NoticePriority): { label: string; intent: Intent } {
  if (priority === 'HIGH') return { label: 'High', intent: 'danger' };
  if (priority === 'MEDIUM') return { label: 'Medium', intent: 'warning' };
  return { label: 'Low', intent: 'none' };
}

/** ...and its statuses as Pending, In Progress and, for anything else, Done. */
function sectionStatus(status: NoticeStatus): { label: string; intent: Intent } {
  if (status === 'PENDING') return { label: 'Pending', intent: 'warning' };
  if (status === 'IN_PROGRESS') return { label: 'In Progress', intent: 'primary' };
  return { label: 'Done', intent: 'success' };
}

/** The "Notices" section of a client's page (spec 2 section 2.11): the client's notices, newest first. */
export function ClientNoticesSection({ workspaceId, clientId }: ClientSectionProps) {
  const notices = useClientNotices(workspaceId, clientId);
  const paths = workspacePaths(workspaceId);

  const columns: DataTableColumn<NoticeView>[] = [
    { id: 'noticeType', header: 'Notice Type', priority: 'primary', nowrap: true, cell: (notice) => notice.noticeType },
    {
      id: 'description',
      header: 'Description',
      priority: 'primary',
      minWidth: DESCRIPTION_MIN_WIDTH_PX,
      cell: (notice) => (
        <Link to={appPath(paths.notice(notice.externalId))} className="notices-client-section__link">
          {notice.description.trim() ? truncate(notice.description, DESCRIPTION_PREVIEW) : NO_DESCRIPTION_LINK}
        </Link>
      ),
    },
    {
      id: 'dueDate',
      header: 'Due Date',
      priority: 1,
      nowrap: true,
      cell: (notice) => formatDate(notice.dueDate, NOTICE_TOASTS.notAvailable),
    },
    {
      id: 'priority',
      header: 'Priority',
      priority: 3,
      nowrap: true,
      cell: (notice) => {
        const { label, intent } = sectionPriority(notice.priority);
        return (
          <Tag minimal intent={intent} className="notices-details-tag">
            {label}
          </Tag>
        );
      },
    },
    {
      id: 'status',
      header: 'Status',
      priority: 2,
      nowrap: true,
      cell: (notice) => {
        const { label, intent } = sectionStatus(notice.status);
        return (
          <Tag minimal round intent={intent} className="notices-details-tag">
            {label}
          </Tag>
        );
      },
    },
  ];

  return (
    <div className="notices-client-section">
      <DataTable
        label="Client notices"
        columns={columns}
        rows={notices.data ?? NO_NOTICES}
        rowKey={(notice) => notice.externalId}
        rowLabel={(notice) => `${notice.noticeType} ${notice.reference}`}
        loading={notices.isPending}
        skeletonRows={SKELETON_ROWS}
        error={notices.error ? { title: NOTICE_TOASTS.listFailed, message: notices.error.message, onRetry: () => void notices.refetch() } : undefined}
        empty={<p className={`notices-client-section__state ${Classes.TEXT_MUTED}`}>{NOTICE_TOASTS.empty}</p>}
      />
    </div>
  );
}
