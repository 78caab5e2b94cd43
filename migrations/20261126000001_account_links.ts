import type { Knex } from 'knex';

/**
 * Single-use links sent by email (verify an address, reset a password, join a workspace), of which only a SHA-256
 * hash is stored, and the clients a CLIENT member stands for.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('account_tokens', (table) => {
    table.bigIncrements('id');
    table.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.text('purpose').notNullable();
    table.text('token_hash').notNullable().unique();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('used_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['user_id', 'purpose']);
  });
  await knex.raw(`alter table account_tokens add constraint account_tokens_purpose_check check (purpose in ('verify-email', 'reset-password'))`);

  // Invitations made before links existed have no token: an administrator resends them, which gives them one.
  await knex.schema.alterTable('workspace_invitations', (table) => {
    table.text('token_hash').unique();
    table.timestamp('expires_at', { useTz: true });
  });
  await knex.raw(`update workspace_invitations set expires_at = created_at + interval '7 days'`);
  await knex.raw('alter table workspace_invitations alter column expires_at set not null');

  await knex.schema.createTable('workspace_invitation_clients', (table) => {
    table.bigInteger('invitation_id').notNullable().references('workspace_invitations.id').onDelete('CASCADE');
    table.bigInteger('client_id').notNullable().references('clients.id').onDelete('CASCADE');
    table.primary(['invitation_id', 'client_id']);
  });

  await knex.schema.createTable('member_clients', (table) => {
    table.bigInteger('workspace_id').notNullable();
    table.bigInteger('user_id').notNullable();
    table.bigInteger('client_id').notNullable().references('clients.id').onDelete('CASCADE');
    table.primary(['workspace_id', 'user_id', 'client_id']);
    // Leaving the workspace (or its deletion) ends the links with it.
    table.foreign(['workspace_id', 'user_id']).references(['workspace_id', 'user_id']).inTable('workspace_members').onDelete('CASCADE');
  });
  await knex.raw('create index member_clients_client on member_clients (client_id)');
  // Until now a CLIENT member stood for the client whose email was their sign-in email: those links are kept.
  await knex.raw(`
    insert into member_clients (workspace_id, user_id, client_id)
    select m.workspace_id, m.user_id, c.id
    from workspace_members m
    join users u on u.id = m.user_id
    join clients c on c.workspace_id = m.workspace_id and lower(c.email) = lower(u.email)
    where m.role = 'CLIENT'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('member_clients');
  await knex.schema.dropTableIfExists('workspace_invitation_clients');
  await knex.schema.alterTable('workspace_invitations', (table) => {
    table.dropColumn('token_hash');
    table.dropColumn('expires_at');
  });
  await knex.schema.dropTableIfExists('account_tokens');
}
