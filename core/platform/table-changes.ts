import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import pg from 'pg';
import type { Config } from './config';
import type { Logger } from './logger';
import { TOKENS } from './tokens';

/** Written by the triggers of migration 20261216000001 on commit of any write to a watched table. */
export const TABLE_CHANGES_CHANNEL = 'core_table_changes';
export const WATCHED_TABLES = ['users', 'workspaces', 'workspace_members', 'workspace_plugins', 'clients'] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

const RECONNECT_DELAY_MS = 1_000;
const WRITTEN_TABLE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?(\w+)"?/gi;
const TRUNCATE = /^\s*truncate\b/i;
const READ_ONLY = /^\s*select\b/i;
const COMMIT = /^\s*commit\b/i;
const ROLLBACK = /^\s*rollback\s*;?\s*$/i;

/** The watched tables a statement writes; every one of them for a truncate, whose table list is not worth parsing. */
export function watchedTablesWrittenBy(sql: string): WatchedTable[] {
  if (READ_ONLY.test(sql)) return [];
  if (TRUNCATE.test(sql)) return [...WATCHED_TABLES];
  const written = new Set<WatchedTable>();
  for (const [, table] of sql.matchAll(WRITTEN_TABLE)) {
    if ((WATCHED_TABLES as readonly string[]).includes(table!)) written.add(table as WatchedTable);
  }
  return [...written];
}

interface QueryEvent {
  sql: string;
  /** The transaction (or savepoint) a statement runs in; knex sends an outer COMMIT without it. */
  __knexTxId?: string;
  /** The connection: one transaction at a time, its savepoints included. */
  __knexUid?: string;
}

/**
 * Tells in-memory copies of core tables when those tables change, so they can be kept without ever being served
 * stale. Another process's writes arrive as PostgreSQL notifications when they commit (the triggers catch every
 * writer, plugins and tools included); this process's own writes are seen as they are sent and again when they
 * commit, so a change made by a request is never missed by the next one, however the notification is delayed.
 * While the notifications cannot be heard (before the first connection, after a lost one), `isLive` is false and a
 * cache must read through, since changes would go unnoticed.
 */
@injectable()
export class TableChanges {
  private readonly listeners = new Set<(table: WatchedTable | null) => void>();
  /** Watched tables written by the open transaction of each connection. */
  private readonly writtenAwaitingCommit = new Map<string, Set<WatchedTable>>();
  private client: pg.Client | null = null;
  private stopped = true;
  private reconnect: NodeJS.Timeout | null = null;
  private live = false;

  constructor(
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  get isLive(): boolean {
    return this.live;
  }

  /** `null` means anything may have changed. Answers the function that stops listening. */
  onChange(listener: (table: WatchedTable | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.knex.on('query', this.sawQuery);
    this.knex.on('query-response', this.sawResponse);
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.markDeaf();
    if (this.reconnect) clearTimeout(this.reconnect);
    this.knex.off('query', this.sawQuery);
    this.knex.off('query-response', this.sawResponse);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.config.databaseUrl, connectionTimeoutMillis: 5_000 });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      // Said once per outage, not at every failed attempt to listen again.
      if (this.live) this.logger.warn({ err: error?.message }, 'table change notifications lost; caches read through until they are back');
      this.markDeaf();
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('notification', (message) => {
      if (message.channel !== TABLE_CHANGES_CHANNEL) return;
      const table = WATCHED_TABLES.find((watched) => watched === message.payload);
      this.changed(table ?? null);
    });
    client.on('error', lost);
    client.on('end', () => lost());
    this.client = client;
    try {
      await client.connect();
      await client.query(`listen ${TABLE_CHANGES_CHANNEL}`);
    } catch (error) {
      lost(error as Error);
      return;
    }
    if (this.client !== client || this.stopped) return;
    // Whatever changed while nobody listened is unknown: every copy starts over.
    this.changed(null);
    this.live = true;
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnect) return;
    this.reconnect = setTimeout(() => {
      this.reconnect = null;
      if (!this.stopped) void this.listen();
    }, RECONNECT_DELAY_MS);
    this.reconnect.unref();
  }

  private markDeaf(): void {
    this.live = false;
    this.changed(null);
  }

  private changed(table: WatchedTable | null): void {
    for (const listener of this.listeners) listener(table);
  }

  /**
   * A write is announced as it is sent, so nothing read from then on is kept from before it, and again when it is
   * committed (knex reports no answer to a COMMIT, so as the COMMIT is sent: a read racing that last moment is
   * dropped by the notification that follows).
   */
  private readonly sawQuery = (query: QueryEvent) => {
    const connection = query.__knexUid ?? '';
    if (COMMIT.test(query.sql) || ROLLBACK.test(query.sql)) {
      const written = this.writtenAwaitingCommit.get(connection);
      this.writtenAwaitingCommit.delete(connection);
      if (written && COMMIT.test(query.sql)) for (const table of written) this.changed(table);
      return;
    }
    for (const table of watchedTablesWrittenBy(query.sql)) {
      this.changed(table);
      if (query.__knexTxId) {
        const written = this.writtenAwaitingCommit.get(connection) ?? new Set();
        this.writtenAwaitingCommit.set(connection, written.add(table));
      }
    }
  };

  /** An autocommitted write is visible to others once answered: what was read while it ran is dropped. */
  private readonly sawResponse = (_response: unknown, query: QueryEvent) => {
    if (query.__knexTxId) return;
    for (const table of watchedTablesWrittenBy(query.sql)) this.changed(table);
  };
}
