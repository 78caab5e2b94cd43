import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useId, useState, type FormEvent } from 'react';
import { apiV1, usePermission, type Role } from '@axal/web-sdk';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';
import { addMemberSchema, roleSchema } from '../../../../core/workspaces/schemas';
import { ROLE_LABELS } from '../../workspace/workspace-queries';
import { ClientPicker } from './ClientPicker';
import { useMembershipMutation, type Invitation, type LinkedClient } from './members-api';
import { grantableRoleOptions } from './role-options';

interface InviteInput {
  email: string;
  role: Role;
  clientIds: string[];
}

/**
 * Invites by email (`POST workspaces/{id}/members`, always 202 with the invitation): the person joins by the emailed
 * link once signed in with that address, whether or not they have an account today. A CLIENT invitation names the
 * clients the member will stand for.
 */
export function InviteMemberForm({ workspaceId }: { workspaceId: string }) {
  const canManageOwners = usePermission('manage_owners');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('EMPLOYEE');
  const [clients, setClients] = useState<LinkedClient[]>([]);
  const [emailProblem, setEmailProblem] = useState<string>();
  const emailId = useId();
  const roleId = useId();
  const problemId = useId();
  const invite = useMembershipMutation(
    workspaceId,
    (input: InviteInput) => apiV1<{ invitation: Invitation }>(`/workspaces/${workspaceId}/members`, { method: 'POST', body: input }),
    {
      onSuccess: ({ invitation }) => {
        setEmail('');
        setClients([]);
        void showToast({
          title: 'Invitation sent',
          message: `${invitation.email} will get an email with a link to join as ${ROLE_LABELS[invitation.role]}.`,
          intent: 'success',
        });
      },
      onError: (error) => void showErrorToast(error, 'The invitation could not be sent. Please try again.', 'Invitation failed'),
    },
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const clientIds = role === 'CLIENT' ? clients.map((client) => client.externalId) : [];
    const parsed = addMemberSchema.safeParse({ email, role, clientIds });
    if (!parsed.success) {
      setEmailProblem(parsed.error.issues[0]?.message);
      return;
    }
    invite.mutate(parsed.data);
  };

  return (
    <form className="invite-form" onSubmit={submit} noValidate aria-label="Invite a member">
      <FormGroup
        className="invite-form__email"
        label="Email address"
        labelFor={emailId}
        intent={emailProblem ? 'danger' : 'none'}
        helperText={
          emailProblem && (
            <span id={problemId} role="alert">
              {emailProblem}
            </span>
          )
        }
      >
        <InputGroup
          id={emailId}
          type="email"
          leftIcon="envelope"
          placeholder="name@firm.in"
          autoComplete="off"
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            setEmailProblem(undefined);
          }}
          intent={emailProblem ? 'danger' : 'none'}
          aria-invalid={Boolean(emailProblem)}
          aria-describedby={emailProblem ? problemId : undefined}
          disabled={invite.isPending}
        />
      </FormGroup>
      <FormGroup label="Role" labelFor={roleId}>
        <HTMLSelect
          id={roleId}
          value={role}
          onChange={(event) => setRole(roleSchema.parse(event.currentTarget.value))}
          options={grantableRoleOptions(canManageOwners)}
          disabled={invite.isPending}
        />
      </FormGroup>
      {role === 'CLIENT' && (
        <div className="invite-form__clients">
          <ClientPicker workspaceId={workspaceId} selected={clients} onChange={setClients} disabled={invite.isPending} />
        </div>
      )}
      <Button
        className="invite-form__submit"
        type="submit"
        intent="primary"
        icon="new-person"
        text={invite.isPending ? 'Inviting...' : 'Invite'}
        disabled={invite.isPending}
      />
    </form>
  );
}
