import { appPath } from '@axal/web-sdk';
import { safeCallbackUrl } from '../../../core/auth/callback-url';

/** Where a sign-in leads: the `callbackUrl` when it is a path of this site, otherwise the dashboard. */
export function destinationAfterSignIn(callbackUrl: string | null): string {
  return safeCallbackUrl(callbackUrl, window.location.origin, appPath('/dashboard'));
}

/** Keeps the `callbackUrl` when moving between the login and sign-up pages. */
export function withCallbackUrl(path: string, callbackUrl: string | null): string {
  return callbackUrl ? `${path}?callbackUrl=${encodeURIComponent(callbackUrl)}` : path;
}

const AFTER_VERIFICATION_KEY = 'axal.afterVerification';

/**
 * Remembers where a new account was heading (an invitation, say) until its address is verified: the verification link
 * opens in a new tab that knows nothing of the sign-up, so the way back is kept in this browser's storage.
 */
export function rememberDestinationAfterVerification(email: string, callbackUrl: string | null): void {
  try {
    if (callbackUrl) localStorage.setItem(AFTER_VERIFICATION_KEY, JSON.stringify({ email: email.toLowerCase(), callbackUrl }));
    else localStorage.removeItem(AFTER_VERIFICATION_KEY);
  } catch {
    // Storage switched off: the reader opens the invitation link again after signing in.
  }
}

/** The `callbackUrl` remembered at sign-up for this address, used once. */
export function takeDestinationAfterVerification(email: string): string | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(AFTER_VERIFICATION_KEY) ?? 'null');
    if (!stored || typeof stored !== 'object') return null;
    const { email: storedEmail, callbackUrl } = stored as Record<string, unknown>;
    if (storedEmail !== email.toLowerCase() || typeof callbackUrl !== 'string') return null;
    localStorage.removeItem(AFTER_VERIFICATION_KEY);
    return callbackUrl;
  } catch {
    return null;
  }
}
