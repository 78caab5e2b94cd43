import type { Knex } from 'knex';

/**
 * The search copy joins title and description with a line break instead of a space: a search term is one line, so
 * it can no longer match across the two ("gst return" in a task titled "Quarterly GST" described "return filing").
 */
export async function up(knex: Knex): Promise<void> {
  await rebuildSearchText(knex, `E'\\n'`);
}

export async function down(knex: Knex): Promise<void> {
  await rebuildSearchText(knex, `' '`);
}

/** PostgreSQL 15 cannot change a generated column's expression: the column and its index are made again. */
async function rebuildSearchText(knex: Knex, separator: string): Promise<void> {
  await knex.raw('alter table tasks drop column search_text');
  await knex.raw(`alter table tasks add column search_text text generated always as (lower(title || ${separator} || description)) stored`);
  await knex.raw('create index tasks_search_text_trgm on tasks using gin (search_text gin_trgm_ops)');
  // As before: a search's plan hangs on how many rows the planner expects to match; the default sample misjudges it.
  await knex.raw('alter table tasks alter column search_text set statistics 1000');
}
