import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { ActivityService } from '../activity/activity-service';
import type { ClientDirectory, LinkedClient } from '../clients/client-directory';
import type { Mailer } from '../mail/mailer';
import type { NotificationService } from '../notifications/notification-service';
import type { Config } from '../platform/config';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors';
import type { EventBus } from '../platform/events';
import type { Membership, SessionUser } from '../platform/http';
import type { Role } from '../platform/identity';
import { TOKENS } from '../platform/tokens';
import { WORKSPACE_NOT_FOUND } from './access';
import { INVITATION_MESSAGES, invitationMessage, newInvitationLink } from './invitation-links';
import { invitationViews, type InvitationView } from './invitation-views';
import { Workspace, WorkspaceInvitation, WorkspaceMember } from './models';
import { roleLabel, type PermissionService } from './permissions';
import { ONLY_CLIENT_MEMBERS } from './schemas';
import type { WorkspacePluginsService } from './workspace-plugins';

export const MEMBERSHIP_REMOVED_EVENT = 'workspace.member-removed';
export const WORKSPACE_DELETED_EVENT = 'workspace.deleted';

export interface MemberView {
  externalId: string;
  name: string;
  email: string;
  image: string | null;
  role: Role;
  /** The clients a CLIENT member stands for; empty for staff. */
  clients: LinkedClient[];
}

const LAST_OWNER = 'A workspace must keep at least one owner: the last owner cannot be demoted or removed';
const OWNER_ONLY = 'Only an owner can change or remove an owner';
const GRANT_OWNER_ONLY = 'Only an owner can grant the OWNER role';
const MEMBER_NOT_FOUND = 'Member not found';
export const DELETE_OWNER_ONLY = 'Only the workspace owner can delete this workspace';

@injectable()
export class WorkspaceService {
  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(TOKENS.Activity) private readonly activity: ActivityService,
    @inject(TOKENS.WorkspacePlugins) private readonly plugins: WorkspacePluginsService,
    @inject(TOKENS.Events) private readonly events: EventBus,
    @inject(TOKENS.Permissions) private readonly permissions: PermissionService,
    @inject(TOKENS.Notifications) private readonly notifications: NotificationService,
    @inject(TOKENS.Clients) private readonly clientDirectory: ClientDirectory,
    @inject(TOKENS.Mailer) private readonly mailer: Mailer,
  ) {}

  async create(name: string, owner: SessionUser): Promise<Workspace> {
    return this.knex.transaction(async (trx) => {
      const workspace = await Workspace.query(trx).insert({ name, createdBy: owner.id });
      await WorkspaceMember.query(trx).insert({ workspaceId: workspace.id, userId: owner.id, role: 'OWNER' });
      await this.plugins.initialize(workspace.id, trx);
      await this.activity.record(
        {
          workspaceId: workspace.id,
          actorUserId: owner.id,
          action: 'workspace.created',
          entityType: 'workspace',
          entityId: workspace.externalId,
          metadata: { name },
        },
        trx,
      );
      return workspace;
    });
  }

  async listFor(userId: number): Promise<{ externalId: string; name: string; role: Role }[]> {
    const rows = await this.knex('workspace_members as m')
      .join('workspaces as w', 'w.id', 'm.workspace_id')
      .where('m.user_id', userId)
      .orderBy([{ column: 'w.name' }, { column: 'w.id' }])
      .select('w.external_id', 'w.name', 'm.role');
    return rows.map((row) => ({ externalId: row.external_id, name: row.name, role: row.role }));
  }

  async detail(membership: Membership): Promise<{ externalId: string; name: string; role: Role; memberCount: number; createdAt: Date }> {
    const workspace = await Workspace.query().findById(membership.workspace.id);
    if (!workspace) throw notFound(WORKSPACE_NOT_FOUND);
    const [{ count }] = await this.knex('workspace_members').where({ workspace_id: workspace.id }).count({ count: '*' });
    return {
      externalId: workspace.externalId,
      name: workspace.name,
      role: membership.role,
      memberCount: Number(count),
      createdAt: workspace.createdAt,
    };
  }

  async rename(membership: Membership, name: string, actor: SessionUser): Promise<{ externalId: string; name: string }> {
    await this.knex.transaction(async (trx) => {
      const previous = await this.lockWorkspace(trx, membership.workspace.id);
      await Workspace.query(trx).findById(membership.workspace.id).patch({ name });
      await this.activity.record(
        {
          workspaceId: membership.workspace.id,
          actorUserId: actor.id,
          action: 'workspace.renamed',
          entityType: 'workspace',
          entityId: membership.workspace.externalId,
          metadata: { from: previous.name, to: name },
        },
        trx,
      );
    });
    return { externalId: membership.workspace.externalId, name };
  }

  async members(workspaceId: number): Promise<MemberView[]> {
    const rows = await this.knex('workspace_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.workspace_id', workspaceId)
      .orderByRaw(`array_position(array['OWNER','ADMIN','EMPLOYEE','CLIENT'], m.role), lower(u.name), u.id`)
      .select('u.id', 'u.external_id', 'u.name', 'u.email', 'u.image', 'm.role');
    const clientsOf = await this.clientDirectory.clientsByMember(workspaceId);
    return rows.map((row) => ({
      externalId: row.external_id,
      name: row.name,
      email: row.email,
      image: row.image,
      role: row.role,
      clients: clientsOf.get(Number(row.id)) ?? [],
    }));
  }

  invitations(workspaceId: number): Promise<InvitationView[]> {
    return invitationViews(this.knex, this.clientDirectory, workspaceId);
  }

  /**
   * Invites `email` by a single-use link in an email; whoever accepts must be signed in with that address, verified.
   * An existing account is never added directly, so registering someone's address in advance gains nothing.
   */
  async addMember(
    membership: Membership,
    input: { email: string; role: Role; clientIds: string[] },
    actor: SessionUser,
  ): Promise<{ invitation: InvitationView }> {
    if (input.clientIds.length && input.role !== 'CLIENT') throw badRequest(ONLY_CLIENT_MEMBERS);
    const workspaceId = membership.workspace.id;
    const link = newInvitationLink();
    const { invitation, workspaceName } = await this.knex.transaction(async (trx) => {
      const { workspace, actorRole } = await this.lockMembership(trx, membership, actor);
      this.assertManagesMembers(actorRole);
      if (input.role === 'OWNER' && !this.permissions.can(actorRole, 'manage_owners')) throw forbidden(GRANT_OWNER_ONLY);
      const clients = await this.clientDirectory.resolveExternalIds(workspaceId, input.clientIds, trx);
      const member = await trx('workspace_members as m')
        .join('users as u', 'u.id', 'm.user_id')
        .where('m.workspace_id', workspaceId)
        .whereRaw('lower(u.email) = lower(?)', [input.email])
        .first('m.id');
      if (member) throw conflict('This user is already a member of this workspace');
      const previous: { id: number; expired: boolean } | undefined = await trx('workspace_invitations')
        .where({ workspace_id: workspaceId })
        .whereRaw('lower(email) = lower(?)', [input.email])
        .first('id', trx.raw('expires_at <= now() as expired'));
      if (previous && !previous.expired) throw conflict('This email has already been invited to this workspace');
      // An expired invitation is replaced, so the address gets a working link.
      if (previous) await trx('workspace_invitations').where({ id: previous.id }).delete();
      const created = await WorkspaceInvitation.query(trx).insert({
        workspaceId,
        email: input.email,
        role: input.role,
        invitedBy: actor.id,
        tokenHash: link.tokenHash,
        expiresAt: link.expiresAt,
      });
      if (clients.length)
        await trx('workspace_invitation_clients').insert(clients.map((client) => ({ invitation_id: created.id, client_id: client.id })));
      await this.activity.record(
        {
          workspaceId,
          actorUserId: actor.id,
          action: 'member.invited',
          entityType: 'invitation',
          entityId: created.externalId,
          metadata: { email: input.email, role: input.role, ...(clients.length ? { clientIds: clients.map((client) => client.externalId) } : {}) },
        },
        trx,
      );
      const [view] = await invitationViews(this.knex, this.clientDirectory, workspaceId, { invitationId: created.id, trx });
      return { invitation: view, workspaceName: workspace.name };
    });
    // Only a committed invitation is mailed: a link never arrives for one that was rolled back.
    await this.mailer.send(invitationMessage(this.config, { ...invitation, token: link.token, inviterName: actor.name, workspaceName }));
    return { invitation };
  }

  async changeRole(membership: Membership, memberExternalId: string, role: Role, actor: SessionUser): Promise<MemberView> {
    const { member, previousRole } = await this.knex.transaction(async (trx) => {
      const { actorRole } = await this.lockMembership(trx, membership, actor);
      this.assertManagesMembers(actorRole);
      const target = await this.memberOf(trx, membership.workspace.id, memberExternalId);
      if ((target.role === 'OWNER' || role === 'OWNER') && !this.permissions.can(actorRole, 'manage_owners')) {
        throw forbidden(target.role === 'OWNER' ? OWNER_ONLY : GRANT_OWNER_ONLY);
      }
      if (target.role === 'OWNER' && role !== 'OWNER') await this.assertAnotherOwner(trx, membership.workspace.id);
      await trx('workspace_members').where({ id: target.membershipId }).update({ role, updated_at: trx.fn.now() });
      // Only a CLIENT member stands for clients: one who becomes staff sees every client, and loses the links for good.
      if (role !== 'CLIENT') await this.clientDirectory.linkMemberToClients(membership.workspace.id, target.userId, [], trx);
      const clients = await this.clientDirectory.linkedClientsOf(membership.workspace.id, target.userId, trx);
      await this.activity.record(
        {
          workspaceId: membership.workspace.id,
          actorUserId: actor.id,
          action: 'member.role_changed',
          entityType: 'member',
          entityId: memberExternalId,
          metadata: { from: target.role, to: role },
        },
        trx,
      );
      return {
        member: { externalId: target.externalId, name: target.name, email: target.email, image: target.image, role, clients },
        previousRole: target.role,
      };
    });
    if (previousRole !== role) {
      await this.tellAdministrators(
        membership,
        actor,
        'Member role changed',
        `${actor.name} changed ${member.name}'s role from ${roleLabel(previousRole)} to ${roleLabel(role)}.`,
      );
    }
    return member;
  }

  /** Admins remove members; anyone may leave a workspace, except its last owner. */
  async removeMember(membership: Membership, memberExternalId: string, actor: SessionUser): Promise<void> {
    const leaving = memberExternalId === actor.externalId;
    const removed = await this.knex.transaction(async (trx) => {
      const { actorRole } = await this.lockMembership(trx, membership, actor);
      if (!leaving) this.assertManagesMembers(actorRole);
      const target = await this.memberOf(trx, membership.workspace.id, memberExternalId);
      if (!leaving && target.role === 'OWNER' && !this.permissions.can(actorRole, 'manage_owners')) throw forbidden(OWNER_ONLY);
      if (target.role === 'OWNER') await this.assertAnotherOwner(trx, membership.workspace.id);
      await trx('workspace_members').where({ id: target.membershipId }).delete();
      await this.activity.record(
        {
          workspaceId: membership.workspace.id,
          actorUserId: actor.id,
          action: leaving ? 'member.left' : 'member.removed',
          entityType: 'member',
          entityId: memberExternalId,
          metadata: { role: target.role },
        },
        trx,
      );
      return target;
    });
    await this.events.publish(MEMBERSHIP_REMOVED_EVENT, { workspaceId: membership.workspace.id, userId: removed.userId });
    await this.tellAdministrators(
      membership,
      actor,
      leaving ? 'Member left' : 'Member removed',
      leaving ? `${removed.name} left the workspace.` : `${actor.name} removed ${removed.name} from the workspace.`,
    );
  }

  async revokeInvitation(membership: Membership, invitationExternalId: string, actor: SessionUser): Promise<void> {
    await this.knex.transaction(async (trx) => {
      this.assertManagesMembers((await this.lockMembership(trx, membership, actor)).actorRole);
      const deleted = await WorkspaceInvitation.query(trx)
        .where({ workspace_id: membership.workspace.id, external_id: invitationExternalId })
        .delete()
        .returning('*');
      if (!deleted.length) throw notFound(INVITATION_MESSAGES.notFound);
      await this.activity.record(
        {
          workspaceId: membership.workspace.id,
          actorUserId: actor.id,
          action: 'member.invitation_revoked',
          entityType: 'invitation',
          entityId: invitationExternalId,
        },
        trx,
      );
    });
  }

  /** A new link for a pending invitation (expired or not), mailed again: the old link stops working, the resender becomes its inviter. */
  async resendInvitation(membership: Membership, invitationExternalId: string, actor: SessionUser): Promise<InvitationView> {
    const link = newInvitationLink();
    const { invitation, workspaceName } = await this.knex.transaction(async (trx) => {
      const { workspace, actorRole } = await this.lockMembership(trx, membership, actor);
      this.assertManagesMembers(actorRole);
      const pending = await WorkspaceInvitation.query(trx)
        .where({ workspace_id: membership.workspace.id, external_id: invitationExternalId })
        .forUpdate()
        .first();
      if (!pending) throw notFound(INVITATION_MESSAGES.notFound);
      // A fresh link grants the role afresh, so the rule for granting it applies again.
      if (pending.role === 'OWNER' && !this.permissions.can(actorRole, 'manage_owners')) throw forbidden(GRANT_OWNER_ONLY);
      await pending.$query(trx).patch({ tokenHash: link.tokenHash, expiresAt: link.expiresAt, invitedBy: actor.id });
      await this.activity.record(
        {
          workspaceId: membership.workspace.id,
          actorUserId: actor.id,
          action: 'member.invitation_resent',
          entityType: 'invitation',
          entityId: invitationExternalId,
        },
        trx,
      );
      const [view] = await invitationViews(this.knex, this.clientDirectory, membership.workspace.id, { invitationId: pending.id, trx });
      return { invitation: view, workspaceName: workspace.name };
    });
    await this.mailer.send(invitationMessage(this.config, { ...invitation, token: link.token, inviterName: actor.name, workspaceName }));
    return invitation;
  }

  /** Deletes the workspace and, through ON DELETE CASCADE, every record of it, core and plugin, in one transaction. */
  async delete(membership: Membership, confirmation: string, actor: SessionUser): Promise<{ affectedMembers: number; redirectUrl: string }> {
    if (confirmation !== membership.workspace.name) throw badRequest('Invalid confirmation');
    const memberUserIds = await this.knex.transaction(async (trx) => {
      const { workspace, actorRole } = await this.lockMembership(trx, membership, actor);
      if (!this.permissions.can(actorRole, 'delete_workspace')) throw forbidden(DELETE_OWNER_ONLY);
      if (workspace.name !== confirmation) throw badRequest('Invalid confirmation');
      const members: { user_id: number }[] = await trx('workspace_members').where({ workspace_id: membership.workspace.id }).select('user_id');
      await trx('workspaces').where({ id: membership.workspace.id }).delete();
      return members.map((member) => member.user_id);
    });
    await this.events.publish(WORKSPACE_DELETED_EVENT, { workspaceId: membership.workspace.id, userIds: memberUserIds });
    // Everyone but the person deleting it is told, so they are the "affected" members.
    return { affectedMembers: memberUserIds.length - 1, redirectUrl: `${this.config.basePath}/workspace-deleted` };
  }

  /** A change of the membership is news for the workspace's administrators, but not for the one who made it. */
  private tellAdministrators(membership: Membership, actor: SessionUser, title: string, message: string): Promise<void> {
    return this.notifications.raiseBestEffort(
      membership.workspace.id,
      { permission: 'manage_members' },
      {
        eventType: 'SYSTEM_INFO',
        title,
        message,
        priority: 'low',
        actionUrl: `${this.config.basePath}/w/${membership.workspace.externalId}/settings/members`,
      },
      { exceptUserIds: [actor.id] },
    );
  }

  /** Locks the workspace row against concurrent changes and deletion; a workspace deleted meanwhile is not found. */
  private async lockWorkspace(trx: Knex.Transaction, workspaceId: number): Promise<{ name: string }> {
    const workspace = await trx('workspaces').where({ id: workspaceId }).forUpdate().first('name');
    if (!workspace) throw notFound(WORKSPACE_NOT_FOUND);
    return workspace;
  }

  /**
   * Locks the workspace, which serialises changes of its membership (so two demotions cannot both pass the
   * last-owner check), and returns the actor's role as it is now: the role the request was admitted with may have
   * been changed, or the actor removed, by the change it waited for.
   */
  private async lockMembership(
    trx: Knex.Transaction,
    membership: Membership,
    actor: SessionUser,
  ): Promise<{ workspace: { name: string }; actorRole: Role }> {
    const workspace = await this.lockWorkspace(trx, membership.workspace.id);
    const current = await trx('workspace_members').where({ workspace_id: membership.workspace.id, user_id: actor.id }).first('role');
    if (!current) throw notFound(WORKSPACE_NOT_FOUND);
    return { workspace, actorRole: current.role as Role };
  }

  private assertManagesMembers(role: Role): void {
    if (!this.permissions.can(role, 'manage_members')) throw forbidden();
  }

  private async memberOf(trx: Knex.Transaction, workspaceId: number, memberExternalId: string) {
    const row = await trx('workspace_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where({ 'm.workspace_id': workspaceId, 'u.external_id': memberExternalId })
      .first('m.id as membership_id', 'm.user_id', 'm.role', 'u.external_id', 'u.name', 'u.email', 'u.image');
    if (!row) throw notFound(MEMBER_NOT_FOUND);
    return {
      membershipId: row.membership_id as number,
      userId: row.user_id as number,
      role: row.role as Role,
      externalId: row.external_id as string,
      name: row.name as string,
      email: row.email as string,
      image: row.image as string | null,
    };
  }

  private async assertAnotherOwner(trx: Knex.Transaction, workspaceId: number): Promise<void> {
    const [{ count }] = await trx('workspace_members').where({ workspace_id: workspaceId, role: 'OWNER' }).count({ count: '*' });
    if (Number(count) <= 1) throw conflict(LAST_OWNER);
  }
}
