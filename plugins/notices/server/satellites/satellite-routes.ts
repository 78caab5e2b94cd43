import type { Knex } from 'knex';
import { externalIdParam, parseBody, TOKENS, type PluginRouteContext, type PluginRouter } from '../../../../core/plugin-api';
import { ATTACHMENT_SERVICE, type AttachmentService } from '../../../documents/server/tokens';
import { TASKS_SERVICE, type TasksService } from '../../../tasks/server/tokens';
import { NOTICE_MESSAGES, NOTICES_PERMISSIONS, NOTICES_ROUTES } from '../../shared/wire';
import { DOCUMENTS_PLUGIN } from '../documents-plugin';
import { NoticeService } from '../notice-service';
import { noticeActorOf, noticeIdOf } from '../routes';
import { NoticeAttachments, attachmentSchema } from './attachments';
import { filterPreferenceSchema, readFilterPreference, saveFilterPreference } from './filter-preference';
import { NoticeHearings, hearingSchema } from './hearings';
import { NoticeTasks } from './notice-tasks';

const TASKS_PLUGIN = 'tasks';

const route = (path: string) => `/${path}`;
const NOTICE_ID = ':noticeId';

const edit = { permission: NOTICES_PERMISSIONS.edit, forbiddenMessage: NOTICE_MESSAGES.forbiddenEdit };

const noticesOf = (context: PluginRouteContext) => context.container.get(NoticeService);
const hearings = (context: PluginRouteContext) => new NoticeHearings(context.container.get<Knex>(TOKENS.Knex), noticesOf(context));

/** The optional plugins' services are bound only when they are installed, so they are asked for once the gate has passed. */
async function attachments(context: PluginRouteContext): Promise<NoticeAttachments> {
  await context.requirePlugin(DOCUMENTS_PLUGIN);
  return new NoticeAttachments(context.container.get<AttachmentService>(ATTACHMENT_SERVICE), noticesOf(context));
}

async function noticeTasks(context: PluginRouteContext): Promise<NoticeTasks> {
  await context.requirePlugin(TASKS_PLUGIN);
  const { container } = context;
  return new NoticeTasks(
    container.get<TasksService>(TASKS_SERVICE),
    noticesOf(context),
    container.get(TOKENS.Clients),
    container.get(TOKENS.Workspaces),
  );
}

/**
 * The filter preference, hearings, attachments and tasks of a notice (spec 2 sections 3, 4 and 7). Mounted before
 * the register's `notices/:noticeId` routes so `notices/filter-preference` is not read as a notice id.
 */
export function noticeSatelliteRoutes(router: PluginRouter): void {
  // Every role keeps its own preference, a CLIENT member too: it names filter values, never a record.
  router.get(route(NOTICES_ROUTES.filterPreference), {}, async (_req, _res, { membership, user }) => ({
    data: await readFilterPreference(membership.workspace.id, user.id),
  }));

  router.put(route(NOTICES_ROUTES.filterPreference), {}, async (req, _res, { membership, user }) => ({
    data: await saveFilterPreference(membership.workspace.id, user.id, parseBody(filterPreferenceSchema, req.body)),
  }));

  router.post(route(NOTICES_ROUTES.hearings(NOTICE_ID)), edit, async (req, res, context) => {
    const noticeId = noticeIdOf(req);
    const input = parseBody(hearingSchema, req.body);
    res.status(201).json({ data: await hearings(context).add(noticeActorOf(context), noticeId, input) });
  });

  router.delete(route(NOTICES_ROUTES.hearing(NOTICE_ID, ':hearingId')), edit, async (req, res, context) => {
    await hearings(context).remove(noticeActorOf(context), noticeIdOf(req), String(req.params.hearingId));
    res.status(204).end();
  });

  router.get(route(NOTICES_ROUTES.attachments(NOTICE_ID)), {}, async (req, _res, context) => ({
    data: await (await attachments(context)).list(noticeActorOf(context), noticeIdOf(req)),
  }));

  router.post(route(NOTICES_ROUTES.attachments(NOTICE_ID)), edit, async (req, res, context) => {
    const service = await attachments(context);
    const noticeId = noticeIdOf(req);
    const { documentId } = parseBody(attachmentSchema, req.body);
    res.status(201).json({ data: await service.link(noticeActorOf(context), noticeId, documentId) });
  });

  router.delete(route(NOTICES_ROUTES.attachment(NOTICE_ID, ':attachmentId')), edit, async (req, res, context) => {
    const service = await attachments(context);
    await service.unlink(noticeActorOf(context), noticeIdOf(req), externalIdParam(req, 'attachmentId', 'Attachment not found'));
    res.status(204).end();
  });

  router.post(route(NOTICES_ROUTES.generateTask(NOTICE_ID)), edit, async (req, res, context) => {
    const service = await noticeTasks(context);
    res.status(201).json({ data: await service.generate(noticeActorOf(context), noticeIdOf(req)) });
  });

  router.get(route(NOTICES_ROUTES.tasks(NOTICE_ID)), {}, async (req, _res, context) => ({
    data: await (await noticeTasks(context)).associated(noticeActorOf(context), noticeIdOf(req)),
  }));
}
