import express, { type Request, type RequestHandler, type Router } from 'express';
import type { Container } from 'inversify';
import { externalIdParam, parseBody, requireMembership, requireUser } from '../platform/http';
import { TOKENS } from '../platform/tokens';
import { membershipGuard, sessionGuard } from '../workspaces/access';
import { NOTIFICATION_NOT_FOUND, type NotificationService } from './notification-service';
import { NotificationStreams } from './notification-streams';
import { notificationBatchQuerySchema, notificationListQuerySchema, notificationStreamQuerySchema } from './schemas';
import type { NotificationBatchResponse } from './wire';

/** Whose notifications a request is about: the signed-in member's, in the workspace it names. */
const owner = (req: Request) => ({ userId: requireUser(req).id, workspaceId: requireMembership(req).workspace.id });

/**
 * `{app}/api/v1/notifications...` (spec 2 section 7). Each member reads and marks only their own notifications of the
 * workspace named by `workspaceId`; any other id is "not found".
 */
export function notificationRoutes(container: Container): Router {
  const notifications = container.get<NotificationService>(TOKENS.Notifications);
  const member = [sessionGuard, membershipGuard];
  const router = express.Router();

  router.get('/notifications', ...member, async (req, res) => {
    const { userId, workspaceId } = owner(req);
    res.json(await notifications.list(userId, workspaceId, parseBody(notificationListQuerySchema, req.query)));
  });

  router.get('/notifications/batch', ...member, async (req, res) => {
    const { userId, workspaceId } = owner(req);
    const answer: NotificationBatchResponse = {
      notifications: await notifications.batch(userId, workspaceId, parseBody(notificationBatchQuerySchema, req.query)),
    };
    res.json(answer);
  });

  router.post('/notifications/read-all', ...member, async (req, res) => {
    const { userId, workspaceId } = owner(req);
    res.json(await notifications.markAllRead(userId, workspaceId));
  });

  router.post('/notifications/:notificationId/read', ...member, async (req, res) => {
    const { userId, workspaceId } = owner(req);
    res.json(await notifications.markRead(userId, workspaceId, externalIdParam(req, 'notificationId', NOTIFICATION_NOT_FOUND)));
  });

  return router;
}

/**
 * `{app}/api/v1/notifications/stream` and `.../batch/stream`. A stream stays open for hours, so it is mounted ahead of
 * the API's per-request machinery (compression, which would also hold events back, body parsing, CSRF) with only
 * what it needs: the session and the workspace gate.
 */
export function notificationStreamRoutes(container: Container, session: RequestHandler): Router {
  const streams = container.get(NotificationStreams);
  const router = express.Router();
  const gates = [session, sessionGuard, membershipGuard];
  /** The browser's own reconnect sends the header; a new EventSource can only put it in the query. */
  const streamQuery = (req: Request) =>
    parseBody(notificationStreamQuerySchema, { ...req.query, lastEventId: req.get('last-event-id') ?? req.query.lastEventId });

  router.get('/notifications/stream', ...gates, async (req, res) => {
    const { mode, entityType, lastEventId } = streamQuery(req);
    await streams.open(req, res, { ...owner(req), filter: { batch: false, mode, entityType }, lastEventId });
  });

  router.get('/notifications/batch/stream', ...gates, async (req, res) => {
    const { mode, entityType, lastEventId } = streamQuery(req);
    await streams.open(req, res, { ...owner(req), filter: { batch: true, mode, entityType }, lastEventId });
  });

  return router;
}
