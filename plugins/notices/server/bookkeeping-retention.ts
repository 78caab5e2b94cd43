import { injectable } from 'inversify';
import { addDays, kolkataToday } from '../../../core/plugin-api';
import { NoticeDigestSent, NoticeDigestSubscription } from './digest/digest-models';
import { NoticeSyncRun } from './sync/sync-runs';

/**
 * Nothing reads a finished sync run once its day is over (its notifications carry the outcome); the runs stay this
 * long for looking into a member's question about a past sync.
 */
export const SYNC_RUN_RETENTION_DAYS = 90;
/** Only each member's latest digest day is read (the digest's "since"); the older days stay this long for support. */
export const DIGEST_DAY_RETENTION_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PrunedBookkeeping {
  syncRuns: number;
  digestDays: number;
}

/**
 * `notices.pruneBookkeeping`, daily per workspace: deletes the sync runs that ended more than SYNC_RUN_RETENTION_DAYS
 * ago (their logins' rows go with them) and the digest days older than DIGEST_DAY_RETENTION_DAYS. A running run stays
 * whatever its age, and so does a subscribed member's latest digest day, however old: a workspace that switched
 * notices off for a while still gets the notices since that digest. A member who is not subscribed has none kept,
 * since subscribing again starts a new subscription that ignores digests from before it.
 */
@injectable()
export class BookkeepingRetention {
  async prune(workspaceId: number, now: Date = new Date()): Promise<PrunedBookkeeping> {
    const syncRuns = await NoticeSyncRun.inWorkspace(workspaceId)
      .whereNot('status', 'RUNNING')
      .where('finished_at', '<', new Date(now.getTime() - SYNC_RUN_RETENTION_DAYS * DAY_MS))
      .delete();

    const laterDayOfMember = NoticeDigestSent.query()
      .alias('later')
      .whereColumn('later.workspace_id', 'notices_digests_sent.workspace_id')
      .whereColumn('later.user_id', 'notices_digests_sent.user_id')
      .whereColumn('later.day', '>', 'notices_digests_sent.day');
    const subscriptionOfMember = NoticeDigestSubscription.query()
      .whereColumn('notices_digest_subscriptions.workspace_id', 'notices_digests_sent.workspace_id')
      .whereColumn('notices_digest_subscriptions.user_id', 'notices_digests_sent.user_id');
    const digestDays = await NoticeDigestSent.inWorkspace(workspaceId)
      .where('day', '<', addDays(kolkataToday(now), -DIGEST_DAY_RETENTION_DAYS))
      .where((neverReadAgain) => {
        neverReadAgain.whereExists(laterDayOfMember).orWhereNotExists(subscriptionOfMember);
      })
      .delete();

    return { syncRuns, digestDays };
  }
}
