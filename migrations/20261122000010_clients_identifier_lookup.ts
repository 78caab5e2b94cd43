import type { Knex } from 'knex';

/**
 * A search for a complete PAN or GSTIN is answered by these indexes instead of the trigram index (whose posting
 * lists for the few trigrams every PAN shares are long): the PAN itself, and the PAN embedded in a GSTIN.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index clients_gstin_lookup on clients (workspace_id, gstin) where gstin is not null');
  await knex.raw('create index clients_gstin_pan_lookup on clients (workspace_id, substr(gstin, 3, 10)) where gstin is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists clients_gstin_pan_lookup');
  await knex.raw('drop index if exists clients_gstin_lookup');
}
