import type { Knex } from 'knex';

/**
 * Notifications: one row per recipient, so each member reads and marks their own. `sequence` is taken again from
 * `notification_sequence` whenever a row is raised or changes (progress, superseded), which makes it the id of the
 * server-sent event that carried it: a stream that reconnects asks for the rows whose sequence is above the last id it
 * saw. `sync_type` and `entity_type` are read from the metadata once, for the batch list and the stream filters.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create sequence notification_sequence');
  await knex.schema.createTable('notifications', (table) => {
    table.bigIncrements('id');
    table.uuid('external_id').notNullable().unique();
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.text('event_type').notNullable();
    table.text('title').notNullable();
    table.text('message').notNullable();
    table.text('priority').notNullable().defaultTo('medium');
    table.text('status').notNullable().defaultTo('unread');
    table.text('action_url');
    table.jsonb('metadata').notNullable().defaultTo('{}');
    // The work a progress notification belongs to (e.g. one credential import): its stages supersede each other.
    table.text('job_key');
    table.bigInteger('sequence').notNullable().defaultTo(knex.raw(`nextval('notification_sequence')`));
    table.timestamp('read_at', { useTz: true });
    table.timestamps(true, true);
  });
  await knex.raw(`alter table notifications add column sync_type text generated always as (metadata->>'syncType') stored`);
  await knex.raw(`alter table notifications add column entity_type text generated always as (metadata->>'entityType') stored`);
  await knex.raw(`alter table notifications add constraint notifications_priority_check check (priority in ('low','medium','high','urgent'))`);
  await knex.raw(`alter table notifications add constraint notifications_status_check check (status in ('unread','read'))`);
  await knex.raw(`alter table notifications add constraint notifications_event_type_check check (event_type ~ '^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$')`);
  await knex.raw('alter sequence notification_sequence owned by notifications.sequence');

  // A member's list, newest first, with or without a status filter, and their unread count.
  await knex.raw('create index notifications_user_status_created on notifications (user_id, workspace_id, status, created_at desc, id desc)');
  await knex.raw('create index notifications_user_created on notifications (user_id, workspace_id, created_at desc, id desc)');
  // What a reconnecting stream missed.
  await knex.raw('create index notifications_user_sequence on notifications (user_id, workspace_id, sequence)');
  // The batch list (work reported by jobs).
  await knex.raw(
    'create index notifications_user_batch on notifications (user_id, workspace_id, created_at desc, id desc) where sync_type is not null',
  );
  await knex.raw('create index notifications_job on notifications (workspace_id, job_key) where job_key is not null');
  await knex.raw('create index notifications_workspace on notifications (workspace_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('notifications');
  await knex.raw('drop sequence if exists notification_sequence');
}
