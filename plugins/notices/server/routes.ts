import type { Request } from 'express';
import { externalIdParam, parseBody, type PluginRouteContext, type PluginRouter } from '../../../core/plugin-api';
import { NOTICE_MESSAGES, NOTICES_PERMISSIONS, NOTICES_ROUTES, type NoticePage } from '../shared/wire';
import { NoticeService, type NoticeActor } from './notice-service';
import { allNoticesQuerySchema, bulkUpdateSchema, createNoticeSchema, deleteSchema, listQuerySchema, updateNoticeSchema } from './schemas';

const service = (context: PluginRouteContext) => context.container.get(NoticeService);

export const noticeActorOf = (context: PluginRouteContext): NoticeActor => ({
  workspace: context.membership.workspace,
  userId: context.user.id,
  role: context.membership.role,
  name: context.user.name,
});

export const noticeIdOf = (req: Request) => externalIdParam(req, 'noticeId', NOTICE_MESSAGES.noticeNotFound);

const route = (path: string) => `/${path}`;
const NOTICE = route(NOTICES_ROUTES.notice(':noticeId'));

const edit = { permission: NOTICES_PERMISSIONS.edit, forbiddenMessage: NOTICE_MESSAGES.forbiddenEdit };

/** An object of the parsed body (absent or not an object: nothing). */
const bodyOf = (req: Request): Record<string, unknown> =>
  req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};

/** Spec 2 section 7, "Notices": the register. Fixed paths go before `notices/:noticeId`. */
export function noticeRoutes(router: PluginRouter): void {
  router.get(route(NOTICES_ROUTES.all), {}, async (req, _res, context) => ({
    data: await service(context).all(noticeActorOf(context), parseBody(allNoticesQuerySchema, req.query)),
  }));

  // The spec sends the page and filters in the query; a body may carry them too and wins.
  router.post(route(NOTICES_ROUTES.list), {}, async (req, _res, context): Promise<NoticePage> =>
    service(context).list(noticeActorOf(context), parseBody(listQuerySchema, { ...req.query, ...bodyOf(req) })),
  );

  router.post(
    route(NOTICES_ROUTES.create),
    { permission: NOTICES_PERMISSIONS.create, forbiddenMessage: NOTICE_MESSAGES.forbiddenCreate },
    async (req, res, context) => {
      res.status(201).json({ data: await service(context).create(noticeActorOf(context), parseBody(createNoticeSchema, req.body)) });
    },
  );

  router.put(route(NOTICES_ROUTES.bulkUpdate), edit, async (req, _res, context) => {
    const { noticeIds, status } = parseBody(bulkUpdateSchema, req.body);
    return { data: { updated: await service(context).bulkUpdate(noticeActorOf(context), noticeIds, status) } };
  });

  router.get(NOTICE, {}, async (req, _res, context) => ({ data: await service(context).get(noticeActorOf(context), noticeIdOf(req)) }));

  router.patch(NOTICE, edit, async (req, _res, context) => {
    const noticeId = noticeIdOf(req);
    return { data: await service(context).update(noticeActorOf(context), noticeId, parseBody(updateNoticeSchema, req.body)) };
  });

  router.delete(NOTICE, { permission: NOTICES_PERMISSIONS.delete, forbiddenMessage: NOTICE_MESSAGES.forbiddenDelete }, async (req, res, context) => {
    const noticeId = noticeIdOf(req);
    const { confirmation } = parseBody(deleteSchema, { ...req.query, ...bodyOf(req) });
    await service(context).remove(noticeActorOf(context), noticeId, confirmation);
    res.status(204).end();
  });

  router.get(route(NOTICES_ROUTES.activities(':noticeId')), {}, async (req, _res, context) => ({
    data: await service(context).activities(noticeActorOf(context), noticeIdOf(req)),
  }));
}
