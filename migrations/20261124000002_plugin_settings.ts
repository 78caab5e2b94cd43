import type { Knex } from 'knex';

/**
 * Each plugin's settings in each workspace: only the fields the workspace saved (the schema's defaults fill the
 * rest when read). Deleting the workspace deletes them in the same transaction.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('workspace_plugin_settings', (table) => {
    table.bigIncrements('id');
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.text('plugin_id').notNullable();
    table.jsonb('settings').notNullable().defaultTo('{}');
    table.bigInteger('updated_by').references('users.id').onDelete('SET NULL');
    table.timestamps(true, true);
    table.unique(['workspace_id', 'plugin_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('workspace_plugin_settings');
}
