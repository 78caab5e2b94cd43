import { setTimeout as delay } from 'node:timers/promises';
import { APP } from './paths';

/**
 * Reading a test host's mail catcher over HTTP (`GET {app}/dev/mailbox`, Accept: application/json). The host is always
 * named, so the test client can use this without the shared host; tests usually import `./mailbox`, which defaults to it.
 */

/** A message as `GET {app}/dev/mailbox` lists it (Accept: application/json). */
export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  receivedAt: string;
}

export interface HostMailWait {
  /** The host whose mailbox is read. */
  baseUrl: string;
  /** Only a message whose subject contains this text or matches this pattern. */
  subject?: string | RegExp;
  /** Only a message received at or after this moment (e.g. taken just before a resend). */
  since?: Date;
  /** How long the mail job may take to deliver; a queued message normally arrives within a second. */
  timeoutMs?: number;
}

/** What the host's mail catcher holds, newest first; `to` keeps the messages to that address. */
export async function readHostMailbox(options: { baseUrl: string; to?: string }): Promise<MailboxMessage[]> {
  const url = new URL(`${APP}/dev/mailbox`, options.baseUrl);
  if (options.to) url.searchParams.set('to', options.to);
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url.pathname} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}

const matchesSubject = (subject: string, wanted?: string | RegExp) =>
  wanted === undefined || (typeof wanted === 'string' ? subject.includes(wanted) : wanted.test(subject));

/** Waits for the newest message to `email` (that matches `subject` and `since`) and answers it. */
export async function waitForMail(email: string, options: HostMailWait): Promise<MailboxMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  let seen: MailboxMessage[] = [];
  while (Date.now() < deadline) {
    seen = await readHostMailbox({ baseUrl: options.baseUrl, to: email });
    const found = seen.find(
      (message) => matchesSubject(message.subject, options.subject) && (!options.since || new Date(message.receivedAt) >= options.since),
    );
    if (found) return found;
    await delay(25);
  }
  const subjects = seen.map((message) => `"${message.subject}" at ${message.receivedAt}`).join(', ') || 'none';
  throw new Error(`No mail to ${email} arrived (messages to that address: ${subjects})`);
}

/** The first link of a message that leads to `path` (e.g. '/verify-email'), for following it as the recipient would. */
export function linkTo(message: MailboxMessage, path: string): string {
  const link = message.links.find((candidate) => new URL(candidate).pathname.endsWith(path));
  if (!link) throw new Error(`"${message.subject}" has no link to ${path} (links: ${message.links.join(', ') || 'none'})`);
  return link;
}

/** The single-use token of the link to `path`, for posting it to the host as the link's page would. */
export function tokenIn(message: MailboxMessage, path: string): string {
  const token = new URL(linkTo(message, path)).searchParams.get('token');
  if (!token) throw new Error(`The link of "${message.subject}" to ${path} carries no token`);
  return token;
}
