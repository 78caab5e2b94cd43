import { notFound, type PluginRouter } from '../../../../core/plugin-api';
import { NOTICE_AI_ROUTES, NOTICE_MESSAGES, NOTICES_PERMISSIONS } from '../../shared/wire';
import { noticeActorOf, noticeIdOf } from '../routes';
import { AI_JOB_NOT_FOUND, NOTICE_AI_OPTIONS, NoticeAiRuns, type NoticeAiOptions } from './ai-job';

const route = (path: string) => `/${path}`;
const edit = { permission: NOTICES_PERMISSIONS.edit, forbiddenMessage: NOTICE_MESSAGES.forbiddenEdit };
/** Bee-Queue numbers its jobs. */
const JOB_ID = /^\d{1,20}$/;

/**
 * `POST notices/{id}/process-ai` (spec 2 section 7): 200 `{ data: NoticeView }` once the analysis is saved, 202
 * `{ jobId }` when it takes longer than AI_WAIT_MS, and `GET notices/{id}/process-ai/{jobId}` to follow it. A failure
 * answers `{ error }`: 422 no text, 502 an answer outside the schema, 503 the service unavailable or busy, 504 no answer
 * in time.
 */
export function noticeAiRoutes(router: PluginRouter): void {
  router.post(route(NOTICE_AI_ROUTES.processAi(':noticeId')), edit, async (req, res, context) => {
    const noticeId = noticeIdOf(req);
    const { waitMs } = context.container.get<NoticeAiOptions>(NOTICE_AI_OPTIONS);
    const started = await new NoticeAiRuns(context.container).start(noticeActorOf(context), noticeId, waitMs);
    if ('notice' in started) res.json({ data: started.notice });
    else res.status(202).json({ jobId: started.jobId });
  });

  router.get(route(NOTICE_AI_ROUTES.processAiJob(':noticeId', ':jobId')), edit, async (req, _res, context) => {
    const noticeId = noticeIdOf(req);
    const jobId = String(req.params.jobId);
    if (!JOB_ID.test(jobId)) throw notFound(AI_JOB_NOT_FOUND);
    return { data: await new NoticeAiRuns(context.container).status(noticeActorOf(context), noticeId, jobId) };
  });
}
