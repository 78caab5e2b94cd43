import type { Knex } from 'knex';

/** Whose analysis a notice holds: a portal sync's own may be replaced by its next one, a member's never is. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notices', (table) => {
    // Existing analyses count as a member's: the sync leaves them be rather than risk replacing one read from the PDFs.
    table.boolean('ai_by_sync').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notices', (table) => {
    table.dropColumn('ai_by_sync');
  });
}
