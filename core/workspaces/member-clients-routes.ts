import express, { type Router } from 'express';
import type { Container } from 'inversify';
import { externalIdParam, parseBody, requireMembership, requireUser } from '../platform/http';
import { TOKENS } from '../platform/tokens';
import { membershipGuard, permissionGuard, sessionGuard } from './access';
import { MemberClientsService, memberClientsSchema } from './member-clients';
import type { PermissionService } from './permissions';

/** `{app}/api/v1/workspaces/{id}/members/{memberId}/clients`: the clients a CLIENT member stands for. */
export function memberClientsRoutes(container: Container): Router {
  const memberClients = container.get(MemberClientsService);
  const permissions = container.get<PermissionService>(TOKENS.Permissions);
  const router = express.Router();

  router.put(
    '/workspaces/:workspaceId/members/:memberId/clients',
    sessionGuard,
    membershipGuard,
    permissionGuard(permissions, 'manage_members'),
    async (req, res) => {
      const memberId = externalIdParam(req, 'memberId', 'Member not found');
      const { clientIds } = parseBody(memberClientsSchema, req.body);
      res.json({ member: await memberClients.link(requireMembership(req), memberId, clientIds, requireUser(req)) });
    },
  );

  return router;
}
