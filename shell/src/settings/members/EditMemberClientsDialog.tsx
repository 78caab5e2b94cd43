import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { apiV1 } from '@axal/web-sdk';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';
import { ClientPicker } from './ClientPicker';
import { useMembershipMutation, type LinkedClient, type Member } from './members-api';

interface EditMemberClientsDialogProps {
  workspaceId: string;
  /** The CLIENT member whose clients are edited; null while the dialog is closed. */
  member: Member | null;
  onClose: () => void;
}

/** Replaces the clients a CLIENT member stands for (`PUT workspaces/{id}/members/{memberId}/clients`); it applies at once. */
export function EditMemberClientsDialog({ workspaceId, member, onClose }: EditMemberClientsDialogProps) {
  const [clients, setClients] = useState<LinkedClient[]>([]);
  const save = useMembershipMutation(
    workspaceId,
    (input: { memberId: string; clientIds: string[] }) =>
      apiV1<{ member: Member }>(`/workspaces/${workspaceId}/members/${input.memberId}/clients`, {
        method: 'PUT',
        body: { clientIds: input.clientIds },
      }),
    {
      onSuccess: ({ member: changed }) => {
        onClose();
        void showToast({
          title: 'Clients updated',
          message:
            changed.clients.length === 0
              ? `${changed.name} now sees no client.`
              : `${changed.name} now sees ${changed.clients.map((client) => client.name).join(', ')}.`,
          intent: 'success',
        });
      },
      onError: (error) => void showErrorToast(error, 'The clients could not be saved. Please try again.', 'Clients not saved'),
    },
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (member) save.mutate({ memberId: member.externalId, clientIds: clients.map((client) => client.externalId) });
  };

  return (
    <Dialog
      isOpen={member !== null}
      onOpening={() => setClients(member?.clients ?? [])}
      onClose={onClose}
      title={member ? `Clients of ${member.name}` : 'Clients'}
      icon="people"
      className="member-clients-dialog"
      canEscapeKeyClose={!save.isPending}
      canOutsideClickClose={!save.isPending}
    >
      <form onSubmit={submit}>
        <DialogBody>
          <ClientPicker workspaceId={workspaceId} selected={clients} onChange={setClients} disabled={save.isPending} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={save.isPending} />
              <Button type="submit" intent="primary" text="Save clients" loading={save.isPending} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
