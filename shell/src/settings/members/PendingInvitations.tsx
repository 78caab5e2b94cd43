import { Button, Classes, Icon, SectionCard, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { apiV1, formatIndianDateTime } from '@axal/web-sdk';
import { ConfirmAlert, showErrorToast, showToast } from '@axal/web-sdk/ui';
import { ROLE_LABELS } from '../../workspace/workspace-queries';
import { SettingsSection } from '../SettingsSection';
import { LinkedClientNames } from './LinkedClientNames';
import { useMembershipMutation, type Invitation } from './members-api';

function ResendButton({ workspaceId, invitation }: { workspaceId: string; invitation: Invitation }) {
  const resend = useMembershipMutation(
    workspaceId,
    () => apiV1<{ invitation: Invitation }>(`/workspaces/${workspaceId}/invitations/${invitation.externalId}/resend`, { method: 'POST' }),
    {
      onSuccess: ({ invitation: renewed }) =>
        void showToast({
          title: 'Invitation sent again',
          message: `${renewed.email} has a new link, valid until ${formatIndianDateTime(renewed.expiresAt)}. The earlier link no longer works.`,
          intent: 'success',
        }),
      onError: (error) => void showErrorToast(error, 'The invitation could not be sent again. Please try again.', 'Invitation not sent'),
    },
  );
  return (
    <Button
      variant="minimal"
      icon="refresh"
      text={resend.isPending ? 'Sending...' : 'Resend'}
      aria-label={`Resend the invitation for ${invitation.email}`}
      disabled={resend.isPending}
      onClick={() => resend.mutate(undefined)}
    />
  );
}

function RevokeButton({ workspaceId, invitation }: { workspaceId: string; invitation: Invitation }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useMembershipMutation(
    workspaceId,
    () => apiV1(`/workspaces/${workspaceId}/invitations/${invitation.externalId}`, { method: 'DELETE' }),
    {
      onSuccess: () => {
        setConfirming(false);
        void showToast({ title: 'Invitation revoked', message: `${invitation.email} can no longer join through it.`, intent: 'success' });
      },
      onError: (error) => {
        setConfirming(false);
        void showErrorToast(error, 'The invitation could not be revoked. Please try again.', 'Invitation not revoked');
      },
    },
  );
  return (
    <>
      <Button
        variant="minimal"
        intent="danger"
        icon="cross"
        text="Revoke"
        aria-label={`Revoke the invitation for ${invitation.email}`}
        onClick={() => setConfirming(true)}
      />
      <ConfirmAlert
        title="Revoke invitation?"
        isOpen={confirming}
        intent="danger"
        icon="cross"
        confirmButtonText="Revoke"
        cancelButtonText="Cancel"
        loading={revoke.isPending}
        canEscapeKeyCancel={!revoke.isPending}
        onConfirm={() => revoke.mutate(undefined)}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Revoke the invitation for <strong>{invitation.email}</strong>? The link in their email stops working at once.
        </p>
      </ConfirmAlert>
    </>
  );
}

function InvitationRow({ workspaceId, invitation }: { workspaceId: string; invitation: Invitation }) {
  const invitedBy = invitation.invitedBy ? ` by ${invitation.invitedBy.name}` : '';
  return (
    <li className="member-row member-row--invitation">
      <span className="invitation-icon" aria-hidden="true">
        <Icon icon="envelope" />
      </span>
      <div className="member-row__who">
        <span className="member-row__name">
          {invitation.email}
          {invitation.expired && (
            <Tag minimal intent="warning">
              Expired
            </Tag>
          )}
        </span>
        <span className={`member-row__detail ${Classes.TEXT_MUTED}`}>
          Invited{invitedBy} · {invitation.expired ? 'expired' : 'expires'} {formatIndianDateTime(invitation.expiresAt)}
        </span>
        {invitation.role === 'CLIENT' && <LinkedClientNames clients={invitation.clients} />}
      </div>
      <div className="member-row__role">
        <Tag minimal>{ROLE_LABELS[invitation.role]}</Tag>
      </div>
      <div className="member-row__actions">
        <ResendButton workspaceId={workspaceId} invitation={invitation} />
        <RevokeButton workspaceId={workspaceId} invitation={invitation} />
      </div>
    </li>
  );
}

/** Invitations not accepted yet, expired ones included: each can be sent again (a new link) or revoked. */
export function PendingInvitations({ workspaceId, invitations }: { workspaceId: string; invitations: Invitation[] }) {
  return (
    <SettingsSection title="Pending invitations" subtitle="People invited by email who have not accepted yet. A link works for 7 days.">
      <SectionCard padded={invitations.length === 0}>
        {invitations.length === 0 ? (
          <p className={`settings-empty ${Classes.TEXT_MUTED}`}>No pending invitations.</p>
        ) : (
          <ul className="member-list" aria-label="Pending invitations">
            {invitations.map((invitation) => (
              <InvitationRow key={invitation.externalId} workspaceId={workspaceId} invitation={invitation} />
            ))}
          </ul>
        )}
      </SectionCard>
    </SettingsSection>
  );
}
