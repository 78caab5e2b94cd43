import { inject, injectable } from 'inversify';
import { kolkataDayOf, TOKENS, type Logger, type PluginSettings, type WorkspaceDirectory } from '../../../../core/plugin-api';
import { NOTICE_SYNC_MESSAGES } from '../../shared/wire';
import { NoticeSync } from './notice-sync';
import type { NoticeSyncSettings } from './settings';
import { NoticeSyncRun } from './sync-runs';

export const DAILY_SYNC_JOB = 'dailySync';
/** The schedule looks every half hour, the steps of `dailySyncTime`. */
export const DAILY_SYNC_EVERY = '0,30 * * * *';

const KOLKATA_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** 'HH:MM' in Asia/Kolkata. */
const kolkataTimeOf = (instant: Date) => KOLKATA_TIME.format(instant);

export type DailySyncResult = 'off' | 'not-yet' | 'done-today' | 'started' | 'not-started';

/**
 * `notices.dailySync`, every half hour for each workspace where notices is on: once `dailySyncTime` (Asia/Kolkata) has
 * come on a day without a scheduled run yet, it starts one (trigger SCHEDULED), so a slot missed while no worker ran
 * is made up at the next check. A run the members started by hand does not count, nor one that stopped before its
 * logins were synced (its jobs could not be queued, or were lost): the next check starts the day's run again. Each
 * check also ends a run abandoned that long, so one whose jobs were lost never lingers in a workspace nobody refreshes.
 */
@injectable()
export class DailySync {
  constructor(
    @inject(TOKENS.PluginSettings) private readonly settings: PluginSettings,
    @inject(TOKENS.Workspaces) private readonly workspaces: WorkspaceDirectory,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(NoticeSync) private readonly sync: NoticeSync,
  ) {}

  async run(workspaceId: number, now: Date = new Date()): Promise<DailySyncResult> {
    const workspace = await this.workspaces.byId(workspaceId);
    if (!workspace) return 'not-started';
    await this.sync.endAbandonedRun(workspace);
    const { dailySync, dailySyncTime } = await this.settings.read<NoticeSyncSettings>(workspaceId, 'notices');
    if (!dailySync) return 'off';
    if (kolkataTimeOf(now) < dailySyncTime) return 'not-yet';
    const today = kolkataDayOf(now);
    const ranToday = await NoticeSyncRun.inWorkspace(workspaceId)
      .where('trigger', 'SCHEDULED')
      .whereRaw(`(started_at at time zone 'Asia/Kolkata')::date = ?::date`, [today])
      .whereRaw(`not (status = 'FAILED' and completed_count < client_count)`)
      .first();
    if (ranToday) return 'done-today';
    const answer = await this.sync.refresh({ workspace, startedBy: null, trigger: 'SCHEDULED' });
    if (answer.success && answer.message !== NOTICE_SYNC_MESSAGES.alreadyRunning) return 'started';
    this.logger.info({ workspaceId, reason: answer.error ?? answer.message }, 'the daily notice sync did not start');
    return 'not-started';
  }
}
