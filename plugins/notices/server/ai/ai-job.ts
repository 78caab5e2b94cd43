import type { EventEmitter } from 'node:events';
import type { Container } from 'inversify';
import {
  AI_MESSAGES,
  AiError,
  HttpError,
  notFound,
  TOKENS,
  type Config,
  type ExpiringValues,
  type JobContext,
  type PluginJob,
  type QueueService,
  type WorkspaceDirectory,
} from '../../../../core/plugin-api';
import { NOTICE_MESSAGES, type AiJobStatus, type NoticeView } from '../../shared/wire';
import { NoticeService, type NoticeActor } from '../notice-service';
import { NoticeAi } from './notice-ai';

const PROCESS_AI_JOB = 'processAi';
const PROCESS_AI_QUEUE = `notices.${PROCESS_AI_JOB}`;

/** How long `process-ai` waits for its job before answering 202 (AI_WAIT_MS; a test binds less). */
export const NOTICE_AI_OPTIONS = Symbol.for('notices.NoticeAiOptions');
export interface NoticeAiOptions {
  waitMs: number;
}

/** Reading the notice's PDFs gets this long on top of the AI service's own time limit (`AI_TIMEOUT_MS`). */
const READING_MS = 60_000;
/** The queue's limit lies this far beyond the analysis's deadline, so the job answers 504 itself rather than being cut off. */
const QUEUE_MARGIN_MS = 30_000;
/** A job's outcome is kept this long for `GET notices/{id}/process-ai/{jobId}`. */
const OUTCOME_TTL_SECONDS = 60 * 60;

const FAILURE_STATUS: Record<AiError['reason'], number> = {
  'no-text': 422,
  'invalid-answer': 502,
  'timed-out': 504,
  unavailable: 503,
  'rate-limited': 503,
};

export const AI_JOB_NOT_FOUND = 'AI job not found';

interface ProcessAiPayload {
  workspaceId: number;
  /** The notice's external id. */
  noticeId: string;
  actorUserId: number;
}

type Failure = { status: number; error: string };
type Outcome = { noticeId: string } & ({ state: 'RUNNING' | 'COMPLETED' } | ({ state: 'FAILED' } & Failure));

/** A failure whose message is fit to show, with its status; anything else is a crash the job retries. */
function failureOf(error: unknown): Failure | null {
  if (error instanceof AiError) return { status: FAILURE_STATUS[error.reason], error: error.message };
  if (error instanceof HttpError) return { status: error.status, error: error.message };
  return null;
}

/** How the job ended within `waitMs` as the queue's events tell it: `crashed` is a failure after its last retry. */
function endingWithin(job: EventEmitter, waitMs: number): Promise<'ended' | 'crashed' | 'running'> {
  return new Promise((resolve) => {
    const end = (ending: 'ended' | 'crashed' | 'running') => {
      clearTimeout(timer);
      job.removeListener('succeeded', ended);
      job.removeListener('failed', crashed);
      resolve(ending);
    };
    const ended = () => end('ended');
    const crashed = () => end('crashed');
    const timer = setTimeout(() => end('running'), waitMs);
    job.on('succeeded', ended);
    job.on('failed', crashed);
  });
}

/**
 * `process-ai` as a job (`notices.processAi`): the route starts it and waits a few seconds; a longer one is followed
 * by its id. Each job's outcome is kept for an hour (the core's expiring values) under its workspace, so another workspace's or notice's
 * job id finds nothing.
 */
export class NoticeAiRuns {
  private readonly outcomes: ExpiringValues;

  constructor(private readonly container: Container) {
    this.outcomes = container.get<ExpiringValues>(TOKENS.ExpiringValues);
  }

  /** Enqueues the analysis and waits up to `waitMs`: the notice once done, the job id while it still runs. */
  async start(actor: NoticeActor, noticeId: string, waitMs: number): Promise<{ notice: NoticeView } | { jobId: string }> {
    const notice = await this.notices.findVisibleRow(actor, noticeId);
    const payload: ProcessAiPayload = { workspaceId: actor.workspace.id, noticeId: notice.externalId, actorUserId: actor.userId };
    const job = await this.container.get<QueueService>(TOKENS.Queue).enqueue(PROCESS_AI_QUEUE, payload);
    // Only if the job has not settled already: its outcome must never be overwritten by RUNNING.
    await this.write(actor.workspace.id, job.id, { noticeId: notice.externalId, state: 'RUNNING' }, { onlyIfAbsent: true });
    const ending = await endingWithin(job, waitMs);
    const outcome = await this.read(actor.workspace.id, job.id);
    if (outcome?.state === 'COMPLETED') return { notice: await this.notices.get(actor, notice.externalId) };
    if (outcome?.state === 'FAILED') throw new HttpError(outcome.status, outcome.error);
    if (ending === 'running') return { jobId: job.id };
    // Ended without an outcome: it crashed for good, or the host skipped it (the plugin was switched off in between),
    // which is recorded here so that a page following the job learns it too rather than asking until the outcome expires.
    if (ending === 'ended')
      await this.write(actor.workspace.id, job.id, { noticeId: notice.externalId, state: 'FAILED', status: 503, error: AI_MESSAGES.unavailable });
    throw new HttpError(503, AI_MESSAGES.unavailable);
  }

  /** `GET notices/{id}/process-ai/{jobId}`: 404 for a job of another notice or workspace, or one forgotten after an hour. */
  async status(actor: NoticeActor, noticeId: string, jobId: string): Promise<AiJobStatus> {
    const notice = await this.notices.findVisibleRow(actor, noticeId);
    const outcome = await this.read(actor.workspace.id, jobId);
    if (!outcome || outcome.noticeId !== notice.externalId) throw notFound(AI_JOB_NOT_FOUND);
    return {
      jobId,
      state: outcome.state,
      notice: outcome.state === 'COMPLETED' ? await this.notices.view(actor, notice) : null,
      error: outcome.state === 'FAILED' ? outcome.error : null,
    };
  }

  /** The job's work: a failure fit to show is its outcome (no retry); a crash is retried, and recorded on the last try. */
  async run(payload: ProcessAiPayload, context: JobContext): Promise<Outcome> {
    const { workspaceId, noticeId } = payload;
    const { jobId } = context;
    const deadline = Date.now() + this.container.get<Config>(TOKENS.Config).ai.timeoutMs + READING_MS;
    try {
      const actor = await this.actorOf(payload);
      await this.container.get(NoticeAi).process(actor, noticeId, { deadline });
      return await this.write(workspaceId, jobId, { noticeId, state: 'COMPLETED' });
    } catch (error) {
      const failure = failureOf(error);
      if (failure) return this.write(workspaceId, jobId, { noticeId, state: 'FAILED', ...failure });
      if (context.finalAttempt) await this.write(workspaceId, jobId, { noticeId, state: 'FAILED', status: 503, error: AI_MESSAGES.unavailable });
      throw error;
    }
  }

  private get notices(): NoticeService {
    return this.container.get(NoticeService);
  }

  /** The member who asked, as they are now: one who has left meanwhile no longer finds the notice. */
  private async actorOf({ workspaceId, actorUserId }: ProcessAiPayload): Promise<NoticeActor> {
    const workspaces = this.container.get<WorkspaceDirectory>(TOKENS.Workspaces);
    const [workspace, people] = await Promise.all([workspaces.byId(workspaceId), workspaces.people(workspaceId, [actorUserId])]);
    const person = people.get(actorUserId);
    const member = workspace && person?.isMember ? await workspaces.memberByExternalId(workspaceId, person.externalId) : null;
    if (!workspace || !member) throw notFound(NOTICE_MESSAGES.noticeNotFound);
    return { workspace, userId: member.userId, role: member.role, name: member.name };
  }

  private key(workspaceId: number, jobId: string): string {
    return `notices:ai-job:${workspaceId}:${jobId}`;
  }

  private read(workspaceId: number, jobId: string): Promise<Outcome | null> {
    return this.outcomes.get<Outcome>(this.key(workspaceId, jobId));
  }

  private async write(workspaceId: number, jobId: string, outcome: Outcome, options?: { onlyIfAbsent: true }): Promise<Outcome> {
    await this.outcomes.put(this.key(workspaceId, jobId), outcome, OUTCOME_TTL_SECONDS, options);
    return outcome;
  }
}

/** `notices.processAi`: one notice's analysis; retried once after a crash, never after a failure it can explain. */
export function processAiJob(container: Container): PluginJob {
  return {
    name: PROCESS_AI_JOB,
    retries: 1,
    backoffMs: 2_000,
    timeoutMs: container.get<Config>(TOKENS.Config).ai.timeoutMs + READING_MS + QUEUE_MARGIN_MS,
    handler: (payload, context) => new NoticeAiRuns(container).run(payload as unknown as ProcessAiPayload, context),
  };
}
