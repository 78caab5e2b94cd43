import { ConfirmByTypingDialog, showErrorToast, showToast } from '@axal/web-sdk/ui';
import { TASK_TOASTS } from '../../shared/wire';
import { bulkDeleteTasks, useInvalidateTasks, useWorkspaceName } from '../api';

interface BulkDeleteDialogProps {
  workspaceId: string;
  isOpen: boolean;
  taskIds: string[];
  onClose: () => void;
  onDeleted: () => void;
}

/** 'Delete Selected Tasks': one call for every selected task, confirmed by typing the workspace's name exactly. */
export function BulkDeleteDialog({ workspaceId, isOpen, taskIds, onClose, onDeleted }: BulkDeleteDialogProps) {
  const workspaceName = useWorkspaceName(workspaceId);
  const invalidateTasks = useInvalidateTasks(workspaceId);
  if (!workspaceName.data) return null;

  const confirm = async () => {
    try {
      const { deleted } = await bulkDeleteTasks(workspaceId, taskIds, workspaceName.data);
      void showToast({ message: TASK_TOASTS.bulkDeleted(deleted), intent: 'success' });
      onDeleted();
      onClose();
    } catch (error) {
      void showErrorToast(error, TASK_TOASTS.bulkDeleteFailed);
    } finally {
      void invalidateTasks();
    }
  };

  return (
    <ConfirmByTypingDialog
      isOpen={isOpen}
      title="Delete Selected Tasks"
      description={
        <>
          <p>This permanently deletes {taskIds.length} selected task(s) with their comments. This action cannot be undone.</p>
          <p>Type the workspace name to confirm.</p>
        </>
      }
      expectedText={workspaceName.data}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      mismatchMessage="Please type the workspace name exactly as shown"
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
