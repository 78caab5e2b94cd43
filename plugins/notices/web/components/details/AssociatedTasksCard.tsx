import { Card, Classes, Tag } from '@blueprintjs/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { appPath, formatRelativeTime, truncate } from '@axal/web-sdk';
import { ErrorState, LoadingState } from '@axal/web-sdk/ui';
import { NOTICE_TOASTS } from '../../../shared/wire';
import { useAssociatedTasks, type AssociatedTask } from '../../details-api';
import { workspacePaths } from '../../notice-display';
import { dueRelative, personName, wordsOf } from './details-format';

/** As the tasks list previews a description. */
const DESCRIPTION_PREVIEW = 100;

/** The tasks generated from the notice (spec 2 section 2.10); shown only while the tasks plugin is on. */
export function AssociatedTasksCard({ workspaceId, noticeId }: { workspaceId: string; noticeId: string }) {
  const tasks = useAssociatedTasks(workspaceId, noticeId);
  const headingId = useId();
  return (
    <Card className="notices-details-card" role="region" aria-labelledby={headingId}>
      <div className="notices-details-card__head">
        <h2 id={headingId} className="notices-details-card__title">
          Associated Tasks
        </h2>
        {tasks.data && (
          <Tag round minimal aria-label={`${tasks.data.length} task(s)`}>
            {tasks.data.length}
          </Tag>
        )}
      </div>
      {tasks.isPending ? (
        <LoadingState label="Loading tasks..." />
      ) : tasks.error ? (
        <ErrorState title="Failed to fetch tasks" message={tasks.error.message} onRetry={() => void tasks.refetch()} />
      ) : tasks.data.length === 0 ? (
        <p className={`notices-details-text ${Classes.TEXT_MUTED}`}>{NOTICE_TOASTS.noTasks}</p>
      ) : (
        <ul className="notices-details-list">
          {tasks.data.map((task) => (
            <AssociatedTaskItem key={task.externalId} workspaceId={workspaceId} task={task} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function AssociatedTaskItem({ workspaceId, task }: { workspaceId: string; task: AssociatedTask }) {
  return (
    <li className="notices-details-list__item notices-details-task">
      <Link to={appPath(workspacePaths(workspaceId).task(task.externalId))} className="notices-details-task__title">
        {task.title}
      </Link>
      {task.description && <p className={`notices-details-text ${Classes.TEXT_MUTED}`}>{truncate(task.description, DESCRIPTION_PREVIEW)}</p>}
      <div className="notices-details-task__meta">
        <Tag minimal round className="notices-details-tag">
          {wordsOf(task.status)}
        </Tag>
        <Tag minimal className="notices-details-tag">
          {wordsOf(task.priority)} priority
        </Tag>
        <span>{personName(task.assignedTo, 'Unassigned')}</span>
        <span className="notices-details-nowrap">{dueRelative(task.dueDate)}</span>
        <time dateTime={task.createdAt} className={`notices-details-nowrap ${Classes.TEXT_MUTED}`}>
          Created {formatRelativeTime(task.createdAt).toLowerCase()}
        </time>
      </div>
    </li>
  );
}
