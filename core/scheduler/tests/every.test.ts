import { expect } from 'chai';
import type { Knex } from 'knex';
import { PluginLoadError } from '../../plugins/plugin-discovery';
import type { PluginRegistry } from '../../plugins/plugin-registry';
import { createLogger } from '../../platform/logger';
import type { QueueService } from '../../platform/queue';
import type { ScheduleDefinition } from '../../plugin-api/extension-points';
import type { WorkspacePluginsService } from '../../workspaces/workspace-plugins';
import { cronPatternOf, InvalidScheduleError, parseEvery } from '../every';
import { Scheduler } from '../scheduler';

const at = (iso: string) => new Date(iso);

describe('scheduler: reading `every`', () => {
  it('reads "day at HH:MM" and "hour at :MM" as cron', () => {
    expect(cronPatternOf('day at 02:00')).to.equal('0 2 * * *');
    expect(cronPatternOf('day at 9:05')).to.equal('5 9 * * *');
    expect(cronPatternOf('hour at :15')).to.equal('15 * * * *');
    expect(cronPatternOf('30 9 * * 1-5')).to.equal('30 9 * * 1-5');
  });

  it('places "day at 02:00" in Asia/Kolkata by default (20:30 UTC the day before)', () => {
    const daily = parseEvery('day at 02:00');
    expect(daily.latest(at('2026-01-10T12:00:00Z'))).to.deep.equal(at('2026-01-09T20:30:00Z'));
    expect(daily.next(at('2026-01-10T12:00:00Z'))).to.deep.equal(at('2026-01-10T20:30:00Z'));
  });

  it('counts a slot as due from its exact instant', () => {
    const daily = parseEvery('day at 02:00');
    expect(daily.latest(at('2026-01-10T20:30:00.000Z'))).to.deep.equal(at('2026-01-10T20:30:00Z'));
    expect(daily.latest(at('2026-01-10T20:29:59.999Z'))).to.deep.equal(at('2026-01-09T20:30:00Z'));
    expect(daily.next(at('2026-01-10T20:30:00.000Z'))).to.deep.equal(at('2026-01-11T20:30:00Z'));
  });

  it('reads "hour at :MM" in a half-hour zone', () => {
    const hourly = parseEvery('hour at :15', 'Asia/Kolkata');
    expect(hourly.latest(at('2026-03-01T10:50:00Z'))).to.deep.equal(at('2026-03-01T10:45:00Z'));
    expect(hourly.next(at('2026-03-01T10:50:00Z'))).to.deep.equal(at('2026-03-01T11:45:00Z'));
  });

  it('reads cron expressions in the given timezone, across a daylight-saving change', () => {
    const weekdays = parseEvery('30 9 * * 1-5', 'Europe/London');
    // Friday 27 March 2026 in GMT, then Monday 30 March in BST.
    expect(weekdays.next(at('2026-03-27T12:00:00Z'))).to.deep.equal(at('2026-03-30T08:30:00Z'));
    expect(weekdays.latest(at('2026-03-29T12:00:00Z'))).to.deep.equal(at('2026-03-27T09:30:00Z'));
  });

  it('accepts a seconds field for schedules finer than a minute', () => {
    const everyTenSeconds = parseEvery('*/10 * * * * *', 'UTC');
    expect(everyTenSeconds.latest(at('2026-01-10T00:00:27.400Z'))).to.deep.equal(at('2026-01-10T00:00:20Z'));
    expect(everyTenSeconds.next(at('2026-01-10T00:00:27.400Z'))).to.deep.equal(at('2026-01-10T00:00:30Z'));
  });

  for (const [every, problem] of [
    ['day at 24:00', /neither "day at HH:MM", "hour at :MM" nor a cron expression/],
    ['day at 2', /neither/],
    ['hour at 15', /neither/],
    ['every day', /neither/],
    ['61 * * * *', /minute/],
    ['* * * * * * *', /neither/],
    ['0 0 30 2 *', /never falls due/],
  ] as const) {
    it(`refuses every "${every}"`, () => {
      expect(() => parseEvery(every)).to.throw(InvalidScheduleError, problem);
    });
  }

  it('refuses a timezone that is not an IANA zone', () => {
    expect(() => parseEvery('day at 02:00', 'Mars/Olympus')).to.throw(InvalidScheduleError, /timezone "Mars\/Olympus"/);
  });
});

describe('scheduler: checking the schedules at start-up', () => {
  const schedulerOf = (contributions: { pluginId: string; value: ScheduleDefinition }[], jobs: string[]) =>
    new Scheduler(
      {} as Knex,
      { registeredNames: () => jobs } as unknown as QueueService,
      { contributions: () => contributions } as unknown as PluginRegistry,
      {} as WorkspacePluginsService,
      createLogger('silent'),
    );

  it('reads each schedule with its defaults', () => {
    const [schedule] = schedulerOf([{ pluginId: 'reports', value: { name: 'nightly', every: 'day at 01:00' } }], ['reports.nightly']).schedules();
    expect(schedule).to.include({ pluginId: 'reports', name: 'nightly', queue: 'reports.nightly', timezone: 'Asia/Kolkata', perWorkspace: false });
  });

  it('stops start-up naming the plugin and each problem: an unknown job, a bad expression, a bad timezone', () => {
    const scheduler = schedulerOf(
      [
        { pluginId: 'reports', value: { name: 'nightly', every: 'day at 01:00' } },
        { pluginId: 'reports', value: { name: 'missing', every: 'day at 01:00' } },
        { pluginId: 'tasks', value: { name: 'remind', every: 'daily at 9' } },
        { pluginId: 'notices', value: { name: 'sync', every: 'hour at :00', timezone: 'India/Delhi' } },
      ],
      ['reports.nightly', 'tasks.remind', 'notices.sync'],
    );
    let error: unknown;
    try {
      scheduler.schedules();
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(PluginLoadError);
    const problems = (error as PluginLoadError).problems;
    expect(problems).to.have.length(3);
    expect(problems[0]).to.equal('Plugin reports: schedules job "missing", which the plugin does not declare in its jobs');
    expect(problems[1]).to.match(/^Plugin tasks: the schedule of job "remind": every "daily at 9" is neither/);
    expect(problems[2]).to.match(/^Plugin notices: the schedule of job "sync": timezone "India\/Delhi" is not an IANA time zone/);
  });
});
