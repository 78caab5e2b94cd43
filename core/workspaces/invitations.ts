import { inject, injectable } from 'inversify';
import type { ActivityService } from '../activity/activity-service';
import type { NotificationService } from '../notifications/notification-service';
import type { Config } from '../platform/config';
import { TOKENS } from '../platform/tokens';
import { WorkspaceInvitation } from './models';
import { roleLabel } from './permissions';

interface JoiningUser {
  id: number;
  externalId: string;
  email: string;
  name: string;
}

/** An invitation becomes a membership as soon as the invited email signs up or signs in. */
@injectable()
export class InvitationAcceptance {
  constructor(
    @inject(TOKENS.Activity) private readonly activity: ActivityService,
    @inject(TOKENS.Notifications) private readonly notifications: NotificationService,
    @inject(TOKENS.Config) private readonly config: Config,
  ) {}

  async acceptPending(user: JoiningUser): Promise<void> {
    const accepted = await WorkspaceInvitation.transaction(async (trx) => {
      const invitations = await WorkspaceInvitation.query(trx).whereRaw('lower(email) = lower(?)', [user.email]).forUpdate();
      for (const invitation of invitations) {
        await trx('workspace_members')
          .insert({ workspace_id: invitation.workspaceId, user_id: user.id, role: invitation.role })
          .onConflict(['workspace_id', 'user_id'])
          .ignore();
        await this.activity.record(
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
      if (invitations.length)
        await WorkspaceInvitation.query(trx)
          .findByIds(invitations.map((each) => each.id))
          .delete();
      return invitations;
    });
    // As with every membership change, the administrators hear of it once it has happened.
    for (const invitation of accepted) {
      const workspace = await WorkspaceInvitation.knex()('workspaces').where({ id: invitation.workspaceId }).first('external_id');
      if (!workspace) continue;
      await this.notifications.raiseBestEffort(
        invitation.workspaceId,
        { permission: 'manage_members' },
        {
          eventType: 'SYSTEM_INFO',
          title: 'Member joined',
          message: `${user.name} (${user.email}) accepted the invitation and joined as ${roleLabel(invitation.role)}.`,
          priority: 'low',
          actionUrl: `${this.config.basePath}/w/${workspace.external_id}/settings/members`,
        },
        { exceptUserIds: [user.id] },
      );
    }
  }
}
