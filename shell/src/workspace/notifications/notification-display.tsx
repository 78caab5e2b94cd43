import { Icon, type IconName, type Intent } from '@blueprintjs/core';
import { useEffect, useState, type MouseEventHandler, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { NotificationEventType } from '../../../../core/notifications/wire';

const EVENT_ICONS: Record<string, { icon: IconName; intent: Intent }> = {
  SYNC_STARTED: { icon: 'refresh', intent: 'primary' },
  SYNC_IN_PROGRESS: { icon: 'refresh', intent: 'primary' },
  SYNC_COMPLETED: { icon: 'tick-circle', intent: 'success' },
  SYNC_FAILED: { icon: 'error', intent: 'danger' },
  SYSTEM_ERROR: { icon: 'error', intent: 'danger' },
  SYSTEM_WARNING: { icon: 'warning-sign', intent: 'warning' },
  SYSTEM_INFO: { icon: 'info-sign', intent: 'primary' },
};
const PLUGIN_EVENT_ICON = { icon: 'notifications', intent: 'none' } as const;

/** The icon of an event type; types plugins register get the bell. */
export function EventIcon({ eventType, className }: { eventType: NotificationEventType; className?: string }) {
  const { icon, intent } = EVENT_ICONS[eventType] ?? PLUGIN_EVENT_ICON;
  return <Icon icon={icon} intent={intent} className={className} aria-hidden />;
}

/** The unread badge caps at '9+' (spec 2 section 2.12). */
export const unreadBadgeText = (unread: number) => (unread > 9 ? '9+' : String(unread));

/** The in-app path of an action address on this site, or null for an address elsewhere. */
function inAppPath(actionUrl: string): string | null {
  const url = new URL(actionUrl, window.location.origin);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

interface ActionLinkProps {
  actionUrl: string;
  className?: string;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  children: ReactNode;
}

/** Follows a notification's action address: inside the app without a reload, elsewhere in a new tab. */
export function NotificationActionLink({ actionUrl, className, onClick, children }: ActionLinkProps) {
  const path = inAppPath(actionUrl);
  return path ? (
    <Link to={path} className={className} onClick={onClick}>
      {children}
    </Link>
  ) : (
    <a href={actionUrl} className={className} onClick={onClick} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** The current time, renewed every minute so "5m ago" labels keep up while a list stays open. */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
