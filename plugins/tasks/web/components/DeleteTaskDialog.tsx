import { ConfirmByTypingDialog, showErrorToast, showToast } from '@axal/web-sdk/ui';
import { TASK_TOASTS, type TaskView } from '../../shared/wire';
import { deleteTask, useInvalidateTasks } from '../api';

interface DeleteTaskDialogProps {
  workspaceId: string;
  task: TaskView;
  isOpen: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

/** Spec 2 section 2.6: the task goes once its title is typed exactly. */
export function DeleteTaskDialog({ workspaceId, task, isOpen, onClose, onDeleted }: DeleteTaskDialogProps) {
  const invalidateTasks = useInvalidateTasks(workspaceId);

  const confirm = async () => {
    try {
      await deleteTask(workspaceId, task.externalId);
    } catch (error) {
      void showErrorToast(error, TASK_TOASTS.deleteFailed);
      throw error;
    }
    void showToast({ message: TASK_TOASTS.deleted, intent: 'success' });
    onDeleted();
    void invalidateTasks();
  };

  return (
    <ConfirmByTypingDialog
      isOpen={isOpen}
      title="Delete Task"
      description={
        <>
          <p>This action cannot be undone. This will permanently delete the task and all associated data.</p>
          <p>Type the task title to confirm.</p>
        </>
      }
      expectedText={task.title}
      confirmLabel="Delete Task"
      busyLabel="Deleting..."
      mismatchMessage="Please type the task title exactly as shown"
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
