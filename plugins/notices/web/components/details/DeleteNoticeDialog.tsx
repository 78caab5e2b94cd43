import { ConfirmByTypingDialog, showToast } from '@axal/web-sdk/ui';
import { NOTICE_MESSAGES, NOTICE_TOASTS, type NoticeView } from '../../../shared/wire';
import { useInvalidateNotices } from '../../api';
import { deleteNotice } from '../../details-api';
import { showFailure } from '../list/failure-toast';

interface DeleteNoticeDialogProps {
  workspaceId: string;
  notice: NoticeView;
  isOpen: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

/** The notice goes once its reference is typed exactly (as a task's title is, spec 2 section 2.6). */
export function DeleteNoticeDialog({ workspaceId, notice, isOpen, onClose, onDeleted }: DeleteNoticeDialogProps) {
  const invalidateNotices = useInvalidateNotices(workspaceId);

  const confirm = async () => {
    try {
      await deleteNotice(workspaceId, notice.externalId, notice.reference);
    } catch (error) {
      void showFailure(NOTICE_TOASTS.deleteFailed, error);
      throw error;
    }
    void showToast({ message: NOTICE_TOASTS.deleted, intent: 'success' });
    onDeleted();
    void invalidateNotices();
  };

  return (
    <ConfirmByTypingDialog
      isOpen={isOpen}
      title="Delete Notice"
      description={
        <>
          <p>
            This action cannot be undone. This will permanently delete the notice, its hearings and its attachment links. Tasks generated from it
            stay.
          </p>
          <p>{NOTICE_MESSAGES.deleteConfirmation}.</p>
        </>
      }
      expectedText={notice.reference}
      confirmLabel="Delete Notice"
      busyLabel="Deleting..."
      mismatchMessage="Please type the notice's reference exactly as shown"
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
