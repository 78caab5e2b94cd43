import { ConfirmByTypingDialog, showErrorToast, showToast } from '@axal/web-sdk/ui';
import { MESSAGES, type DirectoryNode } from '../../shared/wire';
import { deleteDocuments, useInvalidateDocuments, type DeleteNode } from '../api';

interface DeleteDocumentsDialogProps {
  workspaceId: string;
  workspaceName: string;
  isOpen: boolean;
  selected: DirectoryNode[];
  onClose: () => void;
  onDeleted: () => void;
}

const MAX_NAMES_SHOWN = 5;

const toDeleteNode = (node: DirectoryNode): DeleteNode =>
  node.type === 'file' ? { type: 'file', path: node.path, fileInfo: { id: node.fileInfo.id } } : { type: 'directory', path: node.path };

/** 'Delete Selected Documents': confirmed by typing the workspace's name exactly; the dialog closes either way. */
export function DeleteDocumentsDialog({ workspaceId, workspaceName, isOpen, selected, onClose, onDeleted }: DeleteDocumentsDialogProps) {
  const invalidateDocuments = useInvalidateDocuments(workspaceId);
  const folderCount = selected.filter((node) => node.type === 'directory').length;

  const confirm = async () => {
    const nodes = selected.map(toDeleteNode);
    if (nodes.length === 0) {
      void showToast({ message: MESSAGES.noValidNodes, intent: 'danger' });
      onClose();
      return;
    }
    try {
      await deleteDocuments(workspaceId, nodes);
      void showToast({ message: 'Selected items deleted successfully', intent: 'success' });
      onDeleted();
    } catch (error) {
      void showErrorToast(error, 'Failed to delete selected items');
    } finally {
      onClose();
      void invalidateDocuments();
    }
  };

  const shownNames = selected.slice(0, MAX_NAMES_SHOWN).map((node) => node.name);
  const moreCount = selected.length - shownNames.length;
  return (
    <ConfirmByTypingDialog
      isOpen={isOpen}
      title="Delete Selected Documents"
      description={
        <>
          <p>
            This permanently deletes {selected.length} selected item(s): <strong>{shownNames.join(', ')}</strong>
            {moreCount > 0 && ` and ${moreCount} more`}.{folderCount > 0 && ' Folders are deleted with everything in them.'}
          </p>
          <p>Type the workspace name to confirm.</p>
        </>
      }
      expectedText={workspaceName}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      mismatchMessage="Please type the workspace name exactly as shown"
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
