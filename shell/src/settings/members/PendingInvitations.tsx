import { Button, Classes, Icon, SectionCard, Tag } from '@blueprintjs/core';
import { apiV1, formatRelativeTime } from '@axal/web-sdk';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';
import { ROLE_LABELS } from '../../workspace/workspace-queries';
import { SettingsSection } from '../SettingsSection';
import { useMembershipMutation, type Invitation } from './members-api';

function InvitationRow({ workspaceId, invitation }: { workspaceId: string; invitation: Invitation }) {
  const revoke = useMembershipMutation(
    workspaceId,
    () => apiV1(`/workspaces/${workspaceId}/invitations/${invitation.externalId}`, { method: 'DELETE' }),
    {
      onSuccess: () =>
        void showToast({ title: 'Invitation revoked', message: `${invitation.email} can no longer join through it.`, intent: 'success' }),
      onError: (error) => void showErrorToast(error, 'The invitation could not be revoked. Please try again.', 'Invitation not revoked'),
    },
  );
  return (
    <li className="member-row">
      <span className="invitation-icon" aria-hidden="true">
        <Icon icon="envelope" />
      </span>
      <div className="member-row__who">
        <span className="member-row__name">{invitation.email}</span>
        <span className={`member-row__email ${Classes.TEXT_MUTED}`}>Invited {formatRelativeTime(invitation.createdAt).toLowerCase()}</span>
      </div>
      <div className="member-row__role">
        <Tag minimal>{ROLE_LABELS[invitation.role]}</Tag>
      </div>
      <div className="member-row__actions">
        <Button
          variant="minimal"
          icon="cross"
          text={revoke.isPending ? 'Revoking...' : 'Revoke'}
          aria-label={`Revoke the invitation for ${invitation.email}`}
          disabled={revoke.isPending}
          onClick={() => revoke.mutate(undefined)}
        />
      </div>
    </li>
  );
}

/** Invitations for emails without an account yet; each becomes a membership when that email signs up or signs in. */
export function PendingInvitations({ workspaceId, invitations }: { workspaceId: string; invitations: Invitation[] }) {
  return (
    <SettingsSection title="Pending invitations" subtitle="People invited by email who have not signed up yet.">
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
