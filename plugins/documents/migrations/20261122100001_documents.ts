import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Folders exist as rows (an empty folder is a folder); the root "" has none.
  await knex.schema.createTable('documents_folders', (table) => {
    table.bigIncrements('id');
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.text('path').notNullable();
    table.bigInteger('client_id').references('clients.id').onDelete('SET NULL');
    table.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    table.timestamps(true, true);
    table.unique(['workspace_id', 'path']);
    table.index(['client_id']);
  });
  await knex.raw(`alter table documents_folders add constraint documents_folders_path_check check (path ~ '^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*$')`);

  await knex.schema.createTable('documents', (table) => {
    table.bigIncrements('id');
    table.uuid('external_id').notNullable().unique();
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.text('file_key').notNullable().unique();
    table.text('filename').notNullable();
    table.text('mime_type').notNullable();
    table.bigInteger('size').notNullable();
    table.text('directory').notNullable().defaultTo('');
    table.bigInteger('client_id').references('clients.id').onDelete('SET NULL');
    table.bigInteger('uploaded_by').references('users.id').onDelete('SET NULL');
    table.timestamps(true, true);
    table.index(['client_id']);
  });
  await knex.raw('alter table documents add constraint documents_size_check check (size >= 0)');
  // The tree's per-folder totals and the quota's sum read only this index.
  await knex.raw('create index documents_workspace_directory on documents (workspace_id, directory) include (size, created_at, client_id)');
  await knex.raw('create index documents_workspace_created on documents (workspace_id, created_at desc, id desc)');

  // One row per workspace: its storage limit, and the row every upload locks so two cannot both take the last space.
  await knex.schema.createTable('documents_storage', (table) => {
    table.bigInteger('workspace_id').primary().references('workspaces.id').onDelete('CASCADE');
    table.bigInteger('storage_limit').notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // Stored files whose records are gone: the clean-up job removes each blob, then its row (outbox).
  await knex.schema.createTable('documents_blob_deletions', (table) => {
    table.bigIncrements('id');
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE').index();
    table.text('file_key').notNullable();
    table.integer('attempts').notNullable().defaultTo(0);
    table.text('last_error');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('documents_attachments', (table) => {
    table.bigIncrements('id');
    table.uuid('external_id').notNullable().unique();
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.bigInteger('document_id').notNullable().references('documents.id').onDelete('CASCADE');
    table.text('entity_type').notNullable();
    table.text('entity_id').notNullable();
    table.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    table.timestamps(true, true);
    table.unique(['document_id', 'entity_type', 'entity_id']);
    table.index(['workspace_id', 'entity_type', 'entity_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['documents_attachments', 'documents_blob_deletions', 'documents_storage', 'documents', 'documents_folders']) {
    await knex.schema.dropTableIfExists(table);
  }
}
