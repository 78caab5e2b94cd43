import type { Knex } from 'knex';

const STATUSES = `('PENDING','IN_PROGRESS','COMPLETED','BLOCKED')`;
const PRIORITIES = `('LOW','MEDIUM','HIGH','URGENT')`;

export async function up(knex: Knex): Promise<void> {
  // A recurring series: the template every occurrence copies, and the rule that dates them.
  await knex.schema.createTable('tasks_series', (table) => {
    table.bigIncrements('id');
    table.uuid('external_id').notNullable().unique();
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.text('title').notNullable();
    table.text('description').notNullable();
    table.text('priority').notNullable();
    table.bigInteger('assigned_to').references('users.id').onDelete('SET NULL');
    table.bigInteger('client_id').references('clients.id').onDelete('SET NULL');
    table.text('entity_type');
    table.text('entity_id');
    table.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    // Either a frequency (WEEKLY, MONTHLY, QUARTERLY, YEARLY) with interval and day of month, or an RRULE.
    table.text('frequency');
    table.integer('interval').notNullable().defaultTo(1);
    table.integer('day_of_month');
    table.text('rrule');
    table.integer('create_days_before').notNullable().defaultTo(0);
    // The first occurrence's due date: the rule's start.
    table.date('anchor_date').notNullable();
    // The latest occurrence the series has made: the next one follows it even when that task was deleted since.
    table.date('last_occurrence_date').notNullable();
    table.timestamp('stopped_at', { useTz: true });
    table.timestamps(true, true);
    table.index(['workspace_id', 'stopped_at']);
  });
  await knex.raw(`alter table tasks_series add constraint tasks_series_priority_check check (priority in ${PRIORITIES})`);
  await knex.raw(
    `alter table tasks_series add constraint tasks_series_rule_check check ((frequency in ('WEEKLY','MONTHLY','QUARTERLY','YEARLY') and rrule is null) or (frequency is null and rrule is not null))`,
  );

  await knex.schema.createTable('tasks', (table) => {
    table.bigIncrements('id');
    table.uuid('external_id').notNullable().unique();
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.text('title').notNullable();
    table.text('description').notNullable();
    table.text('status').notNullable().defaultTo('PENDING');
    table.text('priority').notNullable();
    // A calendar date in Asia/Kolkata.
    table.date('due_date');
    // A member who leaves keeps their tasks until someone reassigns them.
    table.bigInteger('assigned_to').references('users.id').onDelete('SET NULL');
    table.bigInteger('client_id').references('clients.id').onDelete('SET NULL');
    table.text('entity_type');
    table.text('entity_id');
    table.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    table.timestamp('start_date', { useTz: true });
    table.timestamp('completed_at', { useTz: true });
    table.bigInteger('series_id').references('tasks_series.id').onDelete('SET NULL');
    // The due date the series rule gave this occurrence: one task per series and period.
    table.date('occurrence_date');
    table.timestamps(true, true);
  });
  await knex.raw(`alter table tasks add constraint tasks_status_check check (status in ${STATUSES})`);
  await knex.raw(`alter table tasks add constraint tasks_priority_check check (priority in ${PRIORITIES})`);
  await knex.raw(`alter table tasks add constraint tasks_entity_check check ((entity_type is null) = (entity_id is null))`);
  await knex.raw('create unique index tasks_series_occurrence_unique on tasks (series_id, occurrence_date) where series_id is not null');
  // Keyset pages of every sort order, with or without a status filter, read an index in order and stop at the limit.
  await knex.raw('create index tasks_workspace_created on tasks (workspace_id, created_at desc, id desc)');
  await knex.raw('create index tasks_workspace_status_created on tasks (workspace_id, status, created_at desc, id desc)');
  await knex.raw('create index tasks_workspace_due on tasks (workspace_id, due_date, id)');
  await knex.raw('create index tasks_workspace_title on tasks (workspace_id, title, id)');
  await knex.raw('create index tasks_workspace_client on tasks (workspace_id, client_id)');
  await knex.raw('create index tasks_workspace_entity on tasks (workspace_id, entity_type, entity_id)');
  await knex.raw('create index tasks_assigned_to on tasks (assigned_to)');
  await knex.raw('create index tasks_series_id on tasks (series_id)');
  await knex.raw(`create index tasks_search_trgm on tasks using gin ((title || ' ' || description) gin_trgm_ops)`);
  // A search's plan hangs on how many rows the planner expects to match; the default sample misjudges it by 100x.
  await knex.raw('alter index tasks_search_trgm alter column 1 set statistics 1000');

  await knex.schema.createTable('tasks_comments', (table) => {
    table.bigIncrements('id');
    table.uuid('external_id').notNullable().unique();
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.bigInteger('task_id').notNullable().references('tasks.id').onDelete('CASCADE');
    table.bigInteger('author_id').references('users.id').onDelete('SET NULL');
    table.text('content').notNullable();
    table.timestamps(true, true);
    table.index(['task_id', 'created_at']);
  });

  // Reminders already raised: TASK_DUE_SOON and TASK_OVERDUE go out once per task and day.
  await knex.schema.createTable('tasks_reminders_sent', (table) => {
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.bigInteger('task_id').notNullable().references('tasks.id').onDelete('CASCADE');
    table.text('kind').notNullable();
    table.date('day').notNullable();
    table.primary(['task_id', 'kind', 'day']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['tasks_reminders_sent', 'tasks_comments', 'tasks', 'tasks_series']) {
    await knex.schema.dropTableIfExists(table);
  }
}
