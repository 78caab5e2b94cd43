import { readHostMailbox, waitForMail, type HostMailWait, type MailboxMessage } from './mail-reader';
import { sharedHost } from './root-hooks';

export { linkTo, tokenIn } from './mail-reader';
export type { MailboxMessage } from './mail-reader';

export interface MailWait extends Omit<HostMailWait, 'baseUrl'> {
  /** The host whose mailbox is read; the shared host by default. */
  baseUrl?: string;
}

/** What the host's mail catcher (the shared host's by default) holds, newest first; `to` keeps the messages to that address. */
export const readMailbox = (options: { baseUrl?: string; to?: string } = {}): Promise<MailboxMessage[]> =>
  readHostMailbox({ ...options, baseUrl: options.baseUrl ?? sharedHost().baseUrl });

/** Waits for the newest message to `email` (that matches `subject` and `since`) and answers it. */
export const latestMailTo = (email: string, options: MailWait = {}): Promise<MailboxMessage> =>
  waitForMail(email, { ...options, baseUrl: options.baseUrl ?? sharedHost().baseUrl });
