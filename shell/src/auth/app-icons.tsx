import { Classes } from '@blueprintjs/core';
import type { ReactElement } from 'react';
import { LineIcon } from '../public/icons';

/**
 * The few icons of the sign-in and account pages, drawn inline: Blueprint's icons would download every icon
 * drawing (about 95 KB) and show empty boxes until it arrives.
 */
const PATHS = {
  eye: (
    <>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  eyeOff: (
    <path d="M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3 3.9M6.6 6.6C3.7 8.4 2 12 2 12s3.6 7 10 7a9.6 9.6 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  ),
  checkCircle: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.7 2.5L16 9.5" />
    </>
  ),
  alert: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5h.01" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5h.01" />
    </>
  ),
  arrowLeft: <path d="M19 12H5M11 6l-6 6 6 6" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  building: <path d="M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16M16 9h2a2 2 0 0 1 2 2v10M3 21h18M8 7h4M8 11h4M8 15h4" />,
} satisfies Record<string, ReactElement>;

type AppIconName = keyof typeof PATHS;

export function AppIcon({ name, size = 16, className }: { name: AppIconName; size?: number; className?: string }) {
  return (
    <LineIcon size={size} className={className}>
      {PATHS[name]}
    </LineIcon>
  );
}

/** An icon in the place Blueprint's Callout keeps for its own icons, for the app's account pages. */
export function CalloutIcon({ name }: { name: AppIconName }) {
  return (
    <span className={Classes.ICON}>
      <AppIcon name={name} size={18} />
    </span>
  );
}
