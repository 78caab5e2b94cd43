import { Button, Classes, H1, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useClientOptions, useDocumentTitle, useLetterShortcut, usePermission } from '@axal/web-sdk';
import { EmptyState, StatusMessage } from '@axal/web-sdk/ui';
import {
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TOASTS,
  TASKS_PERMISSIONS,
  UPCOMING_DAYS,
  type TaskPriority,
  type TaskStatus,
  type TaskView,
} from '../../shared/wire';
import { useTaskList } from '../api';
import { PRIORITY_LABELS, STATUS_LABELS } from '../task-display';
import { TasksTable } from './TasksTable';
import { SORTABLE_COLUMNS, useTaskListParams } from './use-task-list-params';
import '../tasks.css';

const TaskFormDialog = lazy(() => import('../components/TaskFormDialog').then((module) => ({ default: module.TaskFormDialog })));
const EditTaskDialog = lazy(() => import('../components/EditTaskDialog').then((module) => ({ default: module.EditTaskDialog })));
const BulkDeleteDialog = lazy(() => import('../components/BulkDeleteDialog').then((module) => ({ default: module.BulkDeleteDialog })));
const RecurringWorkDialog = lazy(() => import('../components/RecurringWorkDialog').then((module) => ({ default: module.RecurringWorkDialog })));

/** The shell names its pages "<page> | <product>"; the SDK has no helper for it yet. */
const ALL = '';
const NO_TASKS: TaskView[] = [];

/** What the list shows, for screen readers: nothing while it loads or failed (the table says so), else its count. */
function resultsMessage(unsettled: boolean, count: number, hasMore: boolean): string {
  if (unsettled) return '';
  if (count === 0) return TASK_TOASTS.empty;
  return `${count === 1 ? '1 task' : `${count} tasks`} shown${hasMore ? ', more to load' : ''}`;
}

/** `{app}/w/:workspaceId/tasks` (spec 2 section 2.1): the workspace's tasks, filtered and sorted from the address. */
export function TasksPage() {
  const { workspaceId = '' } = useParams();
  const params = useTaskListParams();
  const list = useTaskList(workspaceId, params.filters);
  const clients = useClientOptions(workspaceId);
  const canCreate = usePermission(TASKS_PERMISSIONS.create);
  const canEdit = usePermission(TASKS_PERMISSIONS.edit);
  const canDelete = usePermission(TASKS_PERMISSIONS.delete);

  const [isCreateOpen, setCreateOpen] = useState(false);
  const [isRecurringOpen, setRecurringOpen] = useState(false);
  const [isBulkDeleteOpen, setBulkDeleteOpen] = useState(false);
  const [editing, setEditing] = useState<TaskView | null>(null);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());

  useDocumentTitle('Tasks');

  useLetterShortcut('n', () => setCreateOpen(true), canCreate);

  // Other filters start with nothing selected: a selection is of the rows in view.
  const [shownFilters, setShownFilters] = useState(params.filters);
  if (shownFilters !== params.filters) {
    setShownFilters(params.filters);
    setSelectedIds(new Set());
  }

  const tasks = useMemo(() => list.data?.pages.flatMap((page) => page.tasks) ?? NO_TASKS, [list.data]);

  // Load more goes busy and then away: the keyboard carries on from the first task it brought, not the page's top.
  const firstLoadedMore = useRef<number | null>(null);
  useEffect(() => {
    const index = firstLoadedMore.current;
    if (index === null || tasks.length <= index) return;
    firstLoadedMore.current = null;
    document.querySelectorAll<HTMLElement>('a.tasks-table__title')[index]?.focus();
  }, [tasks.length]);
  // A client chosen by address may be beyond the select's first 1,000; the list's own rows name it.
  const chosenClientId = params.filters.clientId;
  const chosenClientMissing = Boolean(chosenClientId && clients.data && !clients.data.some((client) => client.externalId === chosenClientId));
  const chosenClientName = tasks.find((task) => task.client?.externalId === chosenClientId)?.client?.name ?? 'Chosen client';
  const selected = tasks.filter((task) => selectedIds.has(task.externalId));
  const toggle = (task: TaskView) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (!next.delete(task.externalId)) next.add(task.externalId);
      return next;
    });
  const toggleAll = (select: boolean) => setSelectedIds(select ? new Set(tasks.map((task) => task.externalId)) : new Set());

  const sortColumnId = Object.entries(SORTABLE_COLUMNS).find(([, field]) => field === params.filters.sortField)?.[0] ?? '';
  const filtered = Boolean(
    params.filters.search || params.filters.status || params.filters.priority || params.filters.clientId || params.filters.filter,
  );

  return (
    <div className="tasks-page">
      <header className="tasks-heading">
        <div>
          <H1 className="tasks-heading__title">Tasks</H1>
          <p className={`tasks-heading__description ${Classes.TEXT_MUTED}`}>The firm&apos;s work, who does it and by when.</p>
        </div>
        {canCreate && (
          <div className="tasks-heading__actions">
            <Button icon="refresh" text="New recurring work" onClick={() => setRecurringOpen(true)} />
            <Button intent="primary" icon="plus" text="New Task" onClick={() => setCreateOpen(true)} aria-keyshortcuts="n" title="New Task (n)" />
          </div>
        )}
      </header>

      <div className="tasks-filters" role="search" aria-label="Filter tasks">
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder="Search tasks..."
          aria-label="Search tasks"
          value={params.searchInput}
          onValueChange={params.setSearchInput}
          className="tasks-filters__search"
        />
        <HTMLSelect
          aria-label="Priority"
          value={params.filters.priority ?? ALL}
          onChange={(event) => params.setPriority((event.currentTarget.value || undefined) as TaskPriority | undefined)}
        >
          <option value={ALL}>All Priority</option>
          {TASK_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {PRIORITY_LABELS[priority]}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label="Status"
          value={params.filters.status ?? ALL}
          onChange={(event) => params.setStatus((event.currentTarget.value || undefined) as TaskStatus | undefined)}
        >
          <option value={ALL}>All Status</option>
          {TASK_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label="Client"
          value={params.filters.clientId ?? ALL}
          onChange={(event) => params.setClientId(event.currentTarget.value || undefined)}
          className="tasks-filters__client"
        >
          <option value={ALL}>All clients</option>
          {chosenClientMissing && <option value={chosenClientId}>{chosenClientName}</option>}
          {(clients.data ?? []).map((client) => (
            <option key={client.externalId} value={client.externalId}>
              {client.name}
            </option>
          ))}
        </HTMLSelect>
        {params.filters.filter === 'upcoming' && (
          <span className="tasks-filter-tag">
            <Tag size="large" round intent="primary" minimal>
              Due in the next {UPCOMING_DAYS} days
            </Tag>
            <Button
              variant="minimal"
              size="small"
              icon="cross"
              aria-label={`Remove the filter: due in the next ${UPCOMING_DAYS} days`}
              onClick={params.clearUpcoming}
            />
          </span>
        )}
      </div>

      {/* On the page before the bar appears, so the first selection is read out too. */}
      <StatusMessage>{selected.length > 0 ? `${selected.length} task(s) selected` : ''}</StatusMessage>
      {selected.length > 0 && (
        <div className="tasks-selection">
          <span>{selected.length} task(s) selected</span>
          <Button variant="minimal" size="small" text="Clear selection" onClick={() => setSelectedIds(new Set())} />
          <Button intent="danger" icon="trash" text="Delete Selected" onClick={() => setBulkDeleteOpen(true)} />
        </div>
      )}

      {/* Kept on the page, so each new answer to a search or filter is read out (WCAG 4.1.3). */}
      <StatusMessage>{resultsMessage(list.isPending || list.isPlaceholderData || Boolean(list.error), tasks.length, list.hasNextPage)}</StatusMessage>
      <TasksTable
        workspaceId={workspaceId}
        tasks={tasks}
        selected={selectedIds}
        onToggle={toggle}
        onToggleAll={toggleAll}
        onEdit={canEdit ? setEditing : undefined}
        selectable={canDelete}
        sort={{
          columnId: sortColumnId,
          order: params.filters.sortOrder ?? 'asc',
          onSortChange: (columnId) => {
            const field = SORTABLE_COLUMNS[columnId];
            if (field) params.sortBy(field);
          },
        }}
        loading={list.isPending}
        busy={list.isPlaceholderData}
        error={
          list.error
            ? { title: 'Failed to fetch tasks', message: TASK_TOASTS.listFailed(list.error.message), onRetry: () => void list.refetch() }
            : undefined
        }
        empty={
          <EmptyState
            icon="tick-circle"
            title={TASK_TOASTS.empty}
            description={filtered ? 'No task matches these filters.' : 'Tasks you create appear here.'}
            action={canCreate && !filtered ? <Button icon="plus" text="New Task" onClick={() => setCreateOpen(true)} /> : undefined}
          />
        }
      />

      {list.hasNextPage && !list.error && (
        <div className="tasks-load-more">
          <Button
            text={list.isFetchingNextPage ? 'Loading...' : 'Load more'}
            onClick={() => {
              const firstNew = tasks.length;
              firstLoadedMore.current = firstNew;
              void list.fetchNextPage().then((result) => {
                // Nothing came (a failure, or the last page emptied meanwhile): no later growth of the list may take focus.
                const loaded = result.data?.pages.reduce((count, page) => count + page.tasks.length, 0) ?? 0;
                if (result.isError || loaded <= firstNew) firstLoadedMore.current = null;
              });
            }}
            disabled={list.isFetchingNextPage}
          />
        </div>
      )}

      <Suspense>
        {canCreate && <TaskFormDialog workspaceId={workspaceId} isOpen={isCreateOpen} onClose={() => setCreateOpen(false)} />}
        {canCreate && <RecurringWorkDialog workspaceId={workspaceId} isOpen={isRecurringOpen} onClose={() => setRecurringOpen(false)} />}
        {canEdit && <EditTaskDialog workspaceId={workspaceId} task={editing} onClose={() => setEditing(null)} />}
        {canDelete && (
          <BulkDeleteDialog
            workspaceId={workspaceId}
            isOpen={isBulkDeleteOpen}
            taskIds={selected.map((task) => task.externalId)}
            onClose={() => setBulkDeleteOpen(false)}
            onDeleted={() => setSelectedIds(new Set())}
          />
        )}
      </Suspense>
    </div>
  );
}
