import type { Container } from 'inversify';
import { schedulesPoint, type Contribution, type PluginJob } from '../../../core/plugin-api';
import { NoticesDigest } from './digest/notices-digest';
import { processAiJob } from './ai/ai-job';
import { AutomaticPriorityRefresh } from './ai/priority-refresh';
import { BookkeepingRetention } from './bookkeeping-retention';
import { NoticeReminders } from './reminders';
import { noticeSyncJobs } from './sync';

export const REMIND_DUE_JOB = 'remindDue';
export const SEND_DIGEST_JOB = 'sendDigest';
export const REFRESH_PRIORITIES_JOB = 'refreshAutomaticPriorities';
export const PRUNE_BOOKKEEPING_JOB = 'pruneBookkeeping';

export const noticeSchedules: Contribution[] = [
  // Just after the date changes in India, so the list and the notices a reminder or digest links to show the day's priority.
  schedulesPoint.contribute({ name: REFRESH_PRIORITIES_JOB, every: 'day at 00:10', perWorkspace: true }),
  schedulesPoint.contribute({ name: REMIND_DUE_JOB, every: 'day at 08:00', perWorkspace: true }),
  schedulesPoint.contribute({ name: SEND_DIGEST_JOB, every: 'day at 07:30', perWorkspace: true }),
  // Off hours: a clean-up nobody waits for.
  schedulesPoint.contribute({ name: PRUNE_BOOKKEEPING_JOB, every: 'day at 03:30', perWorkspace: true }),
];

/**
 * `notices.remindDue`: due soon and overdue notices; `notices.sendDigest`: the daily digest emails;
 * `notices.refreshAutomaticPriorities`: automatic priorities as the due dates near; `notices.pruneBookkeeping`: old
 * sync runs and digest days. One workspace per job.
 */
export function noticeJobs(container: Container): PluginJob[] {
  return [
    {
      name: REMIND_DUE_JOB,
      retries: 3,
      backoffMs: 60_000,
      timeoutMs: 10 * 60_000,
      handler: async (payload) => ({ raised: await container.get(NoticeReminders).remindDue(payload.workspaceId) }),
    },
    processAiJob(container),
    {
      name: SEND_DIGEST_JOB,
      retries: 3,
      backoffMs: 60_000,
      timeoutMs: 10 * 60_000,
      handler: async (payload) => ({ sent: await container.get(NoticesDigest).sendDaily(payload.workspaceId) }),
    },
    {
      name: REFRESH_PRIORITIES_JOB,
      retries: 3,
      backoffMs: 60_000,
      timeoutMs: 10 * 60_000,
      handler: async (payload) => ({ changed: await container.get(AutomaticPriorityRefresh).refresh(payload.workspaceId) }),
    },
    {
      name: PRUNE_BOOKKEEPING_JOB,
      retries: 3,
      backoffMs: 60_000,
      timeoutMs: 10 * 60_000,
      handler: (payload) => container.get(BookkeepingRetention).prune(payload.workspaceId),
    },
    ...noticeSyncJobs(container),
  ];
}
