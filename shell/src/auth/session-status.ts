import { useSyncExternalStore } from 'react';
import { api, type SessionInfo } from '@axal/web-sdk';

/** What the sign-in pages know of the visitor: nothing yet, or the answer of `GET {app}/auth/status`. */
export interface SessionStatus {
  pending: boolean;
  session: SessionInfo | null;
}

const PENDING: SessionStatus = { pending: true, session: null };
/** When the question cannot be answered (a lost connection), the pages behave as for a signed-out visitor. */
const UNKNOWN: SessionStatus = { pending: false, session: null };

let status: SessionStatus = PENDING;
let request: Promise<SessionStatus> | null = null;
const listeners = new Set<() => void>();

function settle(next: SessionStatus): SessionStatus {
  status = next;
  for (const listener of listeners) listener();
  return next;
}

function ask(): Promise<SessionStatus> {
  request ??= api<SessionInfo>('/auth/status').then(
    (session) => settle({ pending: false, session }),
    () => settle(UNKNOWN),
  );
  return request;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void ask();
  return () => listeners.delete(listener);
}

/**
 * Who is signed in, if anyone, and which sign-in providers are on: asked once per page load, and again after
 * `reloadSessionStatus`. The light site's own small store, where the app uses its query cache.
 */
export function useSessionStatus(): SessionStatus {
  return useSyncExternalStore(subscribe, () => status);
}

/**
 * Asks again after the session changed (a sign-in, a sign-out, a password reset that ended it); until the answer
 * comes the status is pending, so no page acts on what was true before.
 */
export function reloadSessionStatus(): Promise<SessionStatus> {
  request = null;
  settle(PENDING);
  return ask();
}
