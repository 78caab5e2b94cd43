import { Checkbox, Classes, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { appPath, truncate } from '@axal/web-sdk';
import { DataTable, type DataTableColumn, type DataTableProps } from '@axal/web-sdk/ui';
import { NOTICE_LOADING_ROWS, type NoticeSortField, type NoticeView } from '../../../shared/wire';
import {
  clientTypeLabel,
  credentialPlatformOf,
  formatTableDate,
  isOverdue,
  noticeTitle,
  PRIORITY_INTENTS,
  PRIORITY_LABELS,
  STATUS_INTENTS,
  STATUS_LABELS,
  workspacePaths,
} from '../../notice-display';

/** Wide enough that a notice's description reads as a sentence at any screen width, not a word per line. */
const DESCRIPTION_MIN_WIDTH_PX = 180;
/** A row shows the start of the description; the notice's page has all of it. */
const DESCRIPTION_PREVIEW = 100;

/** The sortable columns and the field each sorts by (spec 2 section 2.9). */
export const SORTABLE_COLUMNS: Record<string, NoticeSortField> = { issueDate: 'dateOfIssuance', dueDate: 'dueDate' };

interface NoticesTableProps {
  workspaceId: string;
  notices: readonly NoticeView[];
  /** The chosen rows' external ids; without `onToggle` the rows have no checkboxes (only for those who may update). */
  selected: ReadonlySet<string>;
  onToggle?: (notice: NoticeView) => void;
  onToggleAll?: (select: boolean) => void;
  sort: NonNullable<DataTableProps<NoticeView>['sort']>;
  loading: boolean;
  busy: boolean;
  error?: DataTableProps<NoticeView>['error'];
  empty: ReactNode;
}

/** Spec 2 section 2.9's table: the checkbox and the description always shown, the other columns while they fit. */
export function NoticesTable({ workspaceId, notices, selected, onToggle, onToggleAll, sort, loading, busy, error, empty }: NoticesTableProps) {
  const selectedCount = notices.filter((notice) => selected.has(notice.externalId)).length;
  const selectAll =
    loading || !onToggleAll ? undefined : (
      <Checkbox
        aria-label="Select all notices on this page"
        checked={selectedCount > 0 && selectedCount === notices.length}
        indeterminate={selectedCount > 0 && selectedCount < notices.length}
        onChange={(event) => onToggleAll(event.currentTarget.checked)}
        className="notices-table__checkbox"
      />
    );
  const columns = noticeColumns(workspaceId);
  const selectColumn: DataTableColumn<NoticeView> | null = onToggle
    ? {
        id: 'select',
        header: 'Select',
        hideHeader: true,
        headerContent: selectAll,
        priority: 'primary',
        className: 'notices-table__select',
        cell: (notice) => (
          <Checkbox
            aria-label={`Select ${noticeTitle(notice)}`}
            checked={selected.has(notice.externalId)}
            onChange={() => onToggle(notice)}
            className="notices-table__checkbox"
          />
        ),
      }
    : null;
  return (
    <DataTable
      label="Notices"
      className="notices-table"
      columns={selectColumn ? [selectColumn, ...columns] : columns}
      rows={notices}
      rowKey={(notice) => notice.externalId}
      rowLabel={noticeTitle}
      rowClassName={(notice) => (selected.has(notice.externalId) ? 'notices-table__row--selected' : undefined)}
      loading={loading}
      skeletonRows={NOTICE_LOADING_ROWS}
      busy={busy}
      error={error}
      empty={empty}
      sort={sort}
    />
  );
}

function noticeColumns(workspaceId: string): DataTableColumn<NoticeView>[] {
  const paths = workspacePaths(workspaceId);
  return [
    { id: 'issueDate', header: 'Issue Date', priority: 4, sortable: true, nowrap: true, cell: (notice) => formatTableDate(notice.dateOfIssuance) },
    {
      id: 'client',
      header: 'Client',
      priority: 1,
      cell: (notice) => (
        <span className="notices-table__client">
          <Link to={appPath(paths.client(notice.client.externalId))}>{notice.client.name}</Link>
          <Tag minimal round className="notices-tag">
            {clientTypeLabel(notice.client.clientType)}
          </Tag>
        </span>
      ),
    },
    {
      id: 'description',
      header: 'Description',
      priority: 'primary',
      minWidth: DESCRIPTION_MIN_WIDTH_PX,
      cell: (notice) => (
        <div className="notices-table__notice">
          <Link to={appPath(paths.notice(notice.externalId))} className="notices-table__title">
            {notice.description.trim() ? truncate(notice.description.trim(), DESCRIPTION_PREVIEW) : notice.noticeType}
          </Link>
          <span className={`notices-table__reference ${Classes.TEXT_MUTED}`}>{noticeTitle(notice)}</span>
        </div>
      ),
    },
    { id: 'department', header: 'Department', priority: 6, cell: credentialPlatformOf },
    {
      id: 'dueDate',
      header: 'Due Date',
      priority: 2,
      sortable: true,
      nowrap: true,
      cell: (notice) => (
        <span className="notices-table__due">
          {formatTableDate(notice.dueDate)}
          {isOverdue(notice) && (
            <Tag minimal intent="danger" icon="time" className="notices-tag">
              Overdue
            </Tag>
          )}
        </span>
      ),
    },
    {
      id: 'priority',
      header: 'Priority',
      priority: 5,
      nowrap: true,
      cell: (notice) => (
        <Tag minimal intent={PRIORITY_INTENTS[notice.priority]} className="notices-tag">
          {PRIORITY_LABELS[notice.priority]}
        </Tag>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      priority: 3,
      nowrap: true,
      cell: (notice) => (
        <Tag minimal round intent={STATUS_INTENTS[notice.status]} className="notices-tag">
          {STATUS_LABELS[notice.status]}
        </Tag>
      ),
    },
  ];
}
