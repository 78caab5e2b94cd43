import type { Container } from 'inversify';
import { schedulesPoint, type Contribution, type PluginJob } from '../../../core/plugin-api';
import { NoticeReminders } from './reminders';

export const REMIND_DUE_JOB = 'remindDue';

export const noticeSchedules: Contribution[] = [schedulesPoint.contribute({ name: REMIND_DUE_JOB, every: 'day at 08:00', perWorkspace: true })];

/** `notices.remindDue`: due soon and overdue notices, one workspace per job. */
export function noticeJobs(container: Container): PluginJob[] {
  return [
    {
      name: REMIND_DUE_JOB,
      retries: 3,
      backoffMs: 60_000,
      timeoutMs: 10 * 60_000,
      handler: async (payload) => ({ raised: await container.get(NoticeReminders).remindDue(payload.workspaceId) }),
    },
  ];
}
