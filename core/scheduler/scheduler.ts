import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { PluginLoadError } from '../plugins/plugin-discovery';
import type { PluginRegistry } from '../plugins/plugin-registry';
import type { Logger } from '../platform/logger';
import type { QueueService } from '../platform/queue';
import { TOKENS } from '../platform/tokens';
import { schedulesPoint } from '../plugin-api/extension-points';
import type { WorkspacePluginsService } from '../workspaces/workspace-plugins';
import { DEFAULT_TIMEZONE, InvalidScheduleError, parseEvery, type SlotTimes } from './every';
import { claimSlot, recordJobCount } from './run-record';

export interface ScheduledJob {
  pluginId: string;
  /** The plugin's job each slot enqueues. */
  name: string;
  /** `<plugin>.<job>`: the queue the slot's jobs go to, and the schedule's key in the run record. */
  queue: string;
  every: string;
  timezone: string;
  perWorkspace: boolean;
  times: SlotTimes;
}

interface ScheduleState {
  job: ScheduledJob;
  timer?: NodeJS.Timeout;
  /** The latest slot this process has seen through (run by it or by another worker), as epoch ms. */
  settledSlot: number;
  slotsInFlight: Set<number>;
}

/** A failed slot (database or Redis away) is tried again this soon, unless its next slot comes first. */
const RETRY_MS = 30_000;
/** Timers are re-checked at least this often, so a long wait never rests on one far-off timer. */
const LONGEST_WAIT_MS = 60 * 60_000;
/** A fan-out enqueues this many jobs at a time. */
const ENQUEUE_BATCH = 50;

/**
 * Runs the plugins' `schedules` contributions in the worker role. Each worker keeps a timer per schedule; when a
 * slot falls due every worker tries to claim it in `scheduled_runs`, and only the one whose insert lands enqueues
 * the slot's jobs, in the same transaction. On start, and at each slot, a worker runs the most recent due slot if
 * no worker has: a slot missed while no worker was up runs once, late, and older missed slots not at all.
 */
@injectable()
export class Scheduler {
  private loaded: ScheduledJob[] | null = null;
  private readonly states: ScheduleState[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private running = false;

  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Queue) private readonly queue: QueueService,
    @inject(TOKENS.PluginRegistry) private readonly registry: PluginRegistry,
    @inject(TOKENS.WorkspacePlugins) private readonly workspacePlugins: WorkspacePluginsService,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /**
   * Every plugin's schedules, read and checked once the plugins' jobs are registered: an `every` or `timezone`
   * that does not parse, or a job the plugin does not have, stops start-up naming the plugin.
   */
  schedules(): ScheduledJob[] {
    if (this.loaded) return this.loaded;
    const registered = new Set(this.queue.registeredNames());
    const problems: string[] = [];
    const jobs: ScheduledJob[] = [];
    for (const { pluginId, value } of this.registry.contributions(schedulesPoint)) {
      const queue = `${pluginId}.${value.name}`;
      if (!registered.has(queue)) {
        problems.push(`Plugin ${pluginId}: schedules job "${value.name}", which the plugin does not declare in its jobs`);
        continue;
      }
      const timezone = value.timezone ?? DEFAULT_TIMEZONE;
      try {
        const times = parseEvery(value.every, timezone);
        jobs.push({ pluginId, name: value.name, queue, every: value.every, timezone, perWorkspace: value.perWorkspace ?? false, times });
      } catch (error) {
        if (!(error instanceof InvalidScheduleError)) throw error;
        problems.push(`Plugin ${pluginId}: the schedule of job "${value.name}": ${error.message}`);
      }
    }
    if (problems.length) throw new PluginLoadError(problems);
    this.loaded = jobs;
    return jobs;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    for (const job of this.schedules()) {
      const state: ScheduleState = { job, settledSlot: -Infinity, slotsInFlight: new Set() };
      this.states.push(state);
      this.tick(state);
    }
    this.logger.info({ schedules: this.states.map((state) => `${state.job.queue} (${state.job.every})`) }, 'scheduler started');
  }

  /** Stops the timers and waits for slots being enqueued, so the queue can close after this. */
  async stop(): Promise<void> {
    this.running = false;
    for (const state of this.states) clearTimeout(state.timer);
    this.states.length = 0;
    await Promise.all(this.inFlight);
  }

  private tick(state: ScheduleState): void {
    if (!this.running) return;
    // The next slot's timer is set before this one runs, so a slow claim never makes this worker miss a slot.
    this.arm(state);
    const run = this.runDueSlot(state).catch((error: Error) => {
      this.logger.warn({ schedule: state.job.queue, err: error.message }, 'scheduled slot could not be enqueued; trying again');
      this.arm(state, Date.now() + RETRY_MS);
    });
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  private arm(state: ScheduleState, retryAt = Infinity): void {
    if (!this.running) return;
    clearTimeout(state.timer);
    const now = Date.now();
    const at = Math.min(state.job.times.next(new Date(now))?.getTime() ?? Infinity, retryAt);
    if (at === Infinity) return;
    state.timer = setTimeout(() => this.tick(state), Math.min(Math.max(at - now, 0), LONGEST_WAIT_MS));
  }

  /** Claims the most recent due slot and enqueues its jobs, unless a worker already has. */
  private async runDueSlot(state: ScheduleState): Promise<void> {
    const { job } = state;
    const slot = job.times.latest(new Date());
    if (!slot || slot.getTime() <= state.settledSlot || state.slotsInFlight.has(slot.getTime())) return;
    state.slotsInFlight.add(slot.getTime());
    try {
      const enqueued = await this.knex.transaction(async (trx) => {
        if (!(await claimSlot(trx, job.queue, slot))) return null;
        const payloads = job.perWorkspace
          ? (await this.workspacePlugins.enabledWorkspaceIds(job.pluginId, trx)).map((workspaceId) => ({ workspaceId }))
          : [{}];
        for (let start = 0; start < payloads.length; start += ENQUEUE_BATCH) {
          await Promise.all(payloads.slice(start, start + ENQUEUE_BATCH).map((payload) => this.queue.enqueue(job.queue, payload)));
        }
        await recordJobCount(trx, job.queue, slot, payloads.length);
        return payloads.length;
      });
      state.settledSlot = Math.max(state.settledSlot, slot.getTime());
      if (enqueued !== null) this.logger.info({ schedule: job.queue, slot: slot.toISOString(), jobs: enqueued }, 'scheduled slot enqueued');
    } finally {
      state.slotsInFlight.delete(slot.getTime());
    }
  }
}
