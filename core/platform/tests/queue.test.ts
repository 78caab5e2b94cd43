import { expect } from 'chai';
import { jobOutcome } from '../../plugin-api/testing/job-outcome';
import { createLogger } from '../logger';
import { QueueService, type JobDefinition } from '../queue';
import { testConfig, TEST_REDIS_PREFIX } from '../../plugin-api/testing/test-config';

const logger = createLogger('silent');

describe('QueueService (Bee-Queue on real Redis)', function () {
  this.timeout(20_000);
  const queue = new QueueService(testConfig({ REDIS_KEY_PREFIX: `${TEST_REDIS_PREFIX}queue:` }), logger);
  const attempts = new Map<string, number>();
  const finalFlags = new Map<string, boolean[]>();
  const progressSeen: unknown[] = [];

  const flaky: JobDefinition<{ key: string; failures: number }> = {
    name: 'flaky',
    retries: 2,
    backoffMs: 50,
    async handler(payload, context) {
      const attempt = (attempts.get(payload.key) ?? 0) + 1;
      attempts.set(payload.key, attempt);
      finalFlags.set(payload.key, [...(finalFlags.get(payload.key) ?? []), context.finalAttempt]);
      if (attempt <= payload.failures) throw new Error(`attempt ${attempt} failed`);
      return { attempt };
    },
  };
  const reporting: JobDefinition<{ steps: number }> = {
    name: 'reporting',
    async handler(payload, context) {
      for (let step = 1; step <= payload.steps; step++) context.reportProgress({ completed: step, total: payload.steps });
      return 'done';
    },
  };
  const slow: JobDefinition = { name: 'slow', retries: 0, timeoutMs: 100, handler: () => new Promise((resolve) => setTimeout(resolve, 2000)) };
  const guarded: JobDefinition<{ allowed: boolean }> = { name: 'guarded', handler: async () => 'ran' };

  before(() => {
    queue.register('test.flaky', flaky);
    queue.register('test.reporting', reporting);
    queue.register('test.slow', slow);
    queue.register('test.guarded', guarded, async (payload: { allowed: boolean }) => payload.allowed);
    queue.startWorkers();
  });
  after(() => queue.close(2000));

  it('refuses to register one job name twice and to enqueue an unknown job', async () => {
    expect(() => queue.register('test.flaky', flaky)).to.throw(/registered twice/);
    let error: unknown;
    await queue.enqueue('test.nothing', {}).catch((caught) => (error = caught));
    expect((error as Error).message).to.match(/Unknown job test.nothing/);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const job = await queue.enqueue('test.flaky', { key: 'eventually', failures: 2 });
    expect(await jobOutcome(job)).to.deep.equal({ result: { attempt: 3 } });
  });

  it('fails a job for good once its retries are used up', async () => {
    const job = await queue.enqueue('test.flaky', { key: 'never', failures: 5 });
    expect(await jobOutcome(job)).to.deep.equal({ error: 'attempt 3 failed' });
    expect(attempts.get('never')).to.equal(3);
    expect(finalFlags.get('never'), 'only the last attempt is final').to.deep.equal([false, false, true]);
  });

  it('reports progress to the producer', async () => {
    const job = await queue.enqueue('test.reporting', { steps: 3 });
    job.on('progress', (progress) => progressSeen.push(progress));
    expect(await jobOutcome(job)).to.deep.equal({ result: 'done' });
    expect(progressSeen.at(-1)).to.deep.equal({ completed: 3, total: 3 });
  });

  it('times a job out', async () => {
    const job = await queue.enqueue('test.slow', {});
    const { error } = await jobOutcome(job);
    expect(error).to.match(/timed out/i);
  });

  it('skips a job its guard refuses, and runs it when allowed', async () => {
    expect(await jobOutcome(await queue.enqueue('test.guarded', { allowed: false }))).to.deep.equal({ result: { skipped: true } });
    expect(await jobOutcome(await queue.enqueue('test.guarded', { allowed: true }))).to.deep.equal({ result: 'ran' });
  });
});
