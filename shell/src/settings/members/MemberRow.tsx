import { Button, Classes, HTMLSelect, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { apiV1, usePermission, type Role } from '@axal/web-sdk';
import { ConfirmAlert, showErrorToast, showToast } from '@axal/web-sdk/ui';
import { roleSchema } from '../../../../core/workspaces/schemas';
import { UserAvatar } from '../../workspace/UserAvatar';
import { ROLE_LABELS } from '../../workspace/workspace-queries';
import { EditMemberClientsDialog } from './EditMemberClientsDialog';
import { LinkedClientNames } from './LinkedClientNames';
import { useMembershipMutation, type Member } from './members-api';
import { grantableRoleOptions } from './role-options';

interface MemberRowProps {
  workspaceId: string;
  workspaceName: string;
  member: Member;
  isYou: boolean;
  /** Whether the viewer holds manage_members. */
  canManage: boolean;
  onLeave: () => void;
}

function RoleSelect({ workspaceId, member }: { workspaceId: string; member: Member }) {
  const canManageOwners = usePermission('manage_owners');
  const changeRole = useMembershipMutation(
    workspaceId,
    (role: Role) => apiV1<{ member: Member }>(`/workspaces/${workspaceId}/members/${member.externalId}`, { method: 'PATCH', body: { role } }),
    {
      onSuccess: ({ member: changed }) =>
        void showToast({ title: 'Role changed', message: `${changed.name} is now ${ROLE_LABELS[changed.role]}.`, intent: 'success' }),
      onError: (error) => void showErrorToast(error, 'The role could not be changed. Please try again.', 'Role not changed'),
    },
  );
  return (
    <HTMLSelect
      aria-label={`Role of ${member.name}`}
      value={changeRole.isPending ? changeRole.variables : member.role}
      options={grantableRoleOptions(canManageOwners, member.role)}
      disabled={changeRole.isPending}
      onChange={(event) => changeRole.mutate(roleSchema.parse(event.currentTarget.value))}
    />
  );
}

function RemoveMemberButton({ workspaceId, workspaceName, member }: { workspaceId: string; workspaceName: string; member: Member }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useMembershipMutation(workspaceId, () => apiV1(`/workspaces/${workspaceId}/members/${member.externalId}`, { method: 'DELETE' }), {
    onSuccess: () => {
      setConfirming(false);
      void showToast({ title: 'Member removed', message: `${member.name} no longer has access to ${workspaceName}.`, intent: 'success' });
    },
    onError: (error) => {
      setConfirming(false);
      void showErrorToast(error, 'The member could not be removed. Please try again.', 'Member not removed');
    },
  });
  return (
    <>
      <Button variant="minimal" intent="danger" icon="trash" text="Remove" aria-label={`Remove ${member.name}`} onClick={() => setConfirming(true)} />
      <ConfirmAlert
        title="Remove member?"
        isOpen={confirming}
        intent="danger"
        icon="trash"
        confirmButtonText="Remove"
        cancelButtonText="Cancel"
        loading={remove.isPending}
        canEscapeKeyCancel={!remove.isPending}
        onConfirm={() => remove.mutate(undefined)}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Remove <strong>{member.name}</strong> from {workspaceName}? They lose access to this workspace at once.
        </p>
      </ConfirmAlert>
    </>
  );
}

/** A CLIENT member's clients, with "Edit clients" for those who manage members. */
function MemberClients({ workspaceId, member, canManage }: { workspaceId: string; member: Member; canManage: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <span className="member-row__clients-line">
      <LinkedClientNames clients={member.clients} />
      {canManage && (
        <>
          <Button
            size="small"
            variant="minimal"
            intent="primary"
            text="Edit clients"
            aria-label={`Edit clients of ${member.name}`}
            onClick={() => setEditing(true)}
          />
          <EditMemberClientsDialog workspaceId={workspaceId} member={editing ? member : null} onClose={() => setEditing(false)} />
        </>
      )}
    </span>
  );
}

/** One member: who they are (and a CLIENT member's clients), their role (changeable by those who manage members), and Remove or Leave. */
export function MemberRow({ workspaceId, workspaceName, member, isYou, canManage, onLeave }: MemberRowProps) {
  return (
    <li className="member-row">
      <UserAvatar name={member.name} size={36} />
      <div className="member-row__who">
        <span className="member-row__name">
          {member.name}
          {isYou && (
            <Tag minimal round>
              You
            </Tag>
          )}
        </span>
        {member.email && <span className={`member-row__email ${Classes.TEXT_MUTED}`}>{member.email}</span>}
        {member.role === 'CLIENT' && <MemberClients workspaceId={workspaceId} member={member} canManage={canManage} />}
      </div>
      <div className="member-row__role">
        {canManage && !isYou ? (
          <RoleSelect workspaceId={workspaceId} member={member} />
        ) : (
          <Tag minimal intent={member.role === 'OWNER' ? 'primary' : 'none'}>
            {ROLE_LABELS[member.role]}
          </Tag>
        )}
      </div>
      <div className="member-row__actions">
        {isYou ? (
          <Button variant="minimal" intent="danger" icon="log-out" text="Leave" aria-label={`Leave ${workspaceName}`} onClick={onLeave} />
        ) : (
          canManage && <RemoveMemberButton workspaceId={workspaceId} workspaceName={workspaceName} member={member} />
        )}
      </div>
    </li>
  );
}
