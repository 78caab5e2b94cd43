import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (table) => {
    table.bigIncrements('id');
    table.uuid('external_id').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    table.text('name').notNullable();
    table.text('email').notNullable();
    table.text('password_hash');
    table.text('image');
    table.text('google_subject').unique();
    table.timestamp('email_verified_at', { useTz: true });
    table.timestamps(true, true);
  });
  await knex.raw('create unique index users_email_lower_unique on users (lower(email))');

  await knex.schema.createTable('workspaces', (table) => {
    table.bigIncrements('id');
    table.uuid('external_id').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    table.text('name').notNullable();
    table.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    table.timestamps(true, true);
  });

  await knex.schema.createTable('workspace_members', (table) => {
    table.bigIncrements('id');
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.text('role').notNullable();
    table.timestamps(true, true);
    table.unique(['workspace_id', 'user_id']);
    table.index(['user_id']);
  });
  await knex.raw(`alter table workspace_members add constraint workspace_members_role_check check (role in ('OWNER','ADMIN','EMPLOYEE','CLIENT'))`);

  await knex.schema.createTable('workspace_invitations', (table) => {
    table.bigIncrements('id');
    table.uuid('external_id').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.text('email').notNullable();
    table.text('role').notNullable();
    table.bigInteger('invited_by').references('users.id').onDelete('SET NULL');
    table.timestamps(true, true);
  });
  await knex.raw('create unique index workspace_invitations_email_unique on workspace_invitations (workspace_id, lower(email))');
  await knex.raw('create index workspace_invitations_email on workspace_invitations (lower(email))');
  await knex.raw(
    `alter table workspace_invitations add constraint workspace_invitations_role_check check (role in ('OWNER','ADMIN','EMPLOYEE','CLIENT'))`,
  );

  await knex.schema.createTable('workspace_plugins', (table) => {
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.text('plugin_id').notNullable();
    table.boolean('enabled').notNullable();
    table.bigInteger('updated_by').references('users.id').onDelete('SET NULL');
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(['workspace_id', 'plugin_id']);
  });

  await knex.schema.createTable('activity_log', (table) => {
    table.bigIncrements('id');
    table.bigInteger('workspace_id').references('workspaces.id').onDelete('CASCADE');
    table.bigInteger('actor_user_id').references('users.id').onDelete('SET NULL');
    table.text('action').notNullable();
    table.text('entity_type').notNullable();
    table.text('entity_id');
    table.jsonb('metadata').notNullable().defaultTo('{}');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['workspace_id', 'created_at']);
    table.index(['actor_user_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['activity_log', 'workspace_plugins', 'workspace_invitations', 'workspace_members', 'workspaces', 'users']) {
    await knex.schema.dropTableIfExists(table);
  }
}
