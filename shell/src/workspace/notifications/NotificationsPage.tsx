import { Button, Card, Classes, Tab, TabPanel, Tabs } from '@blueprintjs/core';
import { useCallback, useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { formatIndianDateTime, formatRelativeTime } from '@axal/web-sdk';
import { EmptyState, ErrorState, LoadingSkeleton, Paginator } from '@axal/web-sdk/ui';
import { NOTIFICATION_PAGE_SIZE, NOTIFICATION_STATUSES, type NotificationDto, type NotificationStatus } from '../../../../core/notifications/wire';
import { PageHeader } from '../PageHeader';
import { EventIcon, NotificationActionLink, useMinuteClock } from './notification-display';
import { useNotificationStream } from './notification-stream';
import {
  LATEST_NOTIFICATIONS,
  notificationsPath,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationList,
} from './notifications-api';
import './notifications-page.css';

const ALL = 'all';
const TABS_ID = 'notification-status';
const SKELETON_CARDS = 5;

interface PageView {
  page: number;
  status: NotificationStatus | null;
}

function readView(params: URLSearchParams): PageView {
  const page = Number(params.get('page'));
  const status = params.get('status');
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    status: NOTIFICATION_STATUSES.find((known) => known === status) ?? null,
  };
}

/** Page and status live in the address (spec 2 section 4); page 1 and "all" leave their parameter out. */
function useView(): [PageView, (next: PageView, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const setView = useCallback(
    ({ page, status }: PageView, { replace = false } = {}) => {
      const next = new URLSearchParams(params);
      if (page > 1) next.set('page', String(page));
      else next.delete('page');
      if (status) next.set('status', status);
      else next.delete('status');
      setParams(next, { replace });
    },
    [params, setParams],
  );
  return [readView(params), setView];
}

/** `{app}/w/:workspaceId/notifications` (spec 2 section 2.13). */
export function NotificationsPage() {
  const { workspaceId = '' } = useParams();
  useNotificationStream(workspaceId);
  const [{ page, status }, setView] = useView();
  // The bell's list is always loaded and live, so it gives the tab counts whatever page or tab is shown.
  const summary = useNotificationList(workspaceId, LATEST_NOTIFICATIONS);
  const list = useNotificationList(
    workspaceId,
    { limit: NOTIFICATION_PAGE_SIZE, offset: (page - 1) * NOTIFICATION_PAGE_SIZE, status },
    { keepPrevious: true },
  );
  const markAll = useMarkAllNotificationsRead(workspaceId);
  const selectedTab = status ?? ALL;

  const total = summary.data?.count;
  const unread = list.data?.unreadCount ?? summary.data?.unreadCount;
  const totalPages = list.data ? Math.ceil(list.data.count / NOTIFICATION_PAGE_SIZE) : 0;

  // A page past the end (an old link, or the last item of the last page read away) shows the last page instead.
  const isPastTheEnd = Boolean(list.data && !list.isPlaceholderData && page > 1 && page > totalPages);
  useEffect(() => {
    if (isPastTheEnd) setView({ page: Math.max(totalPages, 1), status }, { replace: true });
  }, [isPastTheEnd, totalPages, status, setView]);

  const refresh = () => void Promise.all([list.refetch(), summary.refetch()]);
  const changePage = (next: number) => {
    setView({ page: next, status });
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="workspace-page notifications-page">
      <div className="notifications-heading">
        <PageHeader title="Notifications" description="Sync events and system messages for this workspace." />
        <div className="notifications-heading__actions">
          <Button icon="refresh" text="Refresh" onClick={refresh} />
          <Button icon="tick" text="Mark all as read" disabled={!unread} onClick={() => markAll.mutate()} />
        </div>
      </div>
      <Tabs
        id={TABS_ID}
        className="notifications-tabs"
        selectedTabId={selectedTab}
        onChange={(tab) => setView({ page: 1, status: tab === ALL ? null : (tab as NotificationStatus) })}
      >
        <Tab id={ALL} title="All" tagContent={total} tagProps={{ round: true }} />
        <Tab id="unread" title="Unread" tagContent={unread} tagProps={{ round: true, intent: unread ? 'primary' : 'none' }} />
        <Tab
          id="read"
          title="Read"
          tagContent={total === undefined || unread === undefined ? undefined : Math.max(total - unread, 0)}
          tagProps={{ round: true }}
        />
      </Tabs>
      {/* The list is the selected tab's panel, so each tab's aria-controls names an element that exists. */}
      <TabPanel
        parentId={TABS_ID}
        id={selectedTab}
        selectedTabId={selectedTab}
        className="notifications-panel"
        panel={
          list.error ? (
            <ErrorState title="Failed to fetch notifications" message="The notifications could not be loaded." onRetry={() => void list.refetch()} />
          ) : list.isPending ? (
            <LoadingSkeleton rows={SKELETON_CARDS} height={88} />
          ) : list.data.notifications.length === 0 ? (
            <EmptyState
              icon="notifications"
              title="No notifications found"
              description={status ? `There are no ${status} notifications.` : 'Sync events and system messages will appear here.'}
              action={status ? <Link to={notificationsPath(workspaceId)}>Clear filters</Link> : undefined}
            />
          ) : (
            <>
              <NotificationCards workspaceId={workspaceId} notifications={list.data.notifications} busy={list.isPlaceholderData} />
              <div className="notifications-paging">
                <Paginator page={page} totalPages={totalPages} onPageChange={changePage} />
              </div>
            </>
          )
        }
      />
    </div>
  );
}

function NotificationCards({ workspaceId, notifications, busy }: { workspaceId: string; notifications: NotificationDto[]; busy: boolean }) {
  const markRead = useMarkNotificationRead(workspaceId);
  const now = useMinuteClock();
  return (
    <ul className="notification-cards" aria-label="Notifications" aria-busy={busy}>
      {notifications.map((notification) => (
        <li key={notification.id}>
          <NotificationCard notification={notification} now={now} onRead={() => markRead.mutate(notification)} />
        </li>
      ))}
    </ul>
  );
}

function NotificationCard({ notification, now, onRead }: { notification: NotificationDto; now: Date; onRead: () => void }) {
  const isUnread = notification.status === 'unread';
  return (
    <Card className={`notification-card${isUnread ? ' notification-card--unread' : ''}`}>
      <span className="notification-card__icon">
        <EventIcon eventType={notification.eventType} />
      </span>
      <div className="notification-card__body">
        <div className="notification-card__head">
          <h3 className="notification-card__title">
            {isUnread && <span className="notification-card__dot" aria-label="Unread" role="img" />}
            {notification.title}
          </h3>
          <time
            className={`notification-card__time ${Classes.TEXT_MUTED}`}
            dateTime={notification.createdAt}
            title={formatIndianDateTime(notification.createdAt)}
          >
            {formatRelativeTime(notification.createdAt, now)}
          </time>
          {isUnread && <Button variant="minimal" size="small" icon="tick" aria-label="Mark as read" title="Mark as read" onClick={onRead} />}
        </div>
        <p className="notification-card__message">{notification.message}</p>
        {notification.actionUrl && (
          <NotificationActionLink actionUrl={notification.actionUrl} className="notification-card__action" onClick={isUnread ? onRead : undefined}>
            View details
          </NotificationActionLink>
        )}
      </div>
    </Card>
  );
}
