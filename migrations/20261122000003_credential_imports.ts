import type { Knex } from 'knex';

/**
 * Bulk credential imports: the request, its progress and the outcome of each row. The rows themselves (portal
 * passwords among them) are kept only as one AES-256-GCM ciphertext, and only until the import has run, so the
 * job queue carries nothing but the import's id.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('credential_imports', (table) => {
    table.bigIncrements('id');
    table.uuid('external_id').notNullable().unique();
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.bigInteger('requested_by').references('users.id').onDelete('SET NULL');
    table.text('status').notNullable().defaultTo('queued');
    table.integer('total').notNullable();
    table.integer('completed').notNullable().defaultTo(0);
    table.jsonb('results').notNullable().defaultTo('[]');
    table.text('rows_ciphertext');
    table.timestamps(true, true);
    table.index(['workspace_id']);
  });
  await knex.raw(
    `alter table credential_imports add constraint credential_imports_status_check check (status in ('queued','running','completed','failed'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('credential_imports');
}
