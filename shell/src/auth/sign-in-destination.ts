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
