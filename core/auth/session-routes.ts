import express, { type Router } from 'express';
import type { Container } from 'inversify';
import type { ActivityService } from '../activity/activity-service';
import { notFound } from '../platform/errors';
import { requireUser } from '../platform/http';
import { TOKENS } from '../platform/tokens';
import { sessionGuard } from '../workspaces/access';
import { SessionRegistry } from './session-registry';
import type { OtherSessionsEnded, SessionList } from './wire';

export const SESSION_NOT_FOUND = 'Session not found';

/** `{app}/api/v1/me/sessions`: the signed-in user's sessions, and signing them out from here. */
export function sessionRoutes(container: Container): Router {
  const registry = container.get(SessionRegistry);
  const activity = container.get<ActivityService>(TOKENS.Activity);
  const router = express.Router();
  const recordSelf = (user: { id: number; externalId: string }, action: string, metadata: Record<string, unknown>) =>
    activity.record({ workspaceId: null, actorUserId: user.id, action, entityType: 'user', entityId: user.externalId, metadata });

  router.get('/me/sessions', sessionGuard, async (req, res) => {
    res.json({ sessions: await registry.list(requireUser(req).id, req.sessionID) } satisfies SessionList);
  });

  router.post('/me/sessions/revoke-others', sessionGuard, async (req, res) => {
    const user = requireUser(req);
    const ended = await registry.endOtherSessions(user.id, req.sessionID);
    if (ended) await recordSelf(user, 'user.sessions_revoked', { count: ended });
    res.json({ ended } satisfies OtherSessionsEnded);
  });

  // Ending the session in use is signing out.
  router.delete('/me/sessions/:sessionId', sessionGuard, async (req, res) => {
    const user = requireUser(req);
    const publicId = String(req.params.sessionId);
    if (publicId === req.session.publicId) {
      await registry.endCurrentSession(req, res, user.id);
    } else {
      if (!(await registry.endSession(user.id, publicId))) throw notFound(SESSION_NOT_FOUND);
      await recordSelf(user, 'user.session_revoked', { count: 1 });
    }
    res.status(204).end();
  });

  return router;
}
