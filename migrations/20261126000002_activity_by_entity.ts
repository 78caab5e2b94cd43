import type { Knex } from 'knex';

// A record's history (a task's activity log) reads only its own entries, newest first.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index activity_log_entity on activity_log (workspace_id, entity_type, entity_id, created_at desc, id desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists activity_log_entity');
}
