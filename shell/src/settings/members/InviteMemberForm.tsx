import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useId, useState, type FormEvent } from 'react';
import { apiV1, usePermission, type Role } from '@axal/web-sdk';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';
import { addMemberSchema, roleSchema } from '../../../../core/workspaces/schemas';
import { ROLE_LABELS } from '../../workspace/workspace-queries';
import { useMembershipMutation, type AddMemberResult } from './members-api';
import { grantableRoleOptions } from './role-options';

function announceAdded(result: AddMemberResult) {
  if ('member' in result) {
    const { member } = result;
    return showToast({
      title: 'Member added',
      message: `${member.name} can now open this workspace as ${ROLE_LABELS[member.role]}.`,
      intent: 'success',
    });
  }
  const { invitation } = result;
  return showToast({
    title: 'Invitation recorded',
    message: `${invitation.email} has no account yet and joins as ${ROLE_LABELS[invitation.role]} on signing up.`,
    intent: 'success',
  });
}

/** Adds an existing user at once (201) or records an invitation for an unknown email (202). */
export function InviteMemberForm({ workspaceId }: { workspaceId: string }) {
  const canManageOwners = usePermission('manage_owners');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('EMPLOYEE');
  const [emailProblem, setEmailProblem] = useState<string>();
  const emailId = useId();
  const roleId = useId();
  const problemId = useId();
  const invite = useMembershipMutation(
    workspaceId,
    (input: { email: string; role: Role }) => apiV1<AddMemberResult>(`/workspaces/${workspaceId}/members`, { method: 'POST', body: input }),
    {
      onSuccess: (result) => {
        setEmail('');
        void announceAdded(result);
      },
      onError: (error) => void showErrorToast(error, 'The member could not be added. Please try again.', 'Invitation failed'),
    },
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = addMemberSchema.safeParse({ email, role });
    if (!parsed.success) {
      setEmailProblem(parsed.error.issues[0]?.message);
      return;
    }
    invite.mutate(parsed.data);
  };

  return (
    <form className="invite-form" onSubmit={submit} noValidate>
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
