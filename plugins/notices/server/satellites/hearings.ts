import type { Knex } from 'knex';
import { z } from 'zod';
import { isCalendarDate, isExternalId, multilineText, notFound, singleLineText } from '../../../../core/plugin-api';
import { HEARING_MODES, MAX_HEARING_NOTES_LENGTH, NOTICE_MESSAGES, type HearingView } from '../../shared/wire';
import { noticeActivity } from '../activity-text';
import { NoticeHearing } from '../models';
import type { NoticeActor, NoticeService } from '../notice-service';
import { hearingViewOf } from '../notice-views';

const HEARING_DATE_MESSAGE = NOTICE_MESSAGES.invalidDate('Hearing date');
const HOURS_AND_MINUTES = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Forms send "" or null for "no time". */
const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** `POST notices/:noticeId/hearings` (HearingRequest); the workspace's key is dropped. */
export const hearingSchema = z.object({
  hearingDate: singleLineText({ label: 'Hearing date', max: 10, error: HEARING_DATE_MESSAGE, tooLong: HEARING_DATE_MESSAGE }).refine(
    isCalendarDate,
    HEARING_DATE_MESSAGE,
  ),
  hearingTime: z
    .preprocess(
      blankAsNull,
      singleLineText({ label: 'Time', max: 5, error: NOTICE_MESSAGES.invalidHearingTime, tooLong: NOTICE_MESSAGES.invalidHearingTime })
        .regex(HOURS_AND_MINUTES, NOTICE_MESSAGES.invalidHearingTime)
        .nullable(),
    )
    .optional()
    .transform((time) => time ?? null),
  mode: z.enum(HEARING_MODES, { error: NOTICE_MESSAGES.invalidHearingMode }),
  notes: z.preprocess((notes) => notes ?? '', multilineText({ label: 'Notes', max: MAX_HEARING_NOTES_LENGTH }).trim()),
});
export type HearingInput = z.output<typeof hearingSchema>;

/** A notice's hearing dates: each added or removed with its activity entry, in one transaction. */
export class NoticeHearings {
  constructor(
    private readonly knex: Knex,
    private readonly notices: NoticeService,
  ) {}

  add(actor: NoticeActor, noticeId: string, input: HearingInput): Promise<HearingView> {
    return this.knex.transaction(async (trx) => {
      const notice = await this.notices.findVisibleRow(actor, noticeId, trx);
      const hearing = await NoticeHearing.query(trx).insertAndFetch({
        workspaceId: actor.workspace.id,
        noticeId: notice.id,
        ...input,
        createdBy: actor.userId,
      });
      await this.notices.recordActivity(actor, notice, noticeActivity.hearingAdded(hearing.hearingDate, hearing.hearingTime, hearing.mode), trx);
      return hearingViewOf(hearing);
    });
  }

  /** 404 'Hearing not found' for a hearing of another notice, as for one that never was. */
  remove(actor: NoticeActor, noticeId: string, hearingId: string): Promise<void> {
    return this.knex.transaction(async (trx) => {
      const notice = await this.notices.findVisibleRow(actor, noticeId, trx);
      const hearing = isExternalId(hearingId)
        ? await NoticeHearing.inWorkspace(actor.workspace.id, trx).where({ notice_id: notice.id, external_id: hearingId.toLowerCase() }).first()
        : undefined;
      if (!hearing) throw notFound(NOTICE_MESSAGES.hearingNotFound);
      await NoticeHearing.query(trx).deleteById(hearing.id);
      await this.notices.recordActivity(actor, notice, noticeActivity.hearingRemoved(hearing.hearingDate, hearing.hearingTime, hearing.mode), trx);
    });
  }
}
