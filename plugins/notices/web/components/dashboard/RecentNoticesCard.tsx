import { Classes, Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { appPath, formatDate, truncate, type DashboardCardProps, useDashboardRecent } from '@axal/web-sdk';
import { DashboardPanel, EmptyState, LoadingSkeleton } from '@axal/web-sdk/ui';
import { NOTICE_PROVIDERS, NOTICE_TOASTS, RECENT_NOTICE_DESCRIPTION_CUT, RECENT_NOTICES_ON_DASHBOARD, type RecentNotice } from '../../../shared/wire';
import { PRIORITY_INTENTS, PRIORITY_LABELS, workspacePaths } from '../../notice-display';
import './dashboard.css';

/** The dashboard's "Recent Notices" (spec 1 section 2.7): the newest, each cut to 52 characters, with client, priority and date. */
export function RecentNoticesCard({ workspaceId }: DashboardCardProps) {
  const recent = useDashboardRecent(workspaceId);
  const notices = (recent.data?.[NOTICE_PROVIDERS.recentList] as RecentNotice[] | undefined)?.slice(0, RECENT_NOTICES_ON_DASHBOARD) ?? [];
  const paths = workspacePaths(workspaceId);
  return (
    <DashboardPanel title="Recent Notices" className="notices-dashboard-card" aside={<Link to={appPath(paths.notices)}>View all</Link>}>
      {recent.isPending ? (
        <LoadingSkeleton rows={RECENT_NOTICES_ON_DASHBOARD} height={36} />
      ) : recent.error ? (
        <p className={Classes.TEXT_MUTED}>{NOTICE_TOASTS.dashboardFailed}</p>
      ) : notices.length === 0 ? (
        <EmptyState icon="warning-sign" title={NOTICE_TOASTS.dashboardEmptyTitle} description={NOTICE_TOASTS.dashboardEmptyText} />
      ) : (
        <ul className="notices-dashboard-recent">
          {notices.map((notice) => (
            <li key={notice.externalId} className="notices-dashboard-recent__item">
              <div className="notices-dashboard-recent__main">
                <Link
                  to={appPath(paths.notice(notice.externalId))}
                  className="notices-dashboard-recent__title"
                  title={notice.description || undefined}
                >
                  {truncate(notice.description || notice.noticeType, RECENT_NOTICE_DESCRIPTION_CUT)}
                </Link>
                <span className={`notices-dashboard-recent__meta ${Classes.TEXT_MUTED}`}>
                  {notice.client} · {formatDate(notice.dateOfIssuance, NOTICE_TOASTS.notAvailable)}
                </span>
              </div>
              <Tag minimal intent={PRIORITY_INTENTS[notice.priority]}>
                {PRIORITY_LABELS[notice.priority]}
              </Tag>
            </li>
          ))}
        </ul>
      )}
    </DashboardPanel>
  );
}
