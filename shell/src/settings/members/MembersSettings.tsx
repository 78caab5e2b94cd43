import { Classes, SectionCard } from '@blueprintjs/core';
import { useState } from 'react';
import { usePermission, useSession, useWorkspaceRole } from '@axal/web-sdk';
import { ErrorState, LoadingSkeleton } from '@axal/web-sdk/ui';
import type { WorkspaceDetail } from '../../workspace/workspace-queries';
import { SettingsSection } from '../SettingsSection';
import { InviteMemberForm } from './InviteMemberForm';
import { LeaveWorkspaceAlert } from './LeaveWorkspaceAlert';
import { useMembers } from './members-api';
import { MemberRow } from './MemberRow';
import { PendingInvitations } from './PendingInvitations';
import './members.css';

export function MembersSettings({ workspace }: { workspace: WorkspaceDetail }) {
  const workspaceId = workspace.externalId;
  const members = useMembers(workspaceId);
  const role = useWorkspaceRole();
  const canManage = usePermission('manage_members');
  const yourId = useSession().data?.user?.externalId;
  const [leaving, setLeaving] = useState(false);

  if (members.isPending || role.isPending) return <LoadingSkeleton rows={4} height={44} />;
  if (members.error) return <ErrorState message="The members of this workspace could not be loaded." onRetry={() => void members.refetch()} />;

  const { members: list, invitations } = members.data;
  return (
    <>
      {canManage && (
        <SettingsSection
          title="Invite a member"
          subtitle="We email a link that works for 7 days; they join once signed in with this address, with a new or an existing account."
        >
          <SectionCard>
            <InviteMemberForm workspaceId={workspaceId} />
          </SectionCard>
        </SettingsSection>
      )}
      <SettingsSection
        title={`Members (${list.length})`}
        subtitle={canManage ? 'Change roles or remove people from this workspace.' : 'Only owners and admins can change members and roles.'}
      >
        <SectionCard padded={false}>
          <ul className="member-list" aria-label="Members">
            {list.map((member) => (
              <MemberRow
                key={member.externalId}
                workspaceId={workspaceId}
                workspaceName={workspace.name}
                member={member}
                isYou={member.externalId === yourId}
                canManage={canManage}
                onLeave={() => setLeaving(true)}
              />
            ))}
          </ul>
        </SectionCard>
      </SettingsSection>
      {canManage && <PendingInvitations workspaceId={workspaceId} invitations={invitations} />}
      {yourId && (
        <LeaveWorkspaceAlert
          isOpen={leaving}
          onClose={() => setLeaving(false)}
          workspaceId={workspaceId}
          workspaceName={workspace.name}
          yourMemberId={yourId}
        />
      )}
      <p className={`settings-footnote ${Classes.TEXT_MUTED}`}>
        Owners and admins manage members and plugins; only owners can grant the Owner role or delete the workspace.
      </p>
    </>
  );
}
