import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { notFound } from '../platform/errors';
import { TableCache } from '../platform/table-cache';
import { TableChanges } from '../platform/table-changes';
import { isExternalId, type Membership, type SessionUser } from '../platform/http';
import type { Role } from '../platform/identity';
import { matchSearch } from './client-search';
import { CLIENT_NOT_FOUND, type CredentialStatus } from './client-service';
import { CredentialService, type PortalLogin, type PortalLoginClient } from './credential-service';
import { Client, ClientCredential } from './models';
import type { ClientType, Platform } from './schemas';

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

/** A client a CLIENT member (or an invitation) is linked to, as the members list shows it. */
export interface LinkedClient {
  externalId: string;
  name: string;
}

/** The member a question is asked for: their role in the workspace and their user id. */
export interface ClientDirectoryMember {
  role: Role;
  userId: number;
}

const MAX_SEARCH_RESULTS = 100;
/** One entry per workspace and client its records name. */
const CLIENT_SUMMARIES_KEPT = 50_000;
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
  /** By workspace and client id: every list of a plugin names clients, read far more often than changed. */
  private readonly keptSummaries: TableCache<ClientSummary>;

  constructor(
    @inject(CredentialService) private readonly credentials: CredentialService,
    @inject(TableChanges) changes: TableChanges,
  ) {
    this.keptSummaries = new TableCache(changes, ['clients'], CLIENT_SUMMARIES_KEPT);
  }

  /**
   * The valid portal logins of `platform` (`GST` or `INCOME_TAX`) in the workspace, by client name, for a plugin's
   * portal sync job; optionally only of `clientIds`. Secrets in plain text: keep them in memory, never log or return them.
   */
  portalLogins(workspaceId: number, platform: Platform, clientIds?: readonly number[]): Promise<PortalLogin[]> {
    return this.credentials.portalLogins(workspaceId, platform, clientIds);
  }

  /**
   * The clients with a valid login of `platform` in the workspace, by name, without opening any secret: for deciding
   * whom a sync will visit. A login sealed under a key no longer held is left out.
   */
  portalLoginClients(workspaceId: number, platform: Platform): Promise<PortalLoginClient[]> {
    return this.credentials.portalLoginClients(workspaceId, platform);
  }

  /**
   * Saves (or replaces) a client's portal login as the client page does: sealed, valid again, and recorded in the
   * activity log as `actor`'s. For a plugin's demo seed; a member's own saving goes through the clients routes and
   * their step-up.
   */
  saveCredential(
    membership: Membership,
    clientExternalId: string,
    login: { platformName: Platform; username: string; password: string },
    actor: SessionUser,
  ): Promise<CredentialStatus> {
    return this.credentials.save(membership, clientExternalId, login, actor);
  }

  /**
   * The portal refused this client's login: the clients list and the client page show the warning until it is saved
   * again. Pass the login's `credentialUpdatedAt` so that a login a member saved again meanwhile stays valid.
   */
  markCredentialInvalid(workspaceId: number, clientId: number, platform: Platform, credentialUpdatedAt?: string): Promise<void> {
    return this.credentials.markInvalid(workspaceId, clientId, platform, credentialUpdatedAt);
  }

  /**
   * What opens a password-protected Income Tax PDF of these clients: the PAN in lower case followed by the date of
   * birth (or incorporation) as DDMMYYYY. Clients without both are left out.
   */
  async incomeTaxPdfPasswords(workspaceId: number, clientIds: Iterable<number>, trx?: Knex.Transaction): Promise<Map<number, string>> {
    const wanted = [...new Set(clientIds)];
    if (!wanted.length) return new Map();
    const clients = await Client.inWorkspace(workspaceId, trx)
      .whereIn('clients.id', wanted)
      .select('clients.id', 'clients.pan_number', 'clients.date_of_birth');
    const passwords = new Map<number, string>();
    for (const client of clients) {
      const birth = /^(\d{4})-(\d{2})-(\d{2})/.exec(client.dateOfBirth ?? '');
      if (client.panNumber && birth) passwords.set(client.id, `${client.panNumber.toLowerCase()}${birth[3]}${birth[2]}${birth[1]}`);
    }
    return passwords;
  }
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
    if (trx) return this.readByIds(workspaceId, wanted, trx);
    return this.keptSummaries.readMany(workspaceId, wanted, (missing) => this.readByIds(workspaceId, missing));
  }

  private async readByIds(workspaceId: number, ids: number[], trx?: Knex.Transaction): Promise<Map<number, ClientSummary>> {
    const clients = await Client.inWorkspace(workspaceId, trx).whereIn('clients.id', ids).select(SUMMARY_COLUMNS);
    return new Map(clients.map((client) => [client.id, summaryOf(client)]));
  }

  /**
   * The workspace's clients with these PANs (spaces and case ignored), by upper-case PAN; unknown PANs are left out.
   * Inside `trx` they are locked against deletion until it ends, like `resolveExternalIds`.
   */
  async byPans(workspaceId: number, pans: Iterable<string>, trx?: Knex.Transaction): Promise<Map<string, ClientSummary>> {
    const wanted = [...new Set([...pans].map((pan) => pan.replace(/\s/g, '').toUpperCase()))].filter(Boolean);
    if (!wanted.length) return new Map();
    const query = Client.inWorkspace(workspaceId, trx).whereIn('clients.pan_number', wanted).select(SUMMARY_COLUMNS);
    const clients = await (trx ? query.forShare() : query);
    return new Map(clients.map((client) => [client.panNumber, summaryOf(client)]));
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
   * stands for the clients an administrator linked them to (when inviting them, or later in Settings -> Members): an
   * empty list when there are none.
   */
  async clientsOfMember(workspaceId: number, member: ClientDirectoryMember, trx?: Knex.Transaction): Promise<number[] | null> {
    if (member.role !== 'CLIENT') return null;
    const clients = await Client.inWorkspace(workspaceId, trx)
      .join('member_clients', 'member_clients.client_id', 'clients.id')
      .where({ 'member_clients.workspace_id': workspaceId, 'member_clients.user_id': member.userId })
      .orderBy('clients.id')
      .select('clients.id');
    return clients.map((client) => client.id);
  }

  /**
   * Whether a member may see a record of `clientId` (null: the firm's own record), by the rule of `clientsOfMember`:
   * ask it before giving someone a record or telling them of one. Someone who has left (role null, as
   * `WorkspaceDirectory.people` answers them) or is not known (undefined) sees none.
   */
  async memberSeesClient(
    workspaceId: number,
    member: { role: Role | null; userId: number } | undefined,
    clientId: number | null,
    trx?: Knex.Transaction,
  ): Promise<boolean> {
    if (!member?.role) return false;
    const clients = await this.clientsOfMember(workspaceId, { role: member.role, userId: member.userId }, trx);
    return clients === null || (clientId !== null && clients.includes(clientId));
  }

  /**
   * The workspace's clients with these external ids, in the given order; 404 `Client not found` when any is not one.
   * Inside `trx` they are locked against deletion until it ends, so links written in it cannot lose their client.
   */
  async resolveExternalIds(workspaceId: number, externalIds: readonly string[], trx?: Knex.Transaction): Promise<ClientSummary[]> {
    const wanted = [...new Set(externalIds.map((id) => id.toLowerCase()))];
    if (!wanted.length) return [];
    if (!wanted.every(isExternalId)) throw notFound(CLIENT_NOT_FOUND);
    const query = Client.inWorkspace(workspaceId, trx).whereIn('clients.external_id', wanted).select(SUMMARY_COLUMNS);
    const clients = await (trx ? query.forShare() : query);
    if (clients.length !== wanted.length) throw notFound(CLIENT_NOT_FOUND);
    const byExternalId = new Map(clients.map((client) => [client.externalId, summaryOf(client)]));
    return wanted.map((id) => byExternalId.get(id)!);
  }

  /**
   * The platforms each client has portal credentials for, by client id, in the order the client page lists them;
   * never their secrets. Clients of other workspaces and clients without credentials are left out.
   */
  async credentialPlatforms(
    workspaceId: number,
    clientIds: Iterable<number>,
    trx?: Knex.Transaction,
  ): Promise<Map<number, { platformName: string }[]>> {
    const wanted = [...new Set(clientIds)];
    const platforms = new Map<number, { platformName: string }[]>();
    if (!wanted.length) return platforms;
    const rows = await ClientCredential.query(trx)
      .where('workspace_id', workspaceId)
      .whereIn('client_id', wanted)
      .orderBy(['client_id', 'platform'])
      .select('client_id', 'platform');
    for (const row of rows) {
      const list = platforms.get(row.clientId) ?? [];
      list.push({ platformName: row.platform });
      platforms.set(row.clientId, list);
    }
    return platforms;
  }

  /** Makes `clientIds` (clients of the workspace, by serial id) the only clients the member stands for. */
  async linkMemberToClients(workspaceId: number, userId: number, clientIds: readonly number[], trx: Knex.Transaction): Promise<void> {
    await trx('member_clients').where({ workspace_id: workspaceId, user_id: userId }).delete();
    const unique = [...new Set(clientIds)];
    if (unique.length)
      await trx('member_clients').insert(unique.map((clientId) => ({ workspace_id: workspaceId, user_id: userId, client_id: clientId })));
  }

  /** The clients each CLIENT member of the workspace stands for, by user id, ordered by name (for the members list). */
  async clientsByMember(workspaceId: number, trx?: Knex.Transaction): Promise<Map<number, LinkedClient[]>> {
    const byMember = new Map<number, LinkedClient[]>();
    for (const { userId, externalId, name } of await this.links(workspaceId, trx)) {
      const list = byMember.get(Number(userId)) ?? [];
      list.push({ externalId, name });
      byMember.set(Number(userId), list);
    }
    return byMember;
  }

  /** The clients one member stands for, ordered by name; empty for staff, who are never linked. */
  async linkedClientsOf(workspaceId: number, userId: number, trx?: Knex.Transaction): Promise<LinkedClient[]> {
    const rows = await this.links(workspaceId, trx).where('member_clients.user_id', userId);
    return rows.map(({ externalId, name }) => ({ externalId, name }));
  }

  /** Rows come through the model, so their columns are camelCased. */
  private links(workspaceId: number, trx?: Knex.Transaction) {
    return Client.inWorkspace(workspaceId, trx)
      .join('member_clients', 'member_clients.client_id', 'clients.id')
      .where('member_clients.workspace_id', workspaceId)
      .orderByRaw('lower(clients.name), clients.id')
      .select('member_clients.user_id', 'clients.external_id', 'clients.name')
      .castTo<{ userId: number; externalId: string; name: string }[]>();
  }
}
