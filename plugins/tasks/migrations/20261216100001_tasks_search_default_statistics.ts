import type { Knex } from 'knex';

/**
 * The search text goes back to the default statistics target (100). With 1000, planning a search compared the term
 * with 1000 sampled texts: 0.4-0.9 ms per search, more than running it at 10,000 tasks (0.1-0.4 ms). Measured with
 * six terms from rare to common at 10,000 and 1,000,000 tasks (bench/README.md), the default sample leads to the same
 * plan for each, in 0.06-0.25 ms of planning.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table tasks alter column search_text set statistics -1');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table tasks alter column search_text set statistics 1000');
}
