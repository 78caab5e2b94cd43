import type { Knex } from 'knex';
import { notFound } from '../../../core/plugin-api';
import { MESSAGES, type ClientRef } from '../shared/wire';

export interface ClientRow extends ClientRef {
  id: number;
}

/** The workspace's clients as this plugin needs them: names for display, and the link of a CLIENT member to a client. */
export class ClientDirectory {
  constructor(private readonly knex: Knex) {}

  async byExternalId(workspaceId: number, externalId: string, trx?: Knex.Transaction): Promise<ClientRow> {
    const row = await (trx ?? this.knex)('clients').where({ workspace_id: workspaceId, external_id: externalId }).first('id', 'external_id', 'name');
    if (!row) throw notFound(MESSAGES.clientNotFound);
    return { id: row.id, externalId: row.external_id, name: row.name };
  }

  async byIds(workspaceId: number, ids: Iterable<number>): Promise<Map<number, ClientRef>> {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return new Map();
    const rows = await this.knex('clients').where({ workspace_id: workspaceId }).whereIn('id', wanted).select('id', 'external_id', 'name');
    return new Map(rows.map((row: { id: number; external_id: string; name: string }) => [row.id, { externalId: row.external_id, name: row.name }]));
  }

  /**
   * A CLIENT member stands for the workspace client whose email is the member's sign-in email (client emails are
   * unique in a workspace). Null when there is none: such a member sees no folder.
   */
  async linkedClientId(workspaceId: number, memberEmail: string): Promise<number | null> {
    const row = await this.knex('clients').where({ workspace_id: workspaceId }).whereRaw('lower(email) = lower(?)', [memberEmail]).first('id');
    return row?.id ?? null;
  }
}
