import { Button, Classes } from '@blueprintjs/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { appPath, truncate, usePermission, type ClientSectionProps } from '@axal/web-sdk';
import { DataTable, type DataTableColumn } from '@axal/web-sdk/ui';
import { CLIENT_ENTITY_TYPE, MAX_TASK_PAGE_SIZE, TASK_DESCRIPTION_PREVIEW, TASK_TOASTS, TASKS_PERMISSIONS, type TaskView } from '../../shared/wire';
import { useTaskList } from '../api';
import { assigneeName, workspacePaths } from '../task-display';
import { DueDate, PriorityTag, StatusTag } from './TaskTags';
import '../tasks.css';

const TaskFormDialog = lazy(() => import('./TaskFormDialog').then((module) => ({ default: module.TaskFormDialog })));

const SKELETON_ROWS = 3;
const NO_TASKS: TaskView[] = [];
const TITLE_MIN_WIDTH_PX = 180;

/** The "Tasks" section of a client's page (spec 1 section 2.9): the client's tasks and a New Task prefilled with the client. */
export function ClientTasksSection({ workspaceId, clientId, clientName }: ClientSectionProps) {
  const filters = useMemo(() => ({ clientId, limit: MAX_TASK_PAGE_SIZE }), [clientId]);
  const list = useTaskList(workspaceId, filters);
  const canCreate = usePermission(TASKS_PERMISSIONS.create);
  const [isCreateOpen, setCreateOpen] = useState(false);
  const tasks = useMemo(() => list.data?.pages.flatMap((page) => page.tasks) ?? NO_TASKS, [list.data]);
  const paths = workspacePaths(workspaceId);

  const columns: DataTableColumn<TaskView>[] = [
    {
      id: 'title',
      header: 'Title',
      priority: 'primary',
      minWidth: TITLE_MIN_WIDTH_PX,
      cell: (task) => (
        <div className="tasks-table__task">
          <Link to={appPath(paths.task(task.externalId))} className="tasks-table__title">
            {task.title}
          </Link>
          {task.description && (
            <span className={`tasks-table__description ${Classes.TEXT_MUTED}`}>{truncate(task.description, TASK_DESCRIPTION_PREVIEW)}</span>
          )}
        </div>
      ),
    },
    { id: 'status', header: 'Status', priority: 1, nowrap: true, cell: (task) => <StatusTag status={task.status} /> },
    { id: 'priority', header: 'Priority', priority: 3, nowrap: true, cell: (task) => <PriorityTag priority={task.priority} /> },
    { id: 'dueDate', header: 'Due Date', priority: 2, nowrap: true, cell: (task) => <DueDate task={task} /> },
    { id: 'assignee', header: 'Assigned To', priority: 4, cell: assigneeName },
  ];

  return (
    <div className="tasks-client-section">
      {canCreate && (
        <div className="tasks-client-section__actions">
          <Button icon="plus" text="New Task" onClick={() => setCreateOpen(true)} />
        </div>
      )}
      <DataTable
        label="Client tasks"
        columns={columns}
        rows={tasks}
        rowKey={(task) => task.externalId}
        rowLabel={(task) => task.title}
        loading={list.isPending}
        skeletonRows={SKELETON_ROWS}
        error={
          list.error
            ? { title: 'Failed to fetch tasks', message: TASK_TOASTS.listFailed(list.error.message), onRetry: () => void list.refetch() }
            : undefined
        }
        empty={<p className={`tasks-client-section__state ${Classes.TEXT_MUTED}`}>{TASK_TOASTS.empty}</p>}
      />
      {list.hasNextPage && (
        <div className="tasks-load-more">
          <Button
            text={list.isFetchingNextPage ? 'Loading...' : 'Load more'}
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          />
        </div>
      )}
      {canCreate && (
        <Suspense>
          <TaskFormDialog
            workspaceId={workspaceId}
            isOpen={isCreateOpen}
            prefill={{ clientId, clientName, entityType: CLIENT_ENTITY_TYPE, entityId: clientId }}
            onClose={() => setCreateOpen(false)}
            onSaved={() => void list.refetch()}
          />
        </Suspense>
      )}
    </div>
  );
}
