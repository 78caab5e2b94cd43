import { Button, Card, Classes, H1 } from '@blueprintjs/core';
import { createElement, lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError, appPath, formatIndianDateTime, formatLongDate, usePermission, usePluginExport, useDocumentTitle } from '@axal/web-sdk';
import { ConfirmAlert, EmptyState, ErrorState, LoadingSkeleton, showErrorToast, showToast } from '@axal/web-sdk/ui';
import { TASK_ENTITY, TASK_MESSAGES, TASK_TOASTS, TASKS_PERMISSIONS, TASKS_ROUTES, type TaskView } from '../../shared/wire';
import { useInvalidateTasks, useStopRepeating, useTask } from '../api';
import { DueDate, PriorityTag, StatusTag } from '../components/TaskTags';
import { assigneeName, CLIENT_TYPE_LABELS, workspacePaths } from '../task-display';
import { TaskActivityLog } from './TaskActivityLog';
import { TaskComments } from './TaskComments';
import type { EntityAttachmentsProps } from '../../../documents/server/tokens';
import '../tasks.css';

const EditTaskDialog = lazy(() => import('../components/EditTaskDialog').then((module) => ({ default: module.EditTaskDialog })));
const ReassignDialog = lazy(() => import('../components/ReassignDialog').then((module) => ({ default: module.ReassignDialog })));
const DeleteTaskDialog = lazy(() => import('../components/DeleteTaskDialog').then((module) => ({ default: module.DeleteTaskDialog })));

/** The documents plugin's attachments card (its `EntityAttachments` export). */
/** `{app}/w/:workspaceId/tasks/:taskId` (spec 2 section 2.3). */
export function TaskDetailsPage() {
  const { workspaceId = '', taskId = '' } = useParams();
  const task = useTask(workspaceId, taskId);
  const paths = workspacePaths(workspaceId);

  useDocumentTitle(task.data?.title ?? 'Task');

  if (task.error) {
    const notFound = task.error instanceof ApiError && task.error.status === 404;
    return (
      <div className="tasks-page">
        <H1 className="tasks-heading__title">{notFound ? TASK_MESSAGES.taskNotFound : 'Task'}</H1>
        {notFound ? (
          <EmptyState
            icon="search"
            title="Nothing to show"
            description="The task may have been deleted, or you may not have access to it."
            action={
              <Link to={appPath(paths.tasks)} className="tasks-back-link">
                Back to Tasks
              </Link>
            }
          />
        ) : (
          <ErrorState title={TASK_TOASTS.fetchTaskFailed} message={task.error.message} onRetry={() => void task.refetch()} />
        )}
      </div>
    );
  }
  if (!task.data) {
    return (
      <div className="tasks-page">
        <H1 className="tasks-heading__title">Task</H1>
        <LoadingSkeleton rows={6} height={24} />
      </div>
    );
  }
  return <TaskDetails workspaceId={workspaceId} task={task.data} />;
}

function TaskDetails({ workspaceId, task }: { workspaceId: string; task: TaskView }) {
  const navigate = useNavigate();
  const paths = workspacePaths(workspaceId);
  const canEdit = usePermission(TASKS_PERMISSIONS.edit);
  const canDelete = usePermission(TASKS_PERMISSIONS.delete);
  const canComment = usePermission(TASKS_PERMISSIONS.comment);
  const EntityAttachments = usePluginExport<EntityAttachmentsProps>('documents', 'EntityAttachments');
  const invalidateTasks = useInvalidateTasks(workspaceId);
  const [dialog, setDialog] = useState<'edit' | 'reassign' | 'delete' | null>(null);
  const closeDialog = () => setDialog(null);

  return (
    <div className="tasks-page">
      <p className="tasks-breadcrumb">
        <Link to={appPath(paths.tasks)}>Tasks</Link>
      </p>
      <header className="tasks-heading tasks-heading--details">
        <div className="tasks-heading__main">
          <H1 className="tasks-heading__title">{task.title}</H1>
          <div className="tasks-heading__facts">
            <span>Assigned to {assigneeName(task)}</span>
            <DueDate task={task} prefix="Due " />
            <PriorityTag priority={task.priority} />
            <StatusTag status={task.status} />
            {task.client ? (
              <span>
                Client: <Link to={appPath(paths.client(task.client.externalId))}>{task.client.name}</Link>{' '}
                <span className={Classes.TEXT_MUTED}>({CLIENT_TYPE_LABELS[task.client.clientType] ?? task.client.clientType})</span>
              </span>
            ) : (
              <span className={Classes.TEXT_MUTED}>{TASK_TOASTS.workspaceTask}</span>
            )}
          </div>
        </div>
        <div className="tasks-heading__actions">
          {canEdit && <Button icon="edit" text="Edit" onClick={() => setDialog('edit')} />}
          {canEdit && <Button icon="person" text="Reassign" onClick={() => setDialog('reassign')} />}
          {canDelete && <Button intent="danger" icon="trash" text="Delete" onClick={() => setDialog('delete')} />}
        </div>
      </header>

      {task.recurrence && <SeriesPanel workspaceId={workspaceId} task={task} canEdit={canEdit} />}

      <div className="tasks-details-grid">
        <div className="tasks-details-grid__main">
          <TaskDetailsCard task={task} />
          <TaskComments workspaceId={workspaceId} taskId={task.externalId} canComment={canComment} />
        </div>
        <div className="tasks-details-grid__side">
          {/* The shell's export map holds one component per name, the same on every render. */}
          {EntityAttachments &&
            createElement(EntityAttachments, {
              workspaceId,
              attachmentsPath: TASKS_ROUTES.attachments(task.externalId),
              directory: TASKS_ROUTES.task(task.externalId),
              clientId: task.client?.externalId ?? null,
              canChange: canEdit,
              dialogDescription: 'Upload files to attach to this task.',
              entityLabel: TASK_ENTITY.toLowerCase(),
              onChange: () => void invalidateTasks(),
            })}
          <TaskActivityLog workspaceId={workspaceId} taskId={task.externalId} />
        </div>
      </div>

      <Suspense>
        {canEdit && <EditTaskDialog workspaceId={workspaceId} task={dialog === 'edit' ? task : null} onClose={closeDialog} />}
        {canEdit && <ReassignDialog workspaceId={workspaceId} task={task} isOpen={dialog === 'reassign'} onClose={closeDialog} />}
        {canDelete && (
          <DeleteTaskDialog
            workspaceId={workspaceId}
            task={task}
            isOpen={dialog === 'delete'}
            onClose={closeDialog}
            onDeleted={() => void navigate(appPath(paths.tasks), { replace: true })}
          />
        )}
      </Suspense>
    </div>
  );
}

function TaskDetailsCard({ task }: { task: TaskView }) {
  const headingId = useId();
  const facts: [string, ReactNode][] = [
    ['Created by', task.createdBy?.name ?? TASK_TOASTS.unknownUser],
    ['Created at', formatIndianDateTime(task.createdAt)],
    ['Started at', formatIndianDateTime(task.startDate)],
    ['Completed at', formatIndianDateTime(task.completedAt)],
  ];
  return (
    <Card className="tasks-card" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="tasks-card__title">
        Task Details
      </h2>
      <p className="tasks-description">{task.description}</p>
      <dl className="tasks-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="tasks-facts__item">
            <dt className={Classes.TEXT_MUTED}>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** How the task repeats, the next due dates, and "Stop repeating". */
function SeriesPanel({ workspaceId, task, canEdit }: { workspaceId: string; task: TaskView; canEdit: boolean }) {
  const recurrence = task.recurrence!;
  const stop = useStopRepeating(workspaceId, task.externalId);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const headingId = useId();

  const confirmStop = () =>
    stop.mutate(undefined, {
      onSuccess: () => void showToast({ message: TASK_TOASTS.seriesStopped, intent: 'success' }),
      onError: (error) => void showErrorToast(error, TASK_TOASTS.stopSeriesFailed),
      onSettled: () => setConfirmOpen(false),
    });

  return (
    <Card className="tasks-card tasks-series" role="region" aria-labelledby={headingId}>
      <div className="tasks-series__text">
        <h2 id={headingId} className="tasks-card__title">
          {recurrence.stopped ? 'No longer repeats' : `Repeats: ${recurrence.summary}`}
        </h2>
        {!recurrence.stopped && recurrence.upcomingDueDates.length > 0 && (
          <p className="tasks-series__next">Next due: {recurrence.upcomingDueDates.map((date) => formatLongDate(date)).join('; ')}</p>
        )}
        {!recurrence.stopped && recurrence.createDaysBefore > 0 && (
          <p className={Classes.TEXT_MUTED}>
            Each task appears {recurrence.createDaysBefore === 1 ? '1 day' : `${recurrence.createDaysBefore} days`} before it is due.
          </p>
        )}
      </div>
      {canEdit && !recurrence.stopped && <Button icon="stop" text="Stop repeating" onClick={() => setConfirmOpen(true)} />}
      <ConfirmAlert
        title="Stop repeating?"
        isOpen={isConfirmOpen}
        icon="stop"
        intent="warning"
        cancelButtonText="Cancel"
        confirmButtonText={stop.isPending ? 'Stopping...' : 'Stop repeating'}
        loading={stop.isPending}
        canEscapeKeyCancel={!stop.isPending}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={confirmStop}
      >
        <p>No more tasks will be created for this series. The tasks already created stay as they are.</p>
      </ConfirmAlert>
    </Card>
  );
}
