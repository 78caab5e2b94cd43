import { setTimeout as delay } from 'node:timers/promises';
import type { Knex } from 'knex';

const ATTEMPTS = 10;

/**
 * `VACUUM ANALYZE` until every page of `table` is marked all-visible, what autovacuum reaches on a table at rest.
 * A vacuum that runs while another transaction holds an older snapshot (autovacuum's own ANALYZE after a bulk insert,
 * say) leaves the newest pages unmarked; index-only scans then visit the heap and look dearer to the planner, and a
 * plan measured in that state is not the one the table settles on. Answers the share of pages marked.
 */
export async function vacuumUntilAllVisible(knex: Knex, table: string): Promise<number> {
  let share = 0;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    await knex.raw('vacuum analyze ??', [table]);
    const { rows } = await knex.raw('select relpages, relallvisible from pg_class where oid = ?::regclass', [table]);
    const { relpages, relallvisible } = rows[0] as { relpages: number; relallvisible: number };
    share = relpages === 0 ? 1 : relallvisible / relpages;
    if (share >= 1) break;
    await delay(1_000);
  }
  return share;
}
