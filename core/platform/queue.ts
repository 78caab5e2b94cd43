import BeeQueue from 'bee-queue';
import { inject, injectable } from 'inversify';
import type { Config } from './config';
import type { Logger } from './logger';
import { TOKENS } from './tokens';

export interface JobContext {
  jobId: string;
  /** True when a failure now is final (no retries left), so a handler can record the failure itself. */
  finalAttempt: boolean;
  reportProgress(progress: unknown): void;
  logger: Logger;
}

export interface JobOptions {
  /** Attempts after the first failure. */
  retries?: number;
  /** First retry delay; each later one doubles. */
  backoffMs?: number;
  timeoutMs?: number;
  concurrency?: number;
}

export interface JobDefinition<Payload = any> extends JobOptions {
  /** Short name inside its plugin; the queue is named `<plugin>.<name>`. */
  name: string;
  handler(payload: Payload, context: JobContext): Promise<unknown>;
}

/** Decides, when a job is about to run, whether it may run (e.g. its plugin is still enabled for the workspace). */
export type JobGuard = (payload: any) => Promise<boolean>;

export const JOB_SKIPPED = { skipped: true } as const;

const defaults: Required<JobOptions> = { retries: 3, backoffMs: 2000, timeoutMs: 5 * 60_000, concurrency: 2 };
/**
 * A worker clears its running jobs from Bee-Queue's `stalling` set every half interval; a check finds the jobs left
 * there for a whole interval (their worker was killed or hangs) and queues them again. A killed worker's job is thus
 * taken over within 2 x (STALL_INTERVAL_MS + STALLED_CHECK_INTERVAL_MS) = 7 s by a surviving worker, and within
 * 3.5 s of a restarted one's start (Bee-Queue checks when a worker starts). A worker keeps its job unless its event
 * loop is blocked for half an interval or more, so jobs must stay idempotent, as they are for retries anyway.
 */
const STALL_INTERVAL_MS = 2500;
const STALLED_CHECK_INTERVAL_MS = 1000;

interface RegisteredJob {
  definition: JobDefinition;
  guard?: JobGuard;
  producer?: BeeQueue;
  worker?: BeeQueue;
  stalledTimer?: NodeJS.Timeout;
}

/** Bee-Queue behind one door: named jobs, retries with exponential backoff, timeouts, stalled-job recovery, progress. */
@injectable()
export class QueueService {
  private readonly jobs = new Map<string, RegisteredJob>();

  constructor(
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  register(fullName: string, definition: JobDefinition, guard?: JobGuard): void {
    if (this.jobs.has(fullName)) throw new Error(`Job ${fullName} is registered twice`);
    this.jobs.set(fullName, { definition, guard });
  }

  registeredNames(): string[] {
    return [...this.jobs.keys()];
  }

  private settings(isWorker: boolean): BeeQueue.QueueSettings {
    return {
      prefix: `${this.config.redisKeyPrefix}bq`,
      redis: { url: this.config.redisUrl } as BeeQueue.QueueSettings['redis'],
      isWorker,
      getEvents: !isWorker,
      sendEvents: true,
      activateDelayedJobs: isWorker,
      stallInterval: STALL_INTERVAL_MS,
      removeOnSuccess: true,
      removeOnFailure: false,
    };
  }

  private lookup(fullName: string): RegisteredJob {
    const job = this.jobs.get(fullName);
    if (!job) throw new Error(`Unknown job ${fullName}`);
    return job;
  }

  async enqueue<Payload>(fullName: string, payload: Payload, options: { delayMs?: number } = {}): Promise<BeeQueue.Job<Payload>> {
    const job = this.lookup(fullName);
    job.producer ??= new BeeQueue(fullName, this.settings(false));
    const { retries, backoffMs, timeoutMs } = { ...defaults, ...job.definition };
    const created = job.producer.createJob(payload).retries(retries).backoff('exponential', backoffMs).timeout(timeoutMs);
    if (options.delayMs) created.delayUntil(Date.now() + options.delayMs);
    return (await created.save()) as BeeQueue.Job<Payload>;
  }

  startWorkers(): void {
    for (const [fullName, job] of this.jobs) {
      if (job.worker) continue;
      const worker = new BeeQueue(fullName, this.settings(true));
      worker.on('error', (error) => this.logger.warn({ job: fullName, err: error.message }, 'queue connection error'));
      worker.on('failed', (failed, error) => this.logger.error({ job: fullName, jobId: failed.id, err: error.message }, 'job failed'));
      worker.on('stalled', (jobId) => this.logger.warn({ job: fullName, jobId }, 'stalled job queued again: its worker stopped answering'));
      const concurrency = job.definition.concurrency ?? defaults.concurrency;
      worker.process(concurrency, async (beeJob: BeeQueue.Job<unknown>) => {
        if (job.guard && !(await job.guard(beeJob.data))) return JOB_SKIPPED;
        return job.definition.handler(beeJob.data, {
          jobId: beeJob.id,
          // Bee-Queue counts the retries still left down on each retry.
          finalAttempt: (beeJob.options.retries ?? 0) <= 0,
          reportProgress: (progress) => beeJob.reportProgress(progress),
          logger: this.logger.child({ job: fullName, jobId: beeJob.id }),
        });
      });
      job.worker = worker;
      job.stalledTimer = setInterval(() => {
        worker.checkStalledJobs().catch(() => undefined);
      }, STALLED_CHECK_INTERVAL_MS);
      job.stalledTimer.unref();
    }
  }

  async close(timeoutMs = 10_000): Promise<void> {
    await Promise.all(
      [...this.jobs.values()].map(async (job) => {
        if (job.stalledTimer) clearInterval(job.stalledTimer);
        const open = [job.worker, job.producer].filter((queue) => queue !== undefined);
        await Promise.all(open.map((queue) => queue.close(timeoutMs).catch(() => undefined)));
        job.worker = undefined;
        job.producer = undefined;
      }),
    );
  }
}
