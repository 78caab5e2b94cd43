import type { ActivityService } from '../activity/activity-service';
import { WorkspaceInvitation } from './models';

/** An invitation becomes a membership as soon as the invited email signs up or signs in. */
export async function acceptPendingInvitations(user: { id: number; externalId: string; email: string }, activity: ActivityService): Promise<void> {
  await WorkspaceInvitation.transaction(async (trx) => {
    const invitations = await WorkspaceInvitation.query(trx).whereRaw('lower(email) = lower(?)', [user.email]).forUpdate();
    for (const invitation of invitations) {
      await trx('workspace_members')
        .insert({ workspace_id: invitation.workspaceId, user_id: user.id, role: invitation.role })
        .onConflict(['workspace_id', 'user_id'])
        .ignore();
      await activity.record(
        {
          workspaceId: invitation.workspaceId,
          actorUserId: user.id,
          action: 'member.joined',
          entityType: 'member',
          entityId: user.externalId,
          metadata: { role: invitation.role, invitationId: invitation.externalId },
        },
        trx,
      );
    }
    if (invitations.length) await WorkspaceInvitation.query(trx).findByIds(invitations.map((each) => each.id)).delete();
  });
}
