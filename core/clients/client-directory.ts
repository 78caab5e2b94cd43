import { injectable } from 'inversify';
import type { Knex } from 'knex';
import { notFound } from '../platform/errors';
import { isExternalId } from '../platform/http';
import type { Role } from '../platform/identity';
import { matchSearch } from './client-search';
import { CLIENT_NOT_FOUND } from './client-service';
import { Client } from './models';
import type { ClientType } from './schemas';

/** A client as the other domains and the plugins see it: who it is, never its secrets or addresses. */
export interface ClientSummary {
  /** The serial id, for a plugin's foreign keys; never shown outside the server. */
  id: number;
  externalId: string;
  name: string;
  email: string;
  clientType: ClientType;
  panNumber: string;
}

/** The member a question is asked for: their role in the workspace and their sign-in email. */
export interface ClientDirectoryMember {
  role: Role;
  email: string;
}

const MAX_SEARCH_RESULTS = 100;
const SUMMARY_COLUMNS = ['clients.id', 'clients.external_id', 'clients.name', 'clients.email', 'clients.client_type', 'clients.pan_number'];

const summaryOf = (client: Client): ClientSummary => ({
  id: client.id,
  externalId: client.externalId,
  name: client.name,
  email: client.email,
  clientType: client.clientType,
  panNumber: client.panNumber,
});

/**
 * `TOKENS.Clients`: the workspace's clients for plugins, which never read the `clients` table themselves. Every
 * method is scoped to one workspace (its serial id, `membership.workspace.id`); pass `trx` to read inside a
 * plugin's own transaction.
 */
@injectable()
export class ClientDirectory {
  /** 404 with `notFoundMessage` ('Client not found' by default) when the workspace has no such client. */
  async byExternalId(
    workspaceId: number,
    externalId: string,
    options: { notFoundMessage?: string; trx?: Knex.Transaction } = {},
  ): Promise<ClientSummary> {
    const client = isExternalId(externalId)
      ? await Client.inWorkspace(workspaceId, options.trx).where('clients.external_id', externalId.toLowerCase()).select(SUMMARY_COLUMNS).first()
      : undefined;
    if (!client) throw notFound(options.notFoundMessage ?? CLIENT_NOT_FOUND);
    return summaryOf(client);
  }

  /** The workspace's clients among `ids`, by id; ids of other workspaces or of deleted clients are left out. */
  async byIds(workspaceId: number, ids: Iterable<number>, trx?: Knex.Transaction): Promise<Map<number, ClientSummary>> {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return new Map();
    const clients = await Client.inWorkspace(workspaceId, trx).whereIn('clients.id', wanted).select(SUMMARY_COLUMNS);
    return new Map(clients.map((client) => [client.id, summaryOf(client)]));
  }

  /** The clients list's search (name, email, PAN, GSTIN, phone), ordered by name; at most `limit` (1-100) clients. */
  async search(workspaceId: number, term: string, limit: number): Promise<ClientSummary[]> {
    const clients = await Client.inWorkspace(workspaceId)
      .modify((query) => {
        if (term.trim()) matchSearch(query, term);
      })
      .orderByRaw('lower(name), id')
      .limit(Math.min(Math.max(Math.trunc(limit), 1), MAX_SEARCH_RESULTS))
      .select(SUMMARY_COLUMNS);
    return clients.map(summaryOf);
  }

  /**
   * Which clients a member stands for. Null for staff (OWNER, ADMIN, EMPLOYEE), who see every client. A CLIENT member
   * stands for the client whose email is their sign-in email, ignoring case (client emails are unique in a
   * workspace): a list of at most one id today, empty when there is no such client.
   */
  async clientsOfMember(workspaceId: number, member: ClientDirectoryMember, trx?: Knex.Transaction): Promise<number[] | null> {
    if (member.role !== 'CLIENT') return null;
    const clients = await Client.inWorkspace(workspaceId, trx).whereRaw('lower(clients.email) = lower(?)', [member.email]).select('clients.id');
    return clients.map((client) => client.id);
  }
}
