import type { Request } from 'express';
import { externalIdParam, parseBody, type PluginRouteContext, type PluginRouter } from '../../../core/plugin-api';
import { TASK_MESSAGES, TASKS_PERMISSIONS, TASKS_ROUTES, type TaskListResponse } from '../shared/wire';
import { attachmentSchema, bulkDeleteSchema, commentSchema, createTaskSchema, listQuerySchema, updateTaskSchema } from './schemas';
import { TaskService, type TaskActor } from './task-service';

const DOCUMENTS_PLUGIN = 'documents';

const service = (context: PluginRouteContext) => context.container.get(TaskService);
const actorOf = (context: PluginRouteContext): TaskActor => ({
  workspace: context.membership.workspace,
  userId: context.user.id,
  role: context.membership.role,
  name: context.user.name,
});
const taskIdOf = (req: Request) => externalIdParam(req, 'taskId', TASK_MESSAGES.taskNotFound);

const route = (path: string) => `/${path}`;
const TASK = route(TASKS_ROUTES.task(':taskId'));

const edit = { permission: TASKS_PERMISSIONS.edit, forbiddenMessage: TASK_MESSAGES.forbiddenEdit };

/** Spec 2 sections 2.1-2.8 and 7, "Tasks". Every route is behind session, membership and the plugin switch. */
export function taskRoutes(router: PluginRouter): void {
  router.get(route(TASKS_ROUTES.list), {}, async (req, _res, context): Promise<TaskListResponse> =>
    service(context).list(actorOf(context), parseBody(listQuerySchema, req.query)),
  );

  router.post(
    route(TASKS_ROUTES.create),
    { permission: TASKS_PERMISSIONS.create, forbiddenMessage: TASK_MESSAGES.forbiddenCreate },
    async (req, res, context) => {
      const task = await service(context).create(actorOf(context), parseBody(createTaskSchema, req.body));
      res.status(201).json({ task });
    },
  );

  router.post(
    route(TASKS_ROUTES.bulkDelete),
    { permission: TASKS_PERMISSIONS.delete, forbiddenMessage: TASK_MESSAGES.forbiddenDelete },
    async (req, _res, context) => {
      const { ids, confirmation } = parseBody(bulkDeleteSchema, req.body);
      return { deleted: await service(context).bulkRemove(actorOf(context), ids, confirmation) };
    },
  );

  router.get(TASK, {}, async (req, _res, context) => ({ task: await service(context).get(actorOf(context), taskIdOf(req)) }));

  router.patch(TASK, edit, async (req, _res, context) => {
    const taskId = taskIdOf(req);
    return { task: await service(context).update(actorOf(context), taskId, parseBody(updateTaskSchema, req.body)) };
  });

  router.delete(TASK, { permission: TASKS_PERMISSIONS.delete, forbiddenMessage: TASK_MESSAGES.forbiddenDelete }, async (req, res, context) => {
    await service(context).remove(actorOf(context), taskIdOf(req));
    res.status(204).end();
  });

  router.get(route(TASKS_ROUTES.comments(':taskId')), {}, async (req, _res, context) => ({
    data: await service(context).comments(actorOf(context), taskIdOf(req)),
  }));

  router.post(
    route(TASKS_ROUTES.comments(':taskId')),
    { permission: TASKS_PERMISSIONS.comment, forbiddenMessage: TASK_MESSAGES.forbiddenComment },
    async (req, res, context) => {
      const taskId = taskIdOf(req);
      const { content } = parseBody(commentSchema, req.body);
      res.status(201).json({ data: await service(context).addComment(actorOf(context), taskId, content) });
    },
  );

  router.get(route(TASKS_ROUTES.activityLog(':taskId')), {}, async (req, _res, context) => ({
    data: await service(context).activityLog(actorOf(context), taskIdOf(req)),
  }));

  router.get(route(TASKS_ROUTES.attachments(':taskId')), {}, async (req, _res, context) => {
    await context.requirePlugin(DOCUMENTS_PLUGIN);
    return { data: await service(context).attachments(actorOf(context), taskIdOf(req)) };
  });

  router.post(route(TASKS_ROUTES.attachments(':taskId')), edit, async (req, res, context) => {
    await context.requirePlugin(DOCUMENTS_PLUGIN);
    const taskId = taskIdOf(req);
    const { documentId } = parseBody(attachmentSchema, req.body);
    res.status(201).json({ data: await service(context).attach(actorOf(context), taskId, documentId) });
  });

  router.delete(route(TASKS_ROUTES.attachment(':taskId', ':attachmentId')), edit, async (req, res, context) => {
    await context.requirePlugin(DOCUMENTS_PLUGIN);
    await service(context).detach(actorOf(context), taskIdOf(req), externalIdParam(req, 'attachmentId', 'Attachment not found'));
    res.status(204).end();
  });
}
