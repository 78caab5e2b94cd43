import knexFactory, { type Knex } from 'knex';
import { Model } from 'objection';
import pg from 'pg';
import type { Logger } from './logger';

export type { Knex };

// Postgres bigint (serial ids, counts) fits a JS number for every value this product stores.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// A calendar date (e.g. a date of birth) stays the YYYY-MM-DD text it is, not a Date at the server's local midnight.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** Creates the configured database when it does not exist yet, so a fresh machine needs no manual step. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const database = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) {
      await client.query(`create database "${database.replaceAll('"', '""')}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // another process created it first
      });
    }
  } finally {
    await client.end();
  }
}

/**
 * Objection models find their knex globally. A process normally has one; tests may start a second host for a
 * while, so the most recently created live knex is the bound one, and stopping it restores the previous one.
 */
const liveInstances: Knex[] = [];

export function createKnex(databaseUrl: string, logger: Logger): Knex {
  const knex = knexFactory({
    client: 'pg',
    connection: { connectionString: databaseUrl, connectionTimeoutMillis: 5000 },
    pool: { min: 0, max: 10 },
    acquireConnectionTimeout: 5000,
    log: {
      warn: (message: unknown) => logger.warn({ detail: String(message) }, 'database warning'),
      error: (message: unknown) => logger.warn({ detail: String(message) }, 'database connection error'),
      deprecate: (method: string, alternative: string) => logger.warn({ method, alternative }, 'deprecated database call'),
      debug: () => undefined,
    },
  });
  liveInstances.push(knex);
  Model.knex(knex);
  return knex;
}

export async function destroyKnex(knex: Knex): Promise<void> {
  liveInstances.splice(liveInstances.indexOf(knex), 1);
  const previous = liveInstances.at(-1);
  if (previous) Model.knex(previous);
  await knex.destroy();
}
