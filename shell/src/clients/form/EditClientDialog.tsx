import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { apiV1 } from '@axal/web-sdk';
import { showToast } from '@axal/web-sdk/ui';
import type { ClientPatch } from '../../../../core/clients/schemas';
import type { ClientView } from '../../../../core/clients/wire';
import { clientKey, clientListsKey } from '../clients-api';
import { formValuesOf, validateClientChanges } from './client-form-values';
import { ClientFormFields } from './ClientFormFields';
import { showSavedToast } from './save-toast';
import { useClientForm } from './use-client-form';

const UPDATE_FAILED = 'Failed to update client';

interface EditClientDialogProps {
  workspaceId: string;
  client: ClientView;
  isOpen: boolean;
  onClose: () => void;
}

/** "Edit Client": the client's own fields (its type stays); the form starts over from the saved client each time it opens. */
export function EditClientDialog({ workspaceId, client, isOpen, onClose }: EditClientDialogProps) {
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Edit Client" className="client-edit-dialog">
      <EditClientForm workspaceId={workspaceId} client={client} onClose={onClose} />
    </Dialog>
  );
}

function EditClientForm({ workspaceId, client, onClose }: Omit<EditClientDialogProps, 'isOpen'>) {
  const queryClient = useQueryClient();
  const form = useClientForm(formValuesOf(client), validateClientChanges);
  const update = useMutation({
    mutationFn: (changes: ClientPatch) =>
      apiV1<{ client: ClientView; warnings: string[] }>(`/clients/${client.externalId}`, {
        method: 'PATCH',
        body: { ...changes, workspaceExternalId: workspaceId },
      }),
    onSuccess: async ({ warnings }) => {
      showSavedToast('Client updated successfully', warnings);
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKey(workspaceId, client.externalId), exact: true }),
        queryClient.invalidateQueries({ queryKey: clientListsKey(workspaceId) }),
      ]);
    },
    onError: (error) => {
      void showToast({ message: form.showServerError(error, UPDATE_FAILED), intent: 'danger' });
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const changes = form.submit();
    if (changes) update.mutate(changes);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Edit client">
      <DialogBody>
        <ClientFormFields form={form} mode="edit" disabled={update.isPending} maskedAadhaar={client.aadhaarNumber} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} disabled={update.isPending} />
            <Button type="submit" intent="primary" text={update.isPending ? 'Saving...' : 'Save Changes'} disabled={update.isPending} />
          </>
        }
      />
    </form>
  );
}
