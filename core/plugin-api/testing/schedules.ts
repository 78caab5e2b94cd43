import { TOKENS } from '../../platform/tokens';
import type { ScheduledJob, Scheduler } from '../../scheduler/scheduler';
import type { RunningHost } from './test-host';

/** The schedules a plugin contributed, in its order, as the host's scheduler runs them. */
export function schedulesOf(running: RunningHost, pluginId: string): ScheduledJob[] {
  return running.host.container
    .get<Scheduler>(TOKENS.Scheduler)
    .schedules()
    .filter((schedule) => schedule.pluginId === pluginId);
}
