import type { Knex } from 'knex';

const DEPARTMENTS = `('GST','INCOME_TAX','COMPLIANCE')`;
const STATUSES = `('NEW','IN_PROGRESS','RESOLVED','PENDING','EXPIRED')`;
const PRIORITIES = `('HIGH','MEDIUM','LOW')`;
const SOURCES = `('MANUAL','IMPORT','PORTAL')`;
const HEARING_MODES = `('IN_PERSON','VIRTUAL','WRITTEN')`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notices', (table) => {
    table.bigIncrements('id');
    table.uuid('external_id').notNullable().unique();
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    // A notice is always about one client; deleting the client deletes its notices (the lifecycle hook logs it).
    table.bigInteger('client_id').notNullable().references('clients.id').onDelete('CASCADE');
    table.text('department').notNullable();
    // The form or section, e.g. 'ASMT-10', 'Section 143(2)'.
    table.text('notice_type').notNullable();
    // The reference number or DIN as the department printed it.
    table.text('reference').notNullable();
    table.text('description').notNullable().defaultTo('');
    table.text('priority').notNullable().defaultTo('MEDIUM');
    table.text('status').notNullable().defaultTo('NEW');
    // Calendar dates in Asia/Kolkata.
    table.date('date_of_issuance');
    table.date('due_date');
    // The firm's own deadline, ahead of the statutory due date.
    table.date('target_date');
    // A GST tax period ('Apr 2025 - Mar 2026') or an assessment / tax year ('AY 2025-26').
    table.text('tax_period');
    // Rupees and paise, exact.
    table.bigInteger('amount_paise');
    table.bigInteger('assigned_to').references('users.id').onDelete('SET NULL');
    table.text('source').notNullable().defaultTo('MANUAL');
    // Filled by the AI analysis (the next issue).
    table.text('summary');
    table.text('action_items');
    table.text('draft_reply');
    table.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    table.timestamps(true, true);
  });
  await knex.raw(`alter table notices add constraint notices_department_check check (department in ${DEPARTMENTS})`);
  await knex.raw(`alter table notices add constraint notices_status_check check (status in ${STATUSES})`);
  await knex.raw(`alter table notices add constraint notices_priority_check check (priority in ${PRIORITIES})`);
  await knex.raw(`alter table notices add constraint notices_source_check check (source in ${SOURCES})`);
  await knex.raw('alter table notices add constraint notices_amount_check check (amount_paise is null or amount_paise >= 0)');
  // The same notice is never stored twice: one reference per workspace and client, whatever its case and spacing.
  await knex.raw('create unique index notices_reference_unique on notices (workspace_id, client_id, (upper(reference)))');
  // Offset pages in both sort orders read these in order; department and status ride along for the filters.
  await knex.raw(
    'create index notices_workspace_issued on notices (workspace_id, date_of_issuance desc nulls last, id desc) include (department, status, priority)',
  );
  await knex.raw('create index notices_workspace_due on notices (workspace_id, due_date nulls last, id) include (department, status, priority)');
  // The register's pages (server/list-query.ts): one slice per department and status, each read in the page's
  // order and merged, so a deep page costs its offset rather than every row the filters skip. Nulls stay last in
  // both directions, which a backward scan would put first, hence one index per direction.
  for (const [name, column, direction] of [
    ['issued_desc', 'date_of_issuance', 'desc'],
    ['issued_asc', 'date_of_issuance', 'asc'],
    ['due_desc', 'due_date', 'desc'],
    ['due_asc', 'due_date', 'asc'],
  ] as const) {
    await knex.raw(
      `create index notices_filtered_${name} on notices (workspace_id, department, status, ${column} ${direction} nulls last, id ${direction}) include (priority)`,
    );
  }
  await knex.raw('create index notices_workspace_client on notices (workspace_id, client_id)');
  await knex.raw('create index notices_assigned_to on notices (assigned_to)');
  await knex.raw(`create index notices_search_trgm on notices using gin ((notice_type || ' ' || reference || ' ' || description) gin_trgm_ops)`);

  await knex.schema.createTable('notices_hearings', (table) => {
    table.bigIncrements('id');
    table.uuid('external_id').notNullable().unique();
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.bigInteger('notice_id').notNullable().references('notices.id').onDelete('CASCADE');
    table.date('hearing_date').notNullable();
    // 'HH:MM' in Asia/Kolkata, or none when the notice gives only the day.
    table.text('hearing_time');
    table.text('mode').notNullable();
    table.text('notes').notNullable().defaultTo('');
    table.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    table.timestamps(true, true);
    table.index(['notice_id', 'hearing_date']);
    table.index(['workspace_id', 'hearing_date']);
  });
  await knex.raw(`alter table notices_hearings add constraint notices_hearings_mode_check check (mode in ${HEARING_MODES})`);
  await knex.raw(
    `alter table notices_hearings add constraint notices_hearings_time_check check (hearing_time is null or hearing_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')`,
  );

  // spec 2 section 3: the stored notice-filter preference, per workspace and member.
  await knex.schema.createTable('notices_filter_preferences', (table) => {
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.specificType('departments', 'text[]').notNullable().defaultTo('{}');
    table.specificType('priorities', 'text[]').notNullable().defaultTo('{}');
    table.specificType('statuses', 'text[]').notNullable().defaultTo('{}');
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(['workspace_id', 'user_id']);
  });

  // NOTICE_DUE_SOON and NOTICE_OVERDUE already raised: once per notice, deadline (due or target), its date and threshold.
  await knex.schema.createTable('notices_reminders_sent', (table) => {
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.bigInteger('notice_id').notNullable().references('notices.id').onDelete('CASCADE');
    table.text('kind').notNullable();
    table.text('deadline').notNullable();
    table.date('day').notNullable();
    // Days before the deadline (7, 3, 1) for NOTICE_DUE_SOON; 0 for NOTICE_OVERDUE.
    table.integer('days_before').notNullable();
    table.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(['notice_id', 'kind', 'deadline', 'day', 'days_before']);
  });
  await knex.raw(
    `alter table notices_reminders_sent add constraint notices_reminders_kind_check check (kind in ('NOTICE_DUE_SOON','NOTICE_OVERDUE'))`,
  );
  await knex.raw(`alter table notices_reminders_sent add constraint notices_reminders_deadline_check check (deadline in ('DUE','TARGET'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('notices_reminders_sent');
  await knex.schema.dropTableIfExists('notices_filter_preferences');
  await knex.schema.dropTableIfExists('notices_hearings');
  await knex.schema.dropTableIfExists('notices');
}
