import type { Container } from 'inversify';
import { schedulesPoint, type Contribution, type PluginJob } from '../../../core/plugin-api';
import { TaskReminders } from './reminders';
import { SeriesService } from './series/series-service';

export const CREATE_OCCURRENCES_JOB = 'createOccurrences';
export const REMIND_DUE_JOB = 'remindDue';

export const taskSchedules: Contribution[] = [
  schedulesPoint.contribute({ name: CREATE_OCCURRENCES_JOB, every: 'hour at :05', perWorkspace: true }),
  schedulesPoint.contribute({ name: REMIND_DUE_JOB, every: 'day at 08:00', perWorkspace: true }),
];

/** `tasks.createOccurrences` (recurring work) and `tasks.remindDue` (due soon and overdue), one workspace per job. */
export function taskJobs(container: Container): PluginJob[] {
  return [
    {
      name: CREATE_OCCURRENCES_JOB,
      retries: 3,
      backoffMs: 30_000,
      timeoutMs: 10 * 60_000,
      handler: async (payload) => ({ created: await container.get(SeriesService).createDueOccurrences(payload.workspaceId) }),
    },
    {
      name: REMIND_DUE_JOB,
      retries: 3,
      backoffMs: 60_000,
      timeoutMs: 10 * 60_000,
      handler: async (payload) => ({ raised: await container.get(TaskReminders).remindDue(payload.workspaceId) }),
    },
  ];
}
