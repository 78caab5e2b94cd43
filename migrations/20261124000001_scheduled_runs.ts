import type { Knex } from 'knex';

/**
 * One row per slot of a schedule that a worker has run. The key makes the insert the claim: of all the workers
 * that reach a slot, only the one whose insert lands enqueues its jobs.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('scheduled_runs', (table) => {
    // `<plugin>.<job>`, the queue the slot's jobs go to.
    table.text('schedule').notNullable();
    table.timestamp('slot', { useTz: true }).notNullable();
    table.integer('jobs').notNullable().defaultTo(0);
    table.timestamp('ran_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(['schedule', 'slot']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('scheduled_runs');
}
