import { Button, Classes, H1 } from '@blueprintjs/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { appPath, useDocumentTitle, useLetterShortcut, usePermission } from '@axal/web-sdk';
import { EmptyState, Paginator } from '@axal/web-sdk/ui';
import { NOTICE_TOASTS, NOTICES_PERMISSIONS, type NoticePage, type NoticeView } from '../../shared/wire';
import { useInvalidateNotices, useNoticePage } from '../api';
import { FiltersBar } from '../components/list/FiltersBar';
import { NoticesTable, SORTABLE_COLUMNS } from '../components/list/NoticesTable';
import { useNoticeListState } from '../components/list/use-notice-list-state';
import { NoticeSyncBanner } from '../components/sync/NoticeSyncBanner';
import { RefreshNoticesButton } from '../components/sync/RefreshNoticesButton';
import { useNoticeSyncNotifications } from '../sync-api';
import { workspacePaths } from '../notice-display';
import '../notices.css';

const NoticeFormDialog = lazy(() => import('../components/NoticeFormDialog').then((module) => ({ default: module.NoticeFormDialog })));
const BulkUpdateDialog = lazy(() => import('../components/list/BulkUpdateDialog').then((module) => ({ default: module.BulkUpdateDialog })));
const ImportNoticesDialog = lazy(() => import('../components/ImportNoticesDialog').then((module) => ({ default: module.ImportNoticesDialog })));

/** The shell names its pages "<page> | <product>"; the SDK has no helper for it yet. */
const NO_NOTICES: NoticeView[] = [];

/** "25 notice(s)", or "about 12,40,000 notices" where the server counted no further than its limit. */
const totalText = ({ total, estimated }: NoticePage['pagination']) =>
  estimated ? `about ${total.toLocaleString('en-IN')} notices` : `${total.toLocaleString('en-IN')} notice(s)`;

/** `{app}/w/:workspaceId/notices` (spec 2 section 2.9): the register of notices, filtered, sorted and paged from the address. */
export function NoticesPage() {
  const { workspaceId = '' } = useParams();
  const navigate = useNavigate();
  const state = useNoticeListState(workspaceId);
  const list = useNoticePage(state.request, state.ready);
  const invalidate = useInvalidateNotices(workspaceId);
  const canCreate = usePermission(NOTICES_PERMISSIONS.create);
  const canImport = usePermission(NOTICES_PERMISSIONS.import);
  const canEdit = usePermission(NOTICES_PERMISSIONS.edit);
  // Portal syncs are staff work (their notifications go to staff): the banner follows them, and a completed one
  // fetches the list again (spec 2 section 4).
  const syncFeed = useNoticeSyncNotifications(workspaceId, canEdit, () => void invalidate());

  const [isCreateOpen, setCreateOpen] = useState(false);
  const [isImportOpen, setImportOpen] = useState(false);
  const [isBulkOpen, setBulkOpen] = useState(false);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());

  useDocumentTitle('Notices');

  useLetterShortcut('n', () => setCreateOpen(true), canCreate);

  // A selection is of the rows in view: another page, sort or filter starts with none.
  const requestKey = JSON.stringify(state.request);
  const [shownRequest, setShownRequest] = useState(requestKey);
  if (shownRequest !== requestKey) {
    setShownRequest(requestKey);
    setSelectedIds(new Set());
  }

  const notices = list.data?.data ?? NO_NOTICES;
  const pagination = list.data?.pagination;
  const selected = useMemo(() => notices.filter((notice) => selectedIds.has(notice.externalId)), [notices, selectedIds]);
  const toggle = (notice: NoticeView) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (!next.delete(notice.externalId)) next.add(notice.externalId);
      return next;
    });
  const toggleAll = (select: boolean) => setSelectedIds(select ? new Set(notices.map((notice) => notice.externalId)) : new Set());
  const sortColumnId = Object.entries(SORTABLE_COLUMNS).find(([, field]) => field === state.sort.sortField)?.[0] ?? '';
  const loading = !state.ready || list.isPending;

  return (
    <div className="notices-page">
      <header className="notices-heading">
        <div className="notices-heading__main">
          <H1 className="notices-heading__title">Notices</H1>
          <p className={`notices-heading__description ${Classes.TEXT_MUTED}`}>GST, Income Tax and compliance notices served on your clients.</p>
        </div>
        <div className="notices-heading__actions">
          {canImport && <Button icon="import" text="Bulk Import" onClick={() => setImportOpen(true)} />}
          {canEdit && <RefreshNoticesButton workspaceId={workspaceId} finishedSeenAt={syncFeed.finishedSeenAt} />}
          {canCreate && (
            <Button intent="primary" icon="plus" text="New Notice" onClick={() => setCreateOpen(true)} aria-keyshortcuts="n" title="New Notice (n)" />
          )}
        </div>
      </header>

      {canEdit && <NoticeSyncBanner feed={syncFeed} />}

      <FiltersBar
        filters={state.filters}
        searchInput={state.searchInput}
        onSearchInput={state.setSearchInput}
        onToggle={state.toggleFilter}
        onClearAll={state.filtered ? state.clearFilters : undefined}
      />

      {selected.length > 0 && (
        <div className="notices-selection" aria-live="polite">
          <span>{selected.length} notice(s) selected</span>
          <Button variant="minimal" size="small" text="Clear selection" onClick={() => setSelectedIds(new Set())} />
          <Button intent="primary" icon="edit" text={`Bulk Update (${selected.length})`} onClick={() => setBulkOpen(true)} />
        </div>
      )}

      {loading && (
        <p className={`notices-loading ${Classes.TEXT_MUTED}`} aria-hidden="true">
          {NOTICE_TOASTS.loading}
        </p>
      )}
      <NoticesTable
        workspaceId={workspaceId}
        notices={notices}
        selected={selectedIds}
        onToggle={canEdit ? toggle : undefined}
        onToggleAll={canEdit ? toggleAll : undefined}
        sort={{
          columnId: sortColumnId,
          order: state.sort.sortDirection,
          onSortChange: (columnId) => {
            const field = SORTABLE_COLUMNS[columnId];
            if (field) state.sortBy(field);
          },
        }}
        loading={loading}
        busy={list.isPlaceholderData}
        error={list.error ? { title: NOTICE_TOASTS.listFailed, message: list.error.message, onRetry: () => void list.refetch() } : undefined}
        empty={
          <EmptyState
            icon="inbox-search"
            title={NOTICE_TOASTS.empty}
            description={state.filtered ? 'No notice matches these filters.' : 'Notices you add or import appear here.'}
            action={state.filtered ? <Button icon="filter-remove" text="Clear all filters" onClick={state.clearFilters} /> : undefined}
          />
        }
      />

      {pagination && !list.error && (notices.length > 0 || pagination.totalPages > 1) && (
        <div className="notices-pagination">
          <span className={Classes.TEXT_MUTED}>{totalText(pagination)}</span>
          <Paginator page={state.page} totalPages={pagination.totalPages} onPageChange={state.goToPage} />
        </div>
      )}

      <Suspense>
        {canCreate && (
          <NoticeFormDialog
            workspaceId={workspaceId}
            isOpen={isCreateOpen}
            onClose={() => setCreateOpen(false)}
            onSaved={(notice) => void navigate(appPath(workspacePaths(workspaceId).notice(notice.externalId)))}
          />
        )}
        {canImport && (
          <ImportNoticesDialog
            workspaceId={workspaceId}
            isOpen={isImportOpen}
            onClose={() => setImportOpen(false)}
            onImported={() => void invalidate()}
          />
        )}
        {canEdit && (
          <BulkUpdateDialog
            workspaceId={workspaceId}
            isOpen={isBulkOpen}
            noticeIds={selected.map((notice) => notice.externalId)}
            onClose={() => setBulkOpen(false)}
            onUpdated={() => setSelectedIds(new Set())}
          />
        )}
      </Suspense>
    </div>
  );
}
