import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { ActivityService } from '../activity/activity-service';
import type { ClientDirectory } from '../clients/client-directory';
import { badRequest, forbidden, notFound } from '../platform/errors';
import type { Membership, SessionUser } from '../platform/http';
import type { Role } from '../platform/identity';
import { TOKENS } from '../platform/tokens';
import { WORKSPACE_NOT_FOUND } from './access';
import type { PermissionService } from './permissions';
import { memberClientIdsSchema, ONLY_CLIENT_MEMBERS } from './schemas';
import type { MemberView } from './workspace-service';

export const memberClientsSchema = z.object({ clientIds: memberClientIdsSchema });

/** Which clients a CLIENT member stands for, as administrators edit it in Settings -> Members. */
@injectable()
export class MemberClientsService {
  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Activity) private readonly activity: ActivityService,
    @inject(TOKENS.Permissions) private readonly permissions: PermissionService,
    @inject(TOKENS.Clients) private readonly clientDirectory: ClientDirectory,
  ) {}

  /**
   * Makes these clients (external ids) the only ones the member stands for, from their next request on. The workspace
   * row is locked as every change of its membership locks it, so a concurrent role change cannot leave staff linked.
   */
  async link(membership: Membership, memberExternalId: string, clientExternalIds: readonly string[], actor: SessionUser): Promise<MemberView> {
    const workspaceId = membership.workspace.id;
    return this.knex.transaction(async (trx) => {
      if (!(await trx('workspaces').where({ id: workspaceId }).forUpdate().first('id'))) throw notFound(WORKSPACE_NOT_FOUND);
      // The role the request was admitted with may have changed while it waited for the lock.
      const actorNow = await trx('workspace_members').where({ workspace_id: workspaceId, user_id: actor.id }).first('role');
      if (!actorNow) throw notFound(WORKSPACE_NOT_FOUND);
      if (!this.permissions.can(actorNow.role as Role, 'manage_members')) throw forbidden();

      const target = await trx('workspace_members as m')
        .join('users as u', 'u.id', 'm.user_id')
        .where({ 'm.workspace_id': workspaceId, 'u.external_id': memberExternalId })
        .first('m.user_id', 'm.role', 'u.external_id', 'u.name', 'u.email', 'u.image');
      if (!target) throw notFound('Member not found');
      if (target.role !== 'CLIENT') throw badRequest(ONLY_CLIENT_MEMBERS);

      const clients = await this.clientDirectory.resolveExternalIds(workspaceId, clientExternalIds, trx);
      const userId = Number(target.user_id);
      await this.clientDirectory.linkMemberToClients(
        workspaceId,
        userId,
        clients.map((client) => client.id),
        trx,
      );
      await this.activity.record(
        {
          workspaceId,
          actorUserId: actor.id,
          action: 'member.clients_changed',
          entityType: 'member',
          entityId: memberExternalId,
          metadata: { clients: clients.map((client) => client.externalId) },
        },
        trx,
      );
      return {
        externalId: target.external_id,
        name: target.name,
        email: target.email,
        image: target.image,
        role: target.role,
        clients: await this.clientDirectory.linkedClientsOf(workspaceId, userId, trx),
      };
    });
  }
}
