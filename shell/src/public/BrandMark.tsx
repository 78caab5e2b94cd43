import { useId } from 'react';
import './brand-mark.css';

/** The Axal Practice logo: an "A" whose crossbar is a tick, on the brand gradient; the wordmark is optional. */
export function BrandMark({ withName = true, size = 32 }: { withName?: boolean; size?: number }) {
  const gradientId = useId();
  return (
    <span className="brand-mark">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#2d72d2" />
            <stop offset="1" stopColor="#0f9d8a" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
        <path d="M9 24 16 7l7 17" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
        <path d="m11.8 17.6 2.6 2.4 5.4-5.2" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {withName && <span className="brand-mark__name">Axal Practice</span>}
    </span>
  );
}
