import type { Knex } from 'knex';

/** Lower-cased name, email, PAN, GSTIN and phone, separated by a character a search term cannot contain. */
const CLIENT_SEARCH_DOCUMENT =
  // chr(10): a newline, which the list search strips from its term, so a match never spans two fields.
  "lower(name) || chr(10) || lower(email) || chr(10) || lower(pan_number) || chr(10) || lower(coalesce(gstin, '')) || chr(10) || phone";

/**
 * Clients, their notes and their portal credentials. Notes and credentials reference their client with
 * ON DELETE CASCADE, so deleting a client removes them in the same statement, hence the same transaction.
 * Aadhaar numbers and portal usernames/passwords are only ever stored as AES-256-GCM ciphertexts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pg_trgm');

  await knex.schema.createTable('clients', (table) => {
    table.bigIncrements('id');
    table.uuid('external_id').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.text('client_type').notNullable();
    table.text('name').notNullable();
    table.text('email').notNullable();
    table.text('phone').notNullable();
    table.text('pan_number').notNullable();
    table.text('tan');
    table.text('industry');
    table.text('gstin');
    table.text('contact_person');
    table.text('business_address');
    table.text('residential_address');
    table.text('aadhaar_ciphertext');
    // The last four digits are what every screen shows (XXXX-XXXX-1234); kept apart so listing needs no decryption.
    table.text('aadhaar_last4');
    table.date('date_of_birth');
    table.text('occupation');
    table.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    table.timestamps(true, true);
  });
  await knex.raw(`alter table clients add constraint clients_client_type_check check (client_type in ('BUSINESS','INDIVIDUAL'))`);
  await knex.raw('create unique index clients_pan_unique on clients (workspace_id, pan_number)');
  await knex.raw('create unique index clients_email_unique on clients (workspace_id, lower(email))');
  await knex.raw('create index clients_name_order on clients (workspace_id, lower(name), id)');
  // One trigram index over everything the list search matches; the query repeats this exact expression.
  await knex.raw(`create index clients_search_trgm on clients using gin ((${CLIENT_SEARCH_DOCUMENT}) gin_trgm_ops)`);

  await knex.schema.createTable('client_notes', (table) => {
    table.bigIncrements('id');
    table.uuid('external_id').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.bigInteger('client_id').notNullable().references('clients.id').onDelete('CASCADE');
    table.bigInteger('author_user_id').references('users.id').onDelete('SET NULL');
    table.text('content').notNullable();
    table.timestamps(true, true);
    table.index(['client_id', 'created_at']);
    table.index(['workspace_id']);
  });

  await knex.schema.createTable('client_credentials', (table) => {
    table.bigIncrements('id');
    table.bigInteger('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    table.bigInteger('client_id').notNullable().references('clients.id').onDelete('CASCADE');
    table.text('platform').notNullable();
    table.text('username_ciphertext').notNullable();
    table.text('password_ciphertext').notNullable();
    table.boolean('is_valid').notNullable().defaultTo(true);
    table.bigInteger('updated_by').references('users.id').onDelete('SET NULL');
    table.timestamps(true, true);
    table.unique(['client_id', 'platform']);
    table.index(['workspace_id']);
  });
  await knex.raw(`alter table client_credentials add constraint client_credentials_platform_check check (platform in ('GST','INCOME_TAX'))`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['client_credentials', 'client_notes', 'clients']) {
    await knex.schema.dropTableIfExists(table);
  }
}
