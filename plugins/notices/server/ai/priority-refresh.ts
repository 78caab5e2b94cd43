import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TOKENS, type ActivityService, kolkataToday } from '../../../../core/plugin-api';
import { NOTICE_ENTITY, NOTICE_PRIORITIES, OPEN_NOTICE_STATUSES, PRIORITY_LABELS, type NoticePriority } from '../../shared/wire';
import { Notice } from '../models';
import { automaticPriority } from './automatic-priority';

/** Who the Activity card names for a change no member made. */
export const AUTOMATIC_PRIORITY_PERFORMER = 'Automatic priority';

interface PriorityChange {
  notice: Notice;
  priority: NoticePriority;
}

/**
 * The daily run that keeps automatic priorities on the calendar: a notice made Low with two months left becomes
 * Medium with 30 days left and High with 7, as `automaticPriority` says on that day. Open notices only, and never a
 * priority a member chose.
 */
@injectable()
export class AutomaticPriorityRefresh {
  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Activity) private readonly activity: ActivityService,
  ) {}

  /** Answers how many notices changed priority; a second run on the same day changes none. */
  async refresh(workspaceId: number, today: string = kolkataToday()): Promise<number> {
    return this.knex.transaction(async (trx) => {
      // Locked so that a member picking a priority meanwhile is not overwritten, and so that a concurrent run reads
      // the priorities this one writes and records nothing twice.
      const notices = await Notice.inWorkspace(workspaceId, trx)
        .whereIn('notices.status', [...OPEN_NOTICE_STATUSES])
        .where('notices.priority_set_by_member', false)
        .select('notices.id', 'notices.external_id', 'notices.priority', 'notices.due_date', 'notices.amount_paise')
        .orderBy('notices.id')
        .forUpdate();
      const changes = notices.flatMap((notice): PriorityChange[] => {
        const priority = automaticPriority({ replyBy: notice.dueDate, amountPaise: notice.amountPaise, today });
        return priority === notice.priority ? [] : [{ notice, priority }];
      });
      for (const priority of NOTICE_PRIORITIES) {
        const ids = changes.filter((change) => change.priority === priority).map((change) => change.notice.id);
        if (ids.length) await Notice.query(trx).whereIn('id', ids).patch({ priority });
      }
      for (const change of changes) await this.record(workspaceId, change, trx);
      return changes.length;
    });
  }

  /** The entry's words are those of an analysis's automatic change, so both read alike on the Activity card. */
  private async record(workspaceId: number, { notice, priority }: PriorityChange, trx: Knex.Transaction): Promise<void> {
    await this.activity.record(
      {
        workspaceId,
        actorUserId: null,
        action: 'notice.updated',
        entityType: NOTICE_ENTITY,
        entityId: notice.externalId,
        metadata: {
          text: `Priority ${PRIORITY_LABELS[notice.priority]} to ${PRIORITY_LABELS[priority]} (automatic)`,
          performedBy: AUTOMATIC_PRIORITY_PERFORMER,
        },
      },
      trx,
    );
  }
}
