import { Callout, Classes, ProgressBar, type IconName, type Intent } from '@blueprintjs/core';
import type { NotificationDto } from '../../../notifications/wire';
import { selectSyncNotification, syncBannerModel, type SyncBannerModel, type SyncBannerTone } from '../sync-banner-selection';
import { LoadingState } from './States';

const TONES: Record<SyncBannerTone, { intent: Intent; icon: IconName }> = {
  'in-progress': { intent: 'primary', icon: 'refresh' },
  completed: { intent: 'success', icon: 'tick-circle' },
  failed: { intent: 'danger', icon: 'error' },
  other: { intent: 'warning', icon: 'warning-sign' },
};

export interface SyncBannerProps {
  /** Sync notifications, newest first (e.g. from `GET notifications/batch`). */
  notifications: readonly NotificationDto[] | undefined;
  isLoading?: boolean;
  /** The time ages are measured from; the current time by default. */
  now?: Date;
  className?: string;
}

/**
 * The state of the latest portal sync above a list that syncs (spec 2 section 4 "Sync banner selection"): blue while
 * it runs, with a progress bar; green when it completed; red when it failed; yellow for anything else. Nothing is
 * drawn when there is no notification to show.
 */
export function SyncBanner({ notifications, isLoading = false, now, className }: SyncBannerProps) {
  if (isLoading) return <LoadingState label="Loading sync status..." />;
  const notification = selectSyncNotification(notifications ?? [], now);
  if (!notification) return null;
  const model = syncBannerModel(notification, now);
  const { intent, icon } = TONES[model.tone];

  return (
    <Callout intent={intent} icon={icon} title={notification.title} className={className} role="status" aria-label="Sync status">
      <p style={{ margin: 0 }}>{notification.message}</p>
      {model.progress !== null && <SyncProgress model={model} />}
      {model.failedClients.length > 0 && <FailedClients model={model} />}
      <div className={Classes.TEXT_MUTED} style={{ marginTop: 6, fontSize: 12 }}>
        {model.ageLabel}
      </div>
    </Callout>
  );
}

function SyncProgress({ model }: { model: SyncBannerModel }) {
  const progress = model.notification.metadata.progress;
  return (
    <div style={{ marginTop: 8 }}>
      {/* Still stripes: an endless animation would keep the page from ever settling for assistive tools and screenshots. */}
      <ProgressBar intent="primary" value={model.progress ?? undefined} animate={false} aria-label="Sync progress" />
      {progress && progress.total > 0 && (
        <div className={Classes.TEXT_MUTED} style={{ marginTop: 4, fontSize: 12 }}>
          {progress.completed} of {progress.total}
          {progress.step ? ` · ${progress.step}` : ''}
        </div>
      )}
    </div>
  );
}

function FailedClients({ model }: { model: SyncBannerModel }) {
  return (
    <ul aria-label="Failed clients" style={{ margin: '6px 0 0', paddingLeft: 18 }}>
      {model.failedClients.map((client, index) => (
        // Two clients may share a name, so the position keeps the keys apart.
        <li key={`${index}:${client.clientName}`}>
          {client.clientName}
          {client.invalidCredentials && ' - Invalid credentials'}
        </li>
      ))}
      {model.moreFailedClients > 0 && <li style={{ listStyle: 'none' }}>+ {model.moreFailedClients} more</li>}
    </ul>
  );
}
