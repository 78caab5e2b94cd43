/** What `{app}/api/v1/me/sessions` answers, read by the web app too. */

/** One of the user's signed-in sessions. */
export interface ActiveSession {
  /** Opaque; not the session id, which is the cookie's secret. */
  id: string;
  /** "Chrome 126", or "Unknown browser". */
  browser: string;
  /** "Windows 10", or null when the browser does not say. */
  os: string | null;
  /** The client address of the session's latest request. */
  ip: string;
  signedInAt: string;
  /** Kept to the minute. */
  lastActiveAt: string;
  /** The session this request came from. */
  current: boolean;
}

export interface SessionList {
  sessions: ActiveSession[];
}

/** `POST me/sessions/revoke-others`. */
export interface OtherSessionsEnded {
  ended: number;
}
