import { Button, Classes, H1, Tag } from '@blueprintjs/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { appPath, usePermission } from '@axal/web-sdk';
import { showToast } from '@axal/web-sdk/ui';
import { NOTICE_TOASTS, NOTICES_PERMISSIONS, type NoticeView } from '../../../shared/wire';
import { useGenerateTask } from '../../details-api';
import { clientTypeLabel, formatAmount, formatNoticeDate, isOverdue, workspacePaths } from '../../notice-display';
import { personName } from './details-format';
import { showFailure } from '../list/failure-toast';
import { NoticePriorityBadge, NoticeStatusBadge } from './NoticeBadges';
import { NoticeAiAction } from '../ai/NoticeAiAction';

const NoticeFormDialog = lazy(() => import('../NoticeFormDialog').then((module) => ({ default: module.NoticeFormDialog })));
const UpdateStatusDialog = lazy(() => import('./UpdateStatusDialog').then((module) => ({ default: module.UpdateStatusDialog })));
const DeleteNoticeDialog = lazy(() => import('./DeleteNoticeDialog').then((module) => ({ default: module.DeleteNoticeDialog })));

interface NoticeHeaderProps {
  workspaceId: string;
  notice: NoticeView;
  /** Generate Task exists only while the tasks plugin is on. */
  tasksEnabled: boolean;
}

/** The notice's title, facts and badges, and what staff can do with it (spec 2 section 2.10). */
export function NoticeHeader({ workspaceId, notice, tasksEnabled }: NoticeHeaderProps) {
  const navigate = useNavigate();
  const paths = workspacePaths(workspaceId);
  const canEdit = usePermission(NOTICES_PERMISSIONS.edit);
  const canDelete = usePermission(NOTICES_PERMISSIONS.delete);
  const generateTask = useGenerateTask(workspaceId, notice.externalId);
  const [dialog, setDialog] = useState<'status' | 'edit' | 'delete' | null>(null);
  const closeDialog = () => setDialog(null);
  const status = notice.status ?? 'NEW';

  const onGenerateTask = () =>
    generateTask.mutate(undefined, {
      onSuccess: () => void showToast({ message: NOTICE_TOASTS.taskGenerated, intent: 'success' }),
      onError: (error) => void showFailure(NOTICE_TOASTS.generateTaskFailed, error),
    });

  const facts: [string, ReactNode][] = [
    ['Reference/DIN', notice.reference],
    [
      'Client',
      notice.client.externalId ? (
        <>
          <Link to={appPath(paths.client(notice.client.externalId))}>{notice.client.name}</Link>{' '}
          <span className={Classes.TEXT_MUTED}>({clientTypeLabel(notice.client.clientType)})</span>
        </>
      ) : (
        notice.clientName || NOTICE_TOASTS.notSpecified
      ),
    ],
    ['Department', notice.type],
    ['Notice Date', formatNoticeDate(notice.dateOfIssuance)],
    [
      'Due Date',
      <>
        {formatNoticeDate(notice.dueDate)}
        {isOverdue({ status, dueDate: notice.dueDate }) && (
          <Tag minimal intent="danger" icon="time" className="notices-details-tag notices-details-overdue">
            Overdue
          </Tag>
        )}
      </>,
    ],
    ['Target Date', formatNoticeDate(notice.targetDate)],
    ['Assigned To', personName(notice.assignedTo)],
    ['Tax Period', notice.taxPeriod || NOTICE_TOASTS.notSpecified],
    ['Amount Demanded', formatAmount(notice.amountDemanded)],
  ];

  return (
    <header className="notices-details-header">
      <div className="notices-details-header__main">
        <H1 className="notices-details-title">{notice.noticeType}</H1>
        <div className="notices-details-header__badges">
          <NoticePriorityBadge priority={notice.priority} />
          <NoticeStatusBadge status={status} />
          {notice.sourceLabel && (
            <Tag minimal icon="cloud-download" className="notices-details-tag" title="Brought in by a portal sync">
              {notice.sourceLabel}
            </Tag>
          )}
        </div>
        <dl className="notices-details-facts">
          {facts.map(([label, value]) => (
            <div key={label} className="notices-details-facts__item">
              <dt className={Classes.TEXT_MUTED}>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      {canEdit && (
        <div className="notices-details-header__actions">
          <NoticeAiAction workspaceId={workspaceId} notice={notice} />
          {tasksEnabled && (
            <Button
              icon="add-to-artifact"
              text={generateTask.isPending ? 'Generating...' : 'Generate Task'}
              loading={generateTask.isPending}
              onClick={onGenerateTask}
            />
          )}
          <Button icon="exchange" text="Update Status" onClick={() => setDialog('status')} />
          <Button icon="edit" text="Edit" onClick={() => setDialog('edit')} />
          {canDelete && <Button intent="danger" icon="trash" text="Delete" onClick={() => setDialog('delete')} />}
        </div>
      )}

      {canEdit && (
        <Suspense>
          <UpdateStatusDialog workspaceId={workspaceId} notice={notice} isOpen={dialog === 'status'} onClose={closeDialog} />
          {/* Saving refreshes every notice query already; nothing more to do with the saved notice here. */}
          <NoticeFormDialog workspaceId={workspaceId} isOpen={dialog === 'edit'} notice={notice} onClose={closeDialog} onSaved={() => undefined} />
          {canDelete && (
            <DeleteNoticeDialog
              workspaceId={workspaceId}
              notice={notice}
              isOpen={dialog === 'delete'}
              onClose={closeDialog}
              onDeleted={() => void navigate(appPath(paths.notices), { replace: true })}
            />
          )}
        </Suspense>
      )}
    </header>
  );
}
