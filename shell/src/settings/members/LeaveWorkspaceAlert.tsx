import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiV1, appPath } from '@axal/web-sdk';
import { ConfirmAlert, showErrorToast, showToast } from '@axal/web-sdk/ui';
import { myWorkspacesKey } from '../../workspace/workspace-queries';

interface LeaveWorkspaceAlertProps {
  isOpen: boolean;
  onClose: () => void;
  workspaceId: string;
  workspaceName: string;
  yourMemberId: string;
}

/** Leaving is removing oneself; the server refuses it to the last owner, and says so. */
export function LeaveWorkspaceAlert({ isOpen, onClose, workspaceId, workspaceName, yourMemberId }: LeaveWorkspaceAlertProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leave = useMutation({
    mutationFn: () => apiV1(`/workspaces/${workspaceId}/members/${yourMemberId}`, { method: 'DELETE' }),
    onSuccess: () => {
      void showToast({ title: 'You left the workspace', message: `You no longer have access to ${workspaceName}.`, intent: 'success' });
      // Dropped rather than refreshed, so the next page cannot send the user back into the workspace they left.
      queryClient.removeQueries({ queryKey: myWorkspacesKey, exact: true });
      void navigate(appPath('/dashboard'), { replace: true });
    },
    onError: (error) => {
      onClose();
      void showErrorToast(error, 'You could not leave the workspace. Please try again.', 'Could not leave');
    },
  });
  return (
    <ConfirmAlert
      title="Leave workspace?"
      isOpen={isOpen}
      intent="danger"
      icon="log-out"
      confirmButtonText="Leave workspace"
      cancelButtonText="Cancel"
      loading={leave.isPending}
      canEscapeKeyCancel={!leave.isPending}
      onConfirm={() => leave.mutate()}
      onCancel={onClose}
    >
      <p>
        Leave <strong>{workspaceName}</strong>? You lose access to its clients and records until someone adds you again.
      </p>
    </ConfirmAlert>
  );
}
