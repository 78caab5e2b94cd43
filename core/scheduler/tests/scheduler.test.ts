import { setTimeout as delay } from 'node:timers/promises';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { migrateOnly } from '../../host/host';
import { createKnex, destroyKnex } from '../../platform/db';
import { createLogger } from '../../platform/logger';
import { eventually } from '../../plugin-api/testing/eventually';
import { freePort, PROCESS_START_MS, spawnApp, spawnedAppEnv, type SpawnedApp } from '../../plugin-api/testing/spawned-app';
import { TEST_DATABASE_URL, TEST_RUN_ID, testConfig } from '../../plugin-api/testing/test-config';
import { dropDatabase } from '../../plugin-api/testing/test-host';

const FIXTURE_PLUGIN_DIRS = 'tests/fixtures/scheduler-plugins';
const GLOBAL_TICK = 'schedule-fixture.tick';
const WORKSPACE_TICK = 'schedule-fixture.tick-each-workspace';

interface SlotRecord {
  slot: Date;
  jobs: number;
  ran_at: Date;
}

/** When the process logged that its scheduler started (pino's `time`, epoch ms). */
function schedulerStartedAt(worker: SpawnedApp): number {
  const line = worker
    .output()
    .split('\n')
    .find((candidate) => candidate.includes('"msg":"scheduler started"'));
  if (!line) throw new Error(`no start line in:\n${worker.output()}`);
  return (JSON.parse(line) as { time: number }).time;
}

/**
 * Two real worker processes (`core/main.ts --role=worker`) that load the schedule fixture plugin, whose two
 * schedules fall due every second: one global, one per workspace.
 */
describe('scheduler: two worker processes', function () {
  this.timeout(2 * PROCESS_START_MS);
  const database = `practice_sched_${TEST_RUN_ID}`;
  const started: SpawnedApp[] = [];
  let knex: Knex;

  const startWorker = async (): Promise<SpawnedApp> => {
    const env = { ...spawnedAppEnv(database, await freePort(), 'scheduler'), SEED_DEMO: 'false', EXTRA_PLUGIN_DIRS: FIXTURE_PLUGIN_DIRS };
    const worker = spawnApp(['--role=worker'], env);
    started.push(worker);
    await worker.waitFor(/"msg":"scheduler started"/);
    return worker;
  };
  const stopWorkers = async (workers: SpawnedApp[]) => {
    for (const code of await Promise.all(workers.map((worker) => worker.stop()))) expect(code).to.equal(0);
  };

  const records = (schedule: string): Promise<SlotRecord[]> =>
    knex('scheduled_runs').where({ schedule }).orderBy('slot').select('slot', 'jobs', 'ran_at');
  const runCount = async (job: string, workspaceId?: number): Promise<number> => {
    const query = knex('schedule_fixture_runs').where({ job });
    if (workspaceId !== undefined) query.where({ workspace_id: workspaceId });
    const [{ count }] = await query.count({ count: '*' });
    return Number(count);
  };
  /** Every job a slot enqueued has run, and no job ran that no slot enqueued; read in one snapshot. */
  const runsMatchSlots = async (schedule: string, job: string): Promise<boolean> => {
    const { rows } = await knex.raw<{ rows: { enqueued: number; ran: number }[] }>(
      `select (select coalesce(sum(jobs), 0)::int from scheduled_runs where schedule = ?) as enqueued,
              (select count(*)::int from schedule_fixture_runs where job = ?) as ran`,
      [schedule, job],
    );
    return rows[0].enqueued === rows[0].ran;
  };
  const slotsAfter = async (schedule: string, after: number) => (await records(schedule)).filter((record) => record.slot.getTime() > after);

  let workers: SpawnedApp[] = [];

  before(async () => {
    await dropDatabase(database);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${database}`;
    // Migrated here first, so both workers can start at once: knex lets only one process hold its migration lock.
    await migrateOnly({ config: testConfig({ DATABASE_URL: url.toString(), EXTRA_PLUGIN_DIRS: FIXTURE_PLUGIN_DIRS }) });
    workers = await Promise.all([startWorker(), startWorker()]);
    knex = createKnex(url.toString(), createLogger('silent'));
  });

  after(async () => {
    await Promise.all(started.map((worker) => worker.stop()));
    if (knex) await destroyKnex(knex);
    await dropDatabase(database);
  });

  it('runs each slot exactly once while two workers race for it', async () => {
    const bothUp = Math.max(...workers.map(schedulerStartedAt));
    await eventually(async () => (await slotsAfter(GLOBAL_TICK, bothUp)).length >= 5, 'five slots pass with both workers up');

    const slots = (await slotsAfter(GLOBAL_TICK, bothUp)).map((record) => record.slot.getTime());
    const steps = slots.slice(1).map((slot, index) => slot - slots[index]);
    expect(
      steps.every((step) => step === 1000),
      `consecutive seconds, none skipped: ${steps.join(', ')}`,
    ).to.equal(true);
    expect((await records(GLOBAL_TICK)).every((record) => record.jobs === 1)).to.equal(true);
    await eventually(() => runsMatchSlots(GLOBAL_TICK, 'tick'), 'as many runs as slots, each slot run once');
  });

  it('fans a per-workspace schedule out to the workspaces where the plugin is enabled, and only those', async () => {
    const [switchedOn, byDefault, switchedOff] = await knex.transaction(async (trx) => {
      const ids: number[] = await trx('workspaces')
        .insert([{ name: 'Switched On' }, { name: 'On By Default' }, { name: 'Switched Off' }])
        .returning('id')
        .then((rows: { id: number }[]) => rows.map((row) => row.id));
      await trx('workspace_plugins').insert([
        { workspace_id: ids[0], plugin_id: 'schedule-fixture', enabled: true },
        { workspace_id: ids[2], plugin_id: 'schedule-fixture', enabled: false },
      ]);
      return ids;
    });
    const workspacesMade = Date.now();

    await eventually(async () => (await slotsAfter(WORKSPACE_TICK, workspacesMade)).length >= 3, 'three per-workspace slots pass');
    const later = (await records(WORKSPACE_TICK)).filter((record) => record.ran_at.getTime() > workspacesMade);
    expect(later.map((record) => record.jobs)).to.satisfy(
      (jobs: number[]) => jobs.every((count) => count === 2),
      'two jobs a slot: the switched-off workspace gets none',
    );
    await eventually(() => runsMatchSlots(WORKSPACE_TICK, 'tick-each-workspace'), 'every fanned-out job runs once');
    await eventually(
      async () => (await runCount('tick-each-workspace', switchedOn)) === (await runCount('tick-each-workspace', byDefault)),
      'both enabled workspaces run each slot',
    );
    expect(await runCount('tick-each-workspace', switchedOn)).to.be.greaterThan(0);
    expect(await runCount('tick-each-workspace', switchedOff)).to.equal(0);
  });

  it('runs the latest missed slot once, not once per missed slot, when the workers come back', async () => {
    await stopWorkers(workers);
    const lastBeforeStop = Math.max(...(await records(GLOBAL_TICK)).map((record) => record.slot.getTime()));
    await delay(2500);

    workers = await Promise.all([startWorker(), startWorker()]);
    const backAt = Math.min(...workers.map(schedulerStartedAt));
    await eventually(async () => (await slotsAfter(GLOBAL_TICK, lastBeforeStop)).length >= 2, 'slots run again after the restart');

    const [caughtUp, ...fresh] = await slotsAfter(GLOBAL_TICK, lastBeforeStop);
    expect(caughtUp.slot.getTime() - lastBeforeStop, 'several slots fell due while no worker was up').to.be.at.least(3000);
    expect(caughtUp.slot.getTime(), 'the slot run on return fell due before the workers were back').to.be.at.most(backAt);
    expect(backAt - caughtUp.slot.getTime(), 'and it is the latest of the missed ones').to.be.below(1000);
    expect(fresh[0].slot.getTime() - caughtUp.slot.getTime()).to.equal(1000);
    await eventually(() => runsMatchSlots(GLOBAL_TICK, 'tick'), 'the missed slot ran once, though both workers claimed it');
  });
});
