import { Classes, ProgressBar } from '@blueprintjs/core';
import type { StorageInfo } from '../../shared/wire';
import { formatGigabytes } from '../file-kinds';

const WARNING_SHARE = 0.75;
const DANGER_SHARE = 0.9;

/** How much of the quota is used, the bar capped at 100% and the totals in GB. */
export function StorageBar({ storage }: { storage: StorageInfo }) {
  const share = storage.storageLimit > 0 ? Math.min(storage.usedStorage / storage.storageLimit, 1) : 1;
  const percent = Math.round(share * 100);
  const intent = share >= DANGER_SHARE ? 'danger' : share >= WARNING_SHARE ? 'warning' : 'primary';
  const label = `${formatGigabytes(storage.usedStorage)} of ${formatGigabytes(storage.storageLimit)} used`;
  return (
    <div className="documents-storage">
      <div className="documents-storage__text">
        <span>Storage</span>
        <span className={Classes.TEXT_MUTED}>
          {label} ({percent}%)
        </span>
      </div>
      <ProgressBar value={share} intent={intent} animate={false} stripes={false} aria-label="Storage used" aria-valuetext={label} />
    </div>
  );
}
