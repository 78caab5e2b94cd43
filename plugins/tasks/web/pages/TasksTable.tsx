import { Button, Checkbox, Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { appPath, truncate } from '@axal/web-sdk';
import { DataTable, type DataTableColumn, type DataTableProps } from '@axal/web-sdk/ui';
import { TASK_DESCRIPTION_PREVIEW, TASK_TOASTS, type TaskView } from '../../shared/wire';
import { DueDate, PriorityTag, StatusTag } from '../components/TaskTags';
import { assigneeName, CLIENT_TYPE_LABELS, workspacePaths } from '../task-display';

/** Wide enough that a task's title reads as a title at any screen width, not a word per line. */
const TITLE_MIN_WIDTH_PX = 180;

interface TasksTableProps {
  workspaceId: string;
  tasks: readonly TaskView[];
  selected: ReadonlySet<string>;
  onToggle: (task: TaskView) => void;
  onToggleAll: (select: boolean) => void;
  /** Only for members who may edit tasks. */
  onEdit?: (task: TaskView) => void;
  sort: NonNullable<DataTableProps<TaskView>['sort']>;
  loading: boolean;
  busy: boolean;
  error?: DataTableProps<TaskView>['error'];
  empty: ReactNode;
  /** Members who may not delete see no checkboxes: selecting is only for deleting. */
  selectable: boolean;
}

/** Spec 2 section 2.1's table: the checkbox and the task always shown, the other columns while they fit. */
export function TasksTable({
  workspaceId,
  tasks,
  selected,
  onToggle,
  onToggleAll,
  onEdit,
  sort,
  loading,
  busy,
  error,
  empty,
  selectable,
}: TasksTableProps) {
  const selectedCount = tasks.filter((task) => selected.has(task.externalId)).length;
  const selectAll = loading ? undefined : (
    <Checkbox
      aria-label="Select all tasks"
      checked={selectedCount > 0 && selectedCount === tasks.length}
      indeterminate={selectedCount > 0 && selectedCount < tasks.length}
      onChange={(event) => onToggleAll(event.currentTarget.checked)}
      className="tasks-table__checkbox"
    />
  );
  const columns = taskColumns({ workspaceId, selectAll, selected, onToggle, onEdit });
  return (
    <DataTable
      label="Tasks"
      className="tasks-table"
      columns={selectable ? columns : columns.filter((column) => column.id !== 'select')}
      rows={tasks}
      rowKey={(task) => task.externalId}
      rowLabel={(task) => task.title}
      rowClassName={(task) => (selected.has(task.externalId) ? 'tasks-table__row--selected' : undefined)}
      loading={loading}
      busy={busy}
      error={error}
      empty={empty}
      sort={sort}
    />
  );
}

interface ColumnOptions {
  workspaceId: string;
  selectAll: ReactNode;
  selected: ReadonlySet<string>;
  onToggle: (task: TaskView) => void;
  onEdit?: (task: TaskView) => void;
}

function taskColumns({ workspaceId, selectAll, selected, onToggle, onEdit }: ColumnOptions): DataTableColumn<TaskView>[] {
  const paths = workspacePaths(workspaceId);
  const columns: DataTableColumn<TaskView>[] = [
    {
      id: 'select',
      header: 'Select',
      hideHeader: true,
      headerContent: selectAll,
      priority: 'primary',
      className: 'tasks-table__select',
      cell: (task) => (
        <Checkbox
          aria-label={`Select ${task.title}`}
          checked={selected.has(task.externalId)}
          onChange={() => onToggle(task)}
          className="tasks-table__checkbox"
        />
      ),
    },
    {
      id: 'task',
      header: 'Task',
      priority: 'primary',
      sortable: true,
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
    {
      id: 'assignee',
      header: 'Assigned To',
      priority: 3,
      cell: (task) => <span className={task.assignedTo?.isMember === false ? Classes.TEXT_MUTED : undefined}>{assigneeName(task)}</span>,
    },
    {
      id: 'dueDate',
      header: 'Due Date',
      priority: 1,
      sortable: true,
      nowrap: true,
      cell: (task) => <DueDate task={task} />,
    },
    { id: 'priority', header: 'Priority', priority: 4, nowrap: true, cell: (task) => <PriorityTag priority={task.priority} /> },
    { id: 'status', header: 'Status', priority: 2, nowrap: true, cell: (task) => <StatusTag status={task.status} /> },
    {
      id: 'client',
      header: 'Client',
      priority: 5,
      cell: (task) =>
        task.client ? (
          <span className="tasks-table__client">
            <Link to={appPath(paths.client(task.client.externalId))}>{task.client.name}</Link>
            <span className={`tasks-table__client-type ${Classes.TEXT_MUTED}`}>
              {CLIENT_TYPE_LABELS[task.client.clientType] ?? task.client.clientType}
            </span>
          </span>
        ) : (
          <span className={Classes.TEXT_MUTED}>{TASK_TOASTS.workspaceTask}</span>
        ),
    },
  ];
  if (onEdit)
    columns.push({
      id: 'actions',
      header: 'Actions',
      priority: 1,
      nowrap: true,
      className: 'tasks-table__actions',
      cell: (task) => <Button variant="minimal" icon="edit" aria-label={`Edit ${task.title}`} title="Edit" onClick={() => onEdit(task)} />,
    });
  return columns;
}
