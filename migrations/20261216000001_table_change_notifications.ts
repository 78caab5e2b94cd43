import type { Knex } from 'knex';

/** The core tables whose rows web processes keep in memory (the plugin route gate, the people and client lookups). */
const WATCHED_TABLES = ['users', 'workspaces', 'workspace_members', 'workspace_plugins', 'clients'];

/**
 * A notification on `core_table_changes`, carrying the table's name, for every statement that writes one of the
 * watched tables, whichever process or tool wrote it. PostgreSQL delivers it when the transaction commits and never
 * for one rolled back, and sends one per table and transaction however many rows were written.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function core_notify_table_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('core_table_changes', tg_table_name);
      return null;
    end
    $$`);
  for (const table of WATCHED_TABLES) {
    await knex.raw(
      `create trigger ${table}_notify_change after insert or update or delete or truncate on ${table}
       for each statement execute function core_notify_table_change()`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of WATCHED_TABLES) await knex.raw(`drop trigger ${table}_notify_change on ${table}`);
  await knex.raw('drop function core_notify_table_change()');
}
