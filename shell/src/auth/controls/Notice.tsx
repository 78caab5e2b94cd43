import type { ReactNode } from 'react';
import { AppIcon } from '../app-icons';
import './controls.css';

type NoticeIntent = 'primary' | 'success' | 'warning' | 'danger';

const ICONS = { primary: 'info', success: 'checkCircle', warning: 'alert', danger: 'alert' } as const;

interface NoticeProps {
  intent: NoticeIntent;
  title?: string;
  /** `alert` for what went wrong, `status` for news the reader waits for; none for a standing note. */
  role?: 'alert' | 'status';
  className?: string;
  children: ReactNode;
}

/** A tinted box with an icon for what happened (Blueprint's callout). */
export function Notice({ intent, title, role, className, children }: NoticeProps) {
  return (
    <div className={['site-notice', `site-notice--${intent}`, className].filter(Boolean).join(' ')} role={role}>
      <AppIcon name={ICONS[intent]} size={18} className="site-notice__icon" />
      {title && <h2 className="site-notice__title">{title}</h2>}
      {children}
    </div>
  );
}
