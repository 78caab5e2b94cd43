import type { Knex } from 'knex';

/** The AI analysis's provenance, the automatic priority, the portal sync runs and the daily digest's subscribers. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notices', (table) => {
    // False until someone sets a priority: until then it follows the reply-by date and the amount.
    table.boolean('priority_set_by_member').notNullable().defaultTo(true);
    table.text('ai_provider');
    table.text('ai_model');
    table.timestamp('ai_processed_at', { useTz: true });
    // The portal's label ('Sandbox') for a notice a sync brought.
    table.text('source_label');
    table.timestamp('portal_synced_at', { useTz: true });
  });
  await knex.raw(`alter table notices add constraint notices_ai_provider_check check (ai_provider in ('AZURE_OPENAI','BUILTIN'))`);
  // New rows start automatic; the register's writes say otherwise when the member picked a priority.
  await knex.raw('alter table notices alter column priority_set_by_member set default false');

  await knex.schema.createTable('notices_sync_runs', (table) => {
    table.bigIncrements('id');
    table.uuid('batch_job_id').notNullable().unique();
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.bigInteger('started_by').references('users.id').onDelete('SET NULL');
    table.text('trigger').notNullable();
    table.specificType('platforms', 'text[]').notNullable();
    table.integer('client_count').notNullable();
    table.integer('completed_count').notNullable().defaultTo(0);
    table.integer('created_count').notNullable().defaultTo(0);
    table.integer('updated_count').notNullable().defaultTo(0);
    table.jsonb('failed_clients').notNullable().defaultTo('[]');
    table.specificType('client_names', 'text[]').notNullable().defaultTo('{}');
    table.text('status').notNullable().defaultTo('RUNNING');
    table.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('finished_at', { useTz: true });
    // When progress was last reported: workers report at most about once a second between them.
    table.timestamp('last_progress_at', { useTz: true });
    table.index(['workspace_id', 'started_at']);
  });
  await knex.raw(`alter table notices_sync_runs add constraint notices_sync_runs_status_check check (status in ('RUNNING','COMPLETED','FAILED'))`);
  await knex.raw(`alter table notices_sync_runs add constraint notices_sync_runs_trigger_check check (trigger in ('MANUAL','SCHEDULED'))`);
  // One sync at a time per workspace: a second refresh while one runs answers the running one.
  await knex.raw(`create unique index notices_sync_runs_one_running on notices_sync_runs (workspace_id) where status = 'RUNNING'`);

  // One row per client and platform of a run: a retried or second worker finds the client already done.
  await knex.schema.createTable('notices_sync_clients', (table) => {
    table.bigInteger('run_id').notNullable().references('notices_sync_runs.id').onDelete('CASCADE');
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.bigInteger('client_id').notNullable().references('clients.id').onDelete('CASCADE');
    table.text('platform').notNullable();
    table.text('status').notNullable().defaultTo('PENDING');
    table.text('error');
    table.integer('created_count').notNullable().defaultTo(0);
    table.integer('updated_count').notNullable().defaultTo(0);
    table.timestamp('finished_at', { useTz: true });
    table.primary(['run_id', 'client_id', 'platform']);
  });
  await knex.raw(`alter table notices_sync_clients add constraint notices_sync_clients_status_check check (status in ('PENDING','DONE','FAILED'))`);

  await knex.schema.createTable('notices_digest_subscriptions', (table) => {
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(['workspace_id', 'user_id']);
  });
  await knex.schema.createTable('notices_digests_sent', (table) => {
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.date('day').notNullable();
    table.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(['workspace_id', 'user_id', 'day']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('notices_digests_sent');
  await knex.schema.dropTableIfExists('notices_digest_subscriptions');
  await knex.schema.dropTableIfExists('notices_sync_clients');
  await knex.schema.dropTableIfExists('notices_sync_runs');
  await knex.schema.alterTable('notices', (table) => {
    table.dropColumn('portal_synced_at');
    table.dropColumn('source_label');
    table.dropColumn('ai_processed_at');
    table.dropColumn('ai_model');
    table.dropColumn('ai_provider');
    table.dropColumn('priority_set_by_member');
  });
}
