import express, { type Router } from 'express';
import type { Container } from 'inversify';
import type { ActivityService } from '../activity/activity-service';
import { User } from '../auth/user-model';
import { externalIdParam, parseBody, requireMembership, requireUser } from '../platform/http';
import { TOKENS } from '../platform/tokens';
import { membershipGuard, permissionGuard, sessionGuard } from './access';
import type { PermissionService } from './permissions';
import type { WorkspacePluginsService } from './workspace-plugins';
import { activityCursorOf, activityQuerySchema } from './activity-cursor';
import { INVITATION_MESSAGES } from './invitation-links';
import { addMemberSchema, changeRoleSchema, deleteWorkspaceSchema, workspaceInputSchema } from './schemas';
import { DELETE_OWNER_ONLY, WorkspaceService } from './workspace-service';

const ACTIVITY_PAGE_SIZE = 50;

/** `{app}/api/v1/workspaces/...`: workspaces, their members and invitations. */
export function workspaceRoutes(container: Container): Router {
  const workspaces = container.get(WorkspaceService);
  const permissions = container.get<PermissionService>(TOKENS.Permissions);
  const workspacePlugins = container.get<WorkspacePluginsService>(TOKENS.WorkspacePlugins);
  const activity = container.get<ActivityService>(TOKENS.Activity);
  const allow = (permission: string, message?: string) => permissionGuard(permissions, permission, message);
  const router = express.Router();
  const member = [sessionGuard, membershipGuard];

  router.post('/workspaces', sessionGuard, async (req, res) => {
    const { name } = parseBody(workspaceInputSchema, req.body);
    const workspace = await workspaces.create(name, requireUser(req));
    res.status(201).json({ externalId: workspace.externalId, name: workspace.name });
  });

  router.get('/workspaces', sessionGuard, async (req, res) => {
    res.json({ workspaces: await workspaces.listFor(requireUser(req).id) });
  });

  router.get('/workspaces/:workspaceId', ...member, async (req, res) => {
    res.json(await workspaces.detail(requireMembership(req)));
  });

  router.patch('/workspaces/:workspaceId', ...member, allow('manage_workspace'), async (req, res) => {
    const { name } = parseBody(workspaceInputSchema, req.body);
    res.json(await workspaces.rename(requireMembership(req), name, requireUser(req)));
  });

  // The web decides what to show from `permissions` alone, so a switched-off plugin's permissions are left out.
  router.get('/workspaces/:workspaceId/role', ...member, async (req, res) => {
    const { role, workspace } = requireMembership(req);
    const states = await workspacePlugins.states(workspace.id);
    const enabled = new Set([...states].filter(([, isEnabled]) => isEnabled).map(([pluginId]) => pluginId));
    res.json({ role, permissions: permissions.permissionsOf(role, enabled) });
  });

  router.get('/workspaces/:workspaceId/members', ...member, async (req, res) => {
    const membership = requireMembership(req);
    // A firm's clients are members too; they see who works on their behalf, not each other's addresses or clients.
    const members = (await workspaces.members(membership.workspace.id)).map((member) =>
      membership.role === 'CLIENT' ? { ...member, email: null, clients: [] } : member,
    );
    // Pending invitations name people who have not joined: only those who manage members see them.
    const invitations = permissions.can(membership.role, 'manage_members') ? await workspaces.invitations(membership.workspace.id) : [];
    res.json({ members, invitations });
  });

  router.post('/workspaces/:workspaceId/members', ...member, allow('manage_members'), async (req, res) => {
    const input = parseBody(addMemberSchema, req.body);
    // Accepted, not done: the member joins when the invited address accepts the emailed link.
    res.status(202).json(await workspaces.addMember(requireMembership(req), input, requireUser(req)));
  });

  router.patch('/workspaces/:workspaceId/members/:memberId', ...member, allow('manage_members'), async (req, res) => {
    const memberId = externalIdParam(req, 'memberId', 'Member not found');
    const { role } = parseBody(changeRoleSchema, req.body);
    res.json({ member: await workspaces.changeRole(requireMembership(req), memberId, role, requireUser(req)) });
  });

  router.delete('/workspaces/:workspaceId/members/:memberId', ...member, async (req, res) => {
    const memberId = externalIdParam(req, 'memberId', 'Member not found');
    await workspaces.removeMember(requireMembership(req), memberId, requireUser(req));
    res.status(204).end();
  });

  router.delete('/workspaces/:workspaceId/invitations/:invitationId', ...member, allow('manage_members'), async (req, res) => {
    const invitationId = externalIdParam(req, 'invitationId', INVITATION_MESSAGES.notFound);
    await workspaces.revokeInvitation(requireMembership(req), invitationId, requireUser(req));
    res.status(204).end();
  });

  router.post('/workspaces/:workspaceId/invitations/:invitationId/resend', ...member, allow('manage_members'), async (req, res) => {
    const invitationId = externalIdParam(req, 'invitationId', INVITATION_MESSAGES.notFound);
    res.json({ invitation: await workspaces.resendInvitation(requireMembership(req), invitationId, requireUser(req)) });
  });

  router.get('/workspaces/:workspaceId/activity', ...member, allow('manage_workspace'), async (req, res) => {
    const { before } = activityQuerySchema.parse(req.query);
    const entries = await activity.forWorkspace(requireMembership(req).workspace.id, { limit: ACTIVITY_PAGE_SIZE + 1, beforeId: before });
    const page = entries.slice(0, ACTIVITY_PAGE_SIZE);
    const actorIds = [...new Set(page.map((entry) => entry.actorUserId).filter((id): id is number => id !== null))];
    const actors = new Map(
      (actorIds.length ? await User.query().findByIds(actorIds) : []).map((user) => [user.id, { externalId: user.externalId, name: user.name }]),
    );
    res.json({
      activity: page.map((entry) => ({
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId,
        metadata: entry.metadata,
        createdAt: entry.createdAt,
        actor: (entry.actorUserId !== null && actors.get(entry.actorUserId)) || null,
      })),
      nextCursor: entries.length > ACTIVITY_PAGE_SIZE ? activityCursorOf(page[page.length - 1].id) : null,
    });
  });

  const deleteWorkspace = async (req: express.Request, res: express.Response) => {
    const { confirmation } = parseBody(deleteWorkspaceSchema, req.body);
    res.json(await workspaces.delete(requireMembership(req), confirmation, requireUser(req)));
  };
  const ownerOnly = allow('delete_workspace', DELETE_OWNER_ONLY);
  router.delete('/workspaces/:workspaceId', ...member, ownerOnly, deleteWorkspace);
  router.post('/workspaces/:workspaceId/delete', ...member, ownerOnly, deleteWorkspace);

  return router;
}
