import type BeeQueue from 'bee-queue';

export interface JobOutcome {
  /** The handler's answer, when the job succeeded. */
  result?: unknown;
  /** The message of the failure that ended it. */
  error?: string;
}

/**
 * How a queued job ended: its handler's answer, or the error of its last attempt. With `firstFailure` the first failed
 * attempt ends the wait, so a test of a job with retries does not sit out their backoff.
 */
export function jobOutcome<T>(job: BeeQueue.Job<T>, { firstFailure = false }: { firstFailure?: boolean } = {}): Promise<JobOutcome> {
  return new Promise((resolve) => {
    job.on('succeeded', (result) => resolve({ result }));
    job.on('failed', (error) => resolve({ error: error.message }));
    if (firstFailure) job.on('retrying', (error) => resolve({ error: error.message }));
  });
}
