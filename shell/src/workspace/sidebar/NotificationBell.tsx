import { Button, Classes, PopoverNext, PopupKind } from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatRelativeTime } from '@axal/web-sdk';
import type { NotificationDto } from '../../../../core/notifications/wire';
import { EventIcon, NotificationActionLink, unreadBadgeText, useMinuteClock } from '../notifications/notification-display';
import { useNotificationStream } from '../notifications/notification-stream';
import {
  LATEST_NOTIFICATIONS,
  notificationsPath,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationList,
} from '../notifications/notifications-api';
import './notification-bell.css';

/** The bell in the sidebar header (spec 2 section 2.12): the unread badge, kept live by the workspace's stream. */
export function NotificationBell({ workspaceId }: { workspaceId: string }) {
  useNotificationStream(workspaceId);
  const latest = useNotificationList(workspaceId, LATEST_NOTIFICATIONS);
  const [isOpen, setOpen] = useState(false);
  const unread = latest.data?.unreadCount ?? 0;

  return (
    <PopoverNext
      isOpen={isOpen}
      onInteraction={setOpen}
      popupKind={PopupKind.DIALOG}
      placement="bottom-start"
      arrow={false}
      content={<BellPanel workspaceId={workspaceId} onClose={() => setOpen(false)} />}
    >
      <Button
        variant="minimal"
        icon="notifications"
        className="notification-bell"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      >
        {unread > 0 && (
          <span className="notification-bell__badge" aria-hidden="true">
            {unreadBadgeText(unread)}
          </span>
        )}
      </Button>
    </PopoverNext>
  );
}

function BellPanel({ workspaceId, onClose }: { workspaceId: string; onClose: () => void }) {
  const latest = useNotificationList(workspaceId, LATEST_NOTIFICATIONS);
  const markRead = useMarkNotificationRead(workspaceId);
  const markAll = useMarkAllNotificationsRead(workspaceId);
  const now = useMinuteClock();
  const unread = latest.data?.unreadCount ?? 0;

  let list;
  if (latest.isPending) list = <p className="notification-bell__state">Loading notifications...</p>;
  else if (latest.error) list = <p className="notification-bell__state">Failed to fetch notifications</p>;
  else if (latest.data.notifications.length === 0) list = <p className="notification-bell__state">No notifications</p>;
  else {
    list = (
      <ul className="notification-bell__list" aria-label="Latest notifications">
        {latest.data.notifications.map((notification) => (
          <li key={notification.id}>
            <BellItem
              notification={notification}
              now={now}
              onOpen={() => {
                if (notification.status === 'unread') markRead.mutate(notification);
                if (notification.actionUrl) onClose();
              }}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="notification-bell__panel" role="dialog" aria-label="Notifications">
      <div className="notification-bell__header">
        <strong>Notifications</strong>
        <Button variant="minimal" size="small" intent="primary" text="Mark all as read" disabled={unread === 0} onClick={() => markAll.mutate()} />
      </div>
      {list}
      <div className="notification-bell__footer">
        <Link to={notificationsPath(workspaceId)} onClick={onClose}>
          View all notifications
        </Link>
      </div>
    </div>
  );
}

function BellItem({ notification, now, onOpen }: { notification: NotificationDto; now: Date; onOpen: () => void }) {
  const isUnread = notification.status === 'unread';
  const className = `notification-bell__item${isUnread ? ' notification-bell__item--unread' : ''}`;
  const body = (
    <>
      <EventIcon eventType={notification.eventType} className="notification-bell__icon" />
      <span className="notification-bell__text">
        <span className="notification-bell__title">
          {isUnread && <span className="notification-bell__dot" aria-label="Unread" role="img" />}
          {notification.title}
        </span>
        <span className={`notification-bell__message ${Classes.TEXT_MUTED}`}>{notification.message}</span>
        <time className={`notification-bell__time ${Classes.TEXT_MUTED}`} dateTime={notification.createdAt}>
          {formatRelativeTime(notification.createdAt, now)}
        </time>
      </span>
    </>
  );
  return notification.actionUrl ? (
    <NotificationActionLink actionUrl={notification.actionUrl} className={className} onClick={onOpen}>
      {body}
    </NotificationActionLink>
  ) : (
    <button type="button" className={className} onClick={onOpen}>
      {body}
    </button>
  );
}
