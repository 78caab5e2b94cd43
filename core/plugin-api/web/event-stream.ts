import {
  NOTIFICATION_STREAM_END_EVENT,
  NOTIFICATION_STREAM_RETRY_MS,
  type NotificationStreamEndEvent,
  type NotificationStreamEndReason,
} from '../../notifications/wire';

/** Ends after which the server refuses a new connection: the session or the membership is gone. */
const FINAL_END_REASONS = new Set<NotificationStreamEndReason>(['logout', 'session-expired', 'membership-removed', 'workspace-deleted']);

export interface EventStreamHandlers {
  /** Listeners by event name (`message` for events without one). */
  events: Record<string, (message: MessageEvent<string>) => void>;
  /** The connection failed; it is opened again after NOTIFICATION_STREAM_RETRY_MS. */
  onError?: () => void;
}

/**
 * A server-sent stream that, on an error or an `end` the server may take back (a shutdown), is closed and opened
 * again after 5 s (spec 2 section 4) at the address `urlOf` gives then, so a caller can resume from the last event it
 * saw. After a final `end` (sign-out, membership gone) it stays closed: the app learns of the change by its own calls,
 * as it would without a stream. Answers how to close it.
 */
export function followEventStream(urlOf: () => string, handlers: EventStreamHandlers): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const closeSource = () => {
    source?.close();
    source = null;
  };
  const reopenLater = () => {
    closeSource();
    retry = setTimeout(open, NOTIFICATION_STREAM_RETRY_MS);
  };

  function open() {
    const connection = new EventSource(urlOf());
    source = connection;
    for (const [name, listener] of Object.entries(handlers.events)) {
      connection.addEventListener(name, (event) => listener(event as MessageEvent<string>));
    }
    connection.addEventListener(NOTIFICATION_STREAM_END_EVENT, (event) => {
      const { reason } = JSON.parse((event as MessageEvent<string>).data) as NotificationStreamEndEvent;
      if (FINAL_END_REASONS.has(reason)) closeSource();
      else reopenLater();
    });
    connection.addEventListener('error', () => {
      handlers.onError?.();
      reopenLater();
    });
  }

  open();
  return () => {
    clearTimeout(retry);
    closeSource();
  };
}
