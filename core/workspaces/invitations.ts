import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { ActivityService } from '../activity/activity-service';
import { User } from '../auth/user-model';
import type { ClientDirectory } from '../clients/client-directory';
import type { NotificationService } from '../notifications/notification-service';
import type { Config } from '../platform/config';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors';
import type { Role, SessionUser } from '../platform/identity';
import { hashOfToken } from '../platform/single-use-token';
import { TOKENS } from '../platform/tokens';
import { INVITATION_MESSAGES } from './invitation-links';
import { roleLabel } from './permissions';

/** What the invitation page shows before "Accept": enough to decide, nothing the link's reader could not be told. */
export interface InvitationLookup {
  workspaceName: string;
  role: Role;
  inviterName: string | null;
  email: string;
  expiresAt: Date;
}

export interface AcceptedInvitation {
  workspace: { externalId: string; name: string };
  role: Role;
}

interface InvitationByToken {
  id: number;
  external_id: string;
  workspace_id: number;
  email: string;
  role: Role;
  expires_at: Date;
  expired: boolean;
  workspace_external_id: string;
  workspace_name: string;
  inviter_name: string | null;
}

/**
 * An invitation link, opened: shown to anyone who holds it, accepted only by a signed-in, verified account of exactly
 * the invited address. Nothing else (sign-up, sign-in, Google) ever turns an invitation into a membership.
 */
@injectable()
export class InvitationAcceptance {
  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Activity) private readonly activity: ActivityService,
    @inject(TOKENS.Notifications) private readonly notifications: NotificationService,
    @inject(TOKENS.Clients) private readonly clients: ClientDirectory,
    @inject(TOKENS.Config) private readonly config: Config,
  ) {}

  /** `token` is null when the link carried none that could be one. */
  async lookup(token: string | null): Promise<InvitationLookup> {
    const invitation = await this.usableInvitation(this.knex, token);
    return {
      workspaceName: invitation.workspace_name,
      role: invitation.role,
      inviterName: invitation.inviter_name,
      email: invitation.email,
      expiresAt: invitation.expires_at,
    };
  }

  async accept(token: string | null, user: SessionUser): Promise<AcceptedInvitation> {
    // Read once to learn the workspace, whose row is locked first, as every change of its membership does.
    const { workspace_id: workspaceId } = await this.usableInvitation(this.knex, token);
    const outcome = await this.knex.transaction(async (trx) => {
      if (!(await trx('workspaces').where({ id: workspaceId }).forUpdate().first('id'))) throw notFound(INVITATION_MESSAGES.invalid);
      const invitation = await this.usableInvitation(trx, token, { lock: true });
      const account = await User.query(trx).findById(user.id);
      if (!account?.emailVerifiedAt) throw forbidden(INVITATION_MESSAGES.unverified);
      if (account.email.toLowerCase() !== invitation.email.toLowerCase()) throw forbidden(INVITATION_MESSAGES.otherAccount(invitation.email));
      const clientIds: number[] = await trx('workspace_invitation_clients').where({ invitation_id: invitation.id }).pluck('client_id');
      // Used once, whatever happens next.
      await trx('workspace_invitations').where({ id: invitation.id }).delete();
      if (await trx('workspace_members').where({ workspace_id: workspaceId, user_id: user.id }).first('id')) return { alreadyMember: true as const };
      await trx('workspace_members').insert({ workspace_id: workspaceId, user_id: user.id, role: invitation.role });
      await this.clients.linkMemberToClients(workspaceId, user.id, clientIds, trx);
      await this.activity.record(
        {
          workspaceId,
          actorUserId: user.id,
          action: 'member.joined',
          entityType: 'member',
          entityId: user.externalId,
          metadata: { role: invitation.role, invitationId: invitation.external_id },
        },
        trx,
      );
      return {
        alreadyMember: false as const,
        accepted: { workspace: { externalId: invitation.workspace_external_id, name: invitation.workspace_name }, role: invitation.role },
      };
    });
    if (outcome.alreadyMember) throw conflict(INVITATION_MESSAGES.alreadyMember);
    const { workspace, role } = outcome.accepted;
    // As with every membership change, the administrators hear of it once it has happened.
    await this.notifications.raiseBestEffort(
      workspaceId,
      { permission: 'manage_members' },
      {
        eventType: 'SYSTEM_INFO',
        title: 'Member joined',
        message: `${user.name} (${user.email}) accepted the invitation and joined as ${roleLabel(role)}.`,
        priority: 'low',
        actionUrl: `${this.config.basePath}/w/${workspace.externalId}/settings/members`,
      },
      { exceptUserIds: [user.id] },
    );
    return outcome.accepted;
  }

  /** The pending, unexpired invitation the token opens: 404 when there is none (revoked, accepted, resent), 400 when expired. */
  private async usableInvitation(db: Knex | Knex.Transaction, token: string | null, options: { lock?: boolean } = {}): Promise<InvitationByToken> {
    if (!token) throw notFound(INVITATION_MESSAGES.invalid);
    const invitation: InvitationByToken | undefined = await db('workspace_invitations as i')
      .join('workspaces as w', 'w.id', 'i.workspace_id')
      .leftJoin('users as u', 'u.id', 'i.invited_by')
      .where('i.token_hash', hashOfToken(token))
      .modify((query) => {
        if (options.lock) query.forUpdate('i');
      })
      .first(
        'i.id',
        'i.external_id',
        'i.workspace_id',
        'i.email',
        'i.role',
        'i.expires_at',
        'w.external_id as workspace_external_id',
        'w.name as workspace_name',
        'u.name as inviter_name',
        db.raw('i.expires_at <= now() as expired'),
      );
    if (!invitation) throw notFound(INVITATION_MESSAGES.invalid);
    if (invitation.expired) throw badRequest(INVITATION_MESSAGES.expired);
    return invitation;
  }
}
