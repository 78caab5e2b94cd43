import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiV1, appPath } from '@axal/web-sdk';
import { ConfirmByTypingDialog, showErrorToast, showToast } from '@axal/web-sdk/ui';
import type { ClientView } from '../../../../core/clients/wire';
import { clientKey, clientListsKey, clientsPath } from '../clients-api';

interface DeleteClientDialogProps {
  workspaceId: string;
  client: ClientView;
  isOpen: boolean;
  onClose: () => void;
}

/** Deleting needs the client's name typed exactly; afterwards the user is back on the list (spec 4). */
export function DeleteClientDialog({ workspaceId, client, isOpen, onClose }: DeleteClientDialogProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const deleteClient = async () => {
    try {
      await apiV1(`/clients/${client.externalId}`, { method: 'DELETE', body: { workspaceExternalId: workspaceId, confirmation: client.name } });
    } catch (error) {
      void showErrorToast(error, 'Please try again.', 'Failed to delete client');
      return;
    }
    void showToast({ message: 'Client deleted successfully', intent: 'success' });
    void navigate(appPath(clientsPath(workspaceId)));
    // Only the lists: the deleted client's own queries are dropped, not fetched again for a 404.
    queryClient.removeQueries({ queryKey: clientKey(workspaceId, client.externalId) });
    void queryClient.invalidateQueries({ queryKey: clientListsKey(workspaceId) });
  };

  return (
    <ConfirmByTypingDialog
      isOpen={isOpen}
      title="Delete Client"
      description={
        <p>
          This permanently deletes <strong>{client.name}</strong> with their notes and saved portal credentials. Type the client&apos;s name to
          confirm.
        </p>
      }
      expectedText={client.name}
      confirmLabel="Delete Client"
      busyLabel="Deleting..."
      mismatchMessage="Please type the client name exactly as shown"
      onConfirm={deleteClient}
      onClose={onClose}
    />
  );
}
