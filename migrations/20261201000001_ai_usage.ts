import type { Knex } from 'knex';

/**
 * The tokens each call to a metered AI provider spent, per workspace: what its bill is made of. Read per workspace
 * and calendar day of India, so the index is on that day rather than on the instant.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ai_usage', (table) => {
    table.bigIncrements('id');
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.text('provider').notNullable();
    table.text('model').notNullable();
    table.integer('prompt_tokens').notNullable();
    table.integer('completion_tokens').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`create index ai_usage_workspace_day on ai_usage (workspace_id, ((created_at at time zone 'Asia/Kolkata')::date))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('ai_usage');
}
