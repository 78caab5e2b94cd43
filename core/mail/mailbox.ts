import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A message the embedded catcher received, as the mailbox keeps and shows it. */
export interface CaughtMail {
  id: string;
  from: string;
  /** The envelope's recipients, comma-separated. */
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** The http(s) addresses of the message, in order of appearance. */
  links: string[];
  receivedAt: string;
}

/** The newest messages kept; older ones are removed as new ones arrive, so a long-running machine's folder stays small. */
export const MAILBOX_CAPACITY = 500;

/** A millisecond timestamp and a random suffix: names sort by arrival and carry nothing a path could abuse. */
const MESSAGE_ID = /^\d{15}-[0-9a-f]{8}$/;

/**
 * The catcher's messages as one JSON file each in a folder, so a web process reads what a worker process caught.
 * Files are written under a temporary name and renamed, so a reader never sees half a message.
 */
export class Mailbox {
  /** A message file never changes once renamed into place, so each is read once; listing then costs one readdir. */
  private readonly read = new Map<string, CaughtMail>();

  constructor(readonly dir: string) {}

  static isMessageId(value: string): boolean {
    return MESSAGE_ID.test(value);
  }

  async save(message: Omit<CaughtMail, 'id' | 'receivedAt'>, receivedAt = new Date()): Promise<CaughtMail> {
    await mkdir(this.dir, { recursive: true });
    const id = `${String(receivedAt.getTime()).padStart(15, '0')}-${randomBytes(4).toString('hex')}`;
    const caught: CaughtMail = { id, ...message, receivedAt: receivedAt.toISOString() };
    const file = this.fileOf(id);
    await writeFile(`${file}.partial`, JSON.stringify(caught), { mode: 0o600 });
    await rename(`${file}.partial`, file);
    await this.removeBeyondCapacity();
    return caught;
  }

  /** Newest first; `to` keeps the messages addressed to that address (ignoring case). */
  async list(filter: { to?: string } = {}): Promise<CaughtMail[]> {
    const ids = (await this.ids()).reverse();
    this.forgetAllBut(ids);
    const messages = (await Promise.all(ids.map((id) => this.get(id)))).filter((message) => message !== null);
    const wanted = filter.to?.trim().toLowerCase();
    return wanted ? messages.filter((message) => recipientsOf(message).includes(wanted)) : messages;
  }

  async get(id: string): Promise<CaughtMail | null> {
    if (!Mailbox.isMessageId(id)) return null;
    const known = this.read.get(id);
    if (known) return known;
    try {
      const message = JSON.parse(await readFile(this.fileOf(id), 'utf8')) as CaughtMail;
      this.read.set(id, message);
      return message;
    } catch {
      // Removed by the capacity rule since the folder was listed, or not a message of ours.
      return null;
    }
  }

  private forgetAllBut(ids: readonly string[]): void {
    const present = new Set(ids);
    for (const id of this.read.keys()) if (!present.has(id)) this.read.delete(id);
  }

  private fileOf(id: string): string {
    return path.join(this.dir, `${id}.json`);
  }

  /** Oldest first. */
  private async ids(): Promise<string[]> {
    const names = await readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    return names
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter((id) => Mailbox.isMessageId(id))
      .sort();
  }

  private async removeBeyondCapacity(): Promise<void> {
    const ids = await this.ids();
    const surplus = ids.slice(0, Math.max(0, ids.length - MAILBOX_CAPACITY));
    await Promise.all(surplus.map((id) => rm(this.fileOf(id), { force: true })));
  }
}

const recipientsOf = (message: CaughtMail) => message.to.split(',').map((address) => address.trim().toLowerCase());
