import { calendarPoint, type CalendarItem, type MemberContext } from '../../../../core/plugin-api';
import { HEARING_MODE_LABELS, NOTICE_CALENDAR_TYPES, NOTICE_PROVIDERS, OPEN_NOTICE_STATUSES } from '../../shared/wire';
import { Notice, NoticeHearing } from '../models';
import { clientNamesOf, noticeUrl, visibleClientsFor } from './member-scope';

type Range = { from: string; to: string };
type HearingOfNotice = Pick<NoticeHearing, 'externalId' | 'hearingDate' | 'hearingTime' | 'mode'> & {
  noticeExternalId: string;
  noticeType: string;
  clientId: number;
};

const DEADLINES = [
  { column: 'due_date', type: NOTICE_CALENDAR_TYPES.due, label: 'Reply due' },
  { column: 'target_date', type: NOTICE_CALENDAR_TYPES.target, label: 'Internal target' },
] as const;

/**
 * Due and target dates of the notices still open (a resolved or expired notice's deadline needs no one's time),
 * and every hearing, open notice or not: it is an appointment either way.
 */
async function noticeDates(range: Range, context: MemberContext): Promise<CalendarItem[]> {
  const visible = await visibleClientsFor(context);
  const deadlines = await Promise.all(
    DEADLINES.map(async ({ column, type, label }) => {
      const notices = await Notice.inWorkspace(context.workspace.id)
        .modify((query) => {
          if (visible) query.whereIn('notices.client_id', visible);
        })
        .whereIn('notices.status', OPEN_NOTICE_STATUSES)
        .whereBetween(`notices.${column}`, [range.from, range.to])
        .select('external_id', 'notice_type', 'client_id', 'due_date', 'target_date');
      return notices.map((notice) => ({ type, label, notice, date: column === 'due_date' ? notice.dueDate! : notice.targetDate! }));
    }),
  );
  const hearings = await NoticeHearing.inWorkspace(context.workspace.id)
    .join('notices', 'notices.id', 'notices_hearings.notice_id')
    .modify((query) => {
      if (visible) query.whereIn('notices.client_id', visible);
    })
    .whereBetween('notices_hearings.hearing_date', [range.from, range.to])
    .select(
      'notices_hearings.external_id',
      'notices_hearings.hearing_date',
      'notices_hearings.hearing_time',
      'notices_hearings.mode',
      'notices.external_id as notice_external_id',
      'notices.notice_type',
      'notices.client_id',
    )
    .castTo<HearingOfNotice[]>();
  const clientNames = await clientNamesOf(context, [...deadlines.flat().map((entry) => entry.notice), ...hearings]);
  const subject = (noticeType: string, clientId: number) => `${noticeType} · ${clientNames.get(clientId) ?? ''}`;

  return [
    ...deadlines.flat().map(({ type, label, notice, date }) => ({
      type,
      id: notice.externalId,
      title: `${label}: ${subject(notice.noticeType, notice.clientId)}`,
      date,
      url: noticeUrl(context, notice.externalId),
    })),
    ...hearings.map((hearing) => ({
      type: NOTICE_CALENDAR_TYPES.hearing,
      id: hearing.externalId,
      title: `Hearing${hearing.hearingTime ? ` at ${hearing.hearingTime}` : ''}: ${subject(hearing.noticeType, hearing.clientId)} (${HEARING_MODE_LABELS[hearing.mode]})`,
      date: hearing.hearingDate,
      url: noticeUrl(context, hearing.noticeExternalId),
    })),
  ];
}

export const noticeCalendar = calendarPoint.contribute({ id: NOTICE_PROVIDERS.calendar, items: noticeDates });
