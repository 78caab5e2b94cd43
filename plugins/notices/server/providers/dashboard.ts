import { dashboardPoint, type MemberContext, kolkataToday } from '../../../../core/plugin-api';
import {
  NOTICE_PROVIDERS,
  NOTICE_STATS_MONTHS,
  NOTICE_TOASTS,
  OPEN_NOTICE_STATUSES,
  type NoticeMonthCount,
  type RecentNotice,
} from '../../shared/wire';
import { Notice } from '../models';
import { clientNamesOf, noticeUrl, visibleNotices } from './member-scope';

async function pendingNotices(context: MemberContext): Promise<number> {
  return Notice.inWorkspace(context.workspace.id)
    .modify(await visibleNotices(context))
    .whereIn('notices.status', OPEN_NOTICE_STATUSES)
    .resultSize();
}

/** The newest by date of issuance; notices without one come last. */
async function recentNotices(context: MemberContext, limit: number): Promise<RecentNotice[]> {
  const notices = await Notice.inWorkspace(context.workspace.id)
    .modify(await visibleNotices(context))
    .orderByRaw('notices.date_of_issuance desc nulls last, notices.id desc')
    .limit(limit)
    .select('external_id', 'notice_type', 'description', 'client_id', 'priority', 'date_of_issuance');
  const clientNames = await clientNamesOf(context, notices);
  return notices.map((notice) => ({
    id: notice.externalId,
    externalId: notice.externalId,
    noticeType: notice.noticeType,
    description: notice.description,
    client: clientNames.get(notice.clientId) ?? '',
    priority: notice.priority,
    dateOfIssuance: notice.dateOfIssuance,
    url: noticeUrl(context, notice.externalId),
  }));
}

/** The `YYYY-MM` months of the chart, oldest first, ending with this month in Asia/Kolkata. */
export function chartMonths(today: string, count: number): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - (count - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}

/** "Notices Received": how many notices were issued in each of the last twelve months, empty months as zero. */
async function noticeStats(context: MemberContext): Promise<NoticeMonthCount[]> {
  const months = chartMonths(kolkataToday(), NOTICE_STATS_MONTHS);
  const rows = await Notice.inWorkspace(context.workspace.id)
    .modify(await visibleNotices(context))
    .where('notices.date_of_issuance', '>=', `${months[0]}-01`)
    .whereRaw(`notices.date_of_issuance < (?::date + interval '1 month')`, [`${months.at(-1)}-01`])
    .select(Notice.raw(`to_char(notices.date_of_issuance, 'YYYY-MM') as month`))
    .count({ count: '*' })
    .groupByRaw('1')
    .castTo<{ month: string; count: string }[]>();
  const counts = new Map(rows.map((row) => [row.month, Number(row.count)]));
  return months.map((month) => ({ month, count: counts.get(month) ?? 0 }));
}

export const noticeDashboard = dashboardPoint.contribute({
  stats: [{ id: NOTICE_PROVIDERS.pendingStat, label: NOTICE_TOASTS.pendingCaption, value: pendingNotices }],
  recent: [{ id: NOTICE_PROVIDERS.recentList, items: recentNotices }],
  graphs: [{ id: NOTICE_PROVIDERS.monthlyGraph, series: noticeStats }],
});
