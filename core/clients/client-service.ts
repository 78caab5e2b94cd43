import { randomUUID } from 'node:crypto';
import { inject, injectable, type Container } from 'inversify';
import type { Knex } from 'knex';
import type { ActivityService } from '../activity/activity-service';
import type { PluginRegistry } from '../plugins/plugin-registry';
import { clientLifecyclePoint, type ClientLifecycleContext } from '../plugin-api/extension-points';
import { badRequest, conflict, HttpError, notFound } from '../platform/errors';
import type { EventBus } from '../platform/events';
import { DecryptionError, type CryptoService } from '../platform/crypto';
import { parseBody, type Membership, type SessionUser } from '../platform/http';
import type { Logger } from '../platform/logger';
import { TOKENS } from '../platform/tokens';
import type { ImportRow, RowError } from './client-csv';
import { clientCursorOf, positionOfCursor } from './client-cursor';
import { inScope, withinScope, type ClientScope } from './client-scope';
import { afterCommit, CLIENT_EVENTS, publishClientEvents, type ClientEvent, type ClientEventTopic } from './client-events';
import { matchSearch } from './client-search';
import { gstinWarnings } from './gstin';
import { Client, ClientCredential, ClientNote } from './models';
import { clientTypeOfPan, importedClientSchema, type ClientInput, type ClientPatch, type ClientType, type ImportedClientInput } from './schemas';
import type { ClientDetailView, ClientListEntry, ClientView } from './wire';

export const CLIENT_NOT_FOUND = 'Client not found';
export const DUPLICATE_PAN = 'A client with this PAN already exists in this workspace';
export const DUPLICATE_EMAIL = 'A client with this email already exists in this workspace';

export interface NoteView {
  externalId: string;
  content: string;
  author: { externalId: string; name: string } | null;
  dateAdded: Date;
}

export type { CredentialStatus } from './wire';

export const maskedAadhaar = (lastFour: string | null) => (lastFour ? `XXXX-XXXX-${lastFour}` : null);

export function viewOf(client: Client): ClientView {
  const common = {
    externalId: client.externalId,
    clientType: client.clientType,
    name: client.name,
    email: client.email,
    phone: client.phone,
    panNumber: client.panNumber,
    tan: client.tan,
    industry: client.industry,
    createdAt: client.createdAt.toISOString(),
    updatedAt: client.updatedAt.toISOString(),
  };
  return client.clientType === 'BUSINESS'
    ? { ...common, gstin: client.gstin, contactPerson: client.contactPerson, businessAddress: client.businessAddress }
    : {
        ...common,
        residentialAddress: client.residentialAddress,
        aadhaarNumber: maskedAadhaar(client.aadhaarLast4),
        dateOfBirth: client.dateOfBirth,
        occupation: client.occupation,
      };
}

/** Binds an Aadhaar ciphertext to its workspace and client; the client's externalId is known before its row exists. */
export const aadhaarContext = (workspaceId: number, clientExternalId: string) => `workspace:${workspaceId}|client:${clientExternalId}|field:aadhaar`;

/** Rows per INSERT statement: PostgreSQL takes at most 65,535 bound values in one. */
const IMPORT_CHUNK_ROWS = 1000;

/** The unique indexes answer a race between two writes of the same PAN or email with the same 409 as the check before. */
export function duplicateOf(error: unknown): Error {
  const constraint = (error as { constraint?: string }).constraint;
  if (constraint === 'clients_pan_unique') return conflict(DUPLICATE_PAN);
  if (constraint === 'clients_email_unique') return conflict(DUPLICATE_EMAIL);
  return error as Error;
}

@injectable()
export class ClientService {
  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Crypto) private readonly crypto: CryptoService,
    @inject(TOKENS.Activity) private readonly activity: ActivityService,
    @inject(TOKENS.Events) private readonly events: EventBus,
    @inject(TOKENS.PluginRegistry) private readonly registry: PluginRegistry,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  private announce(topic: ClientEventTopic, clients: Pick<Client, 'workspaceId' | 'id' | 'externalId'>[]): Promise<void> {
    const payloads: ClientEvent[] = clients.map((client) => ({
      workspaceId: client.workspaceId,
      clientId: client.id,
      externalId: client.externalId,
    }));
    return publishClientEvents(this.events, this.logger, topic, payloads);
  }

  async find(workspaceId: number, externalId: string, trx?: Knex.Transaction): Promise<Client> {
    const query = Client.inWorkspace(workspaceId, trx).where('clients.external_id', externalId);
    const client = await (trx ? query.forUpdate() : query).first();
    if (!client) throw notFound(CLIENT_NOT_FOUND);
    return client;
  }

  /** A page of the clients in `scope`, ordered by name. */
  async list(
    workspaceId: number,
    scope: ClientScope,
    options: { search?: string; type?: ClientType; limit: number; cursor?: string },
  ): Promise<{ clients: ClientListEntry[]; nextCursor: string | null }> {
    const after = options.cursor ? positionOfCursor(options.cursor) : null;
    const rows = await Client.inWorkspace(workspaceId)
      .modify(withinScope(scope))
      .modify((query) => {
        if (options.type) query.where('client_type', options.type);
        if (options.search) matchSearch(query, options.search);
        if (after) query.whereRaw('(lower(name), id) > (?, ?)', [after.sortName, after.id]);
      })
      .select(
        'clients.*',
        this.knex.raw('lower(name) as sort_name'),
        this.knex.raw('exists (select 1 from client_credentials c where c.client_id = clients.id and not c.is_valid) as has_invalid_credentials'),
      )
      .orderByRaw('lower(name), id')
      .limit(options.limit + 1)
      .castTo<(Client & { sortName: string; hasInvalidCredentials: boolean })[]>();
    const page = rows.slice(0, options.limit);
    const last = page[page.length - 1];
    return {
      clients: page.map((row) => ({ ...viewOf(row), hasInvalidCredentials: row.hasInvalidCredentials })),
      nextCursor: rows.length > options.limit ? clientCursorOf({ sortName: last.sortName, id: last.id }) : null,
    };
  }

  /** 404, as for a client that does not exist, when the client is not in `scope`. */
  async detail(workspaceId: number, scope: ClientScope, externalId: string): Promise<ClientDetailView> {
    const client = await this.find(workspaceId, externalId);
    if (!inScope(scope, client.id)) throw notFound(CLIENT_NOT_FOUND);
    const credentials = await ClientCredential.query().where('client_id', client.id).orderBy('platform');
    return { ...viewOf(client), credentials: credentials.map((credential) => ({ platformName: credential.platform, isValid: credential.isValid })) };
  }

  /** `at` is when the firm took the client on, if not now: the demo seed's clients joined over past months. Requests never set it. */
  async create(membership: Membership, input: ClientInput, actor: SessionUser, at?: Date): Promise<{ client: ClientView; warnings: string[] }> {
    const workspaceId = membership.workspace.id;
    await this.assertUnique(workspaceId, input.panNumber, input.email);
    const client = await this.knex
      .transaction(async (trx) => {
        const created = await Client.query(trx).insert({ ...this.recordOf(workspaceId, input, actor.id), createdAt: at });
        await this.activity.record(
          {
            workspaceId,
            actorUserId: actor.id,
            action: 'client.created',
            entityType: 'client',
            entityId: created.externalId,
            metadata: { name: created.name },
            at,
          },
          trx,
        );
        return created;
      })
      .catch((error: unknown) => {
        throw duplicateOf(error);
      });
    await this.announce(CLIENT_EVENTS.created, [client]);
    return { client: viewOf(client), warnings: gstinWarnings(client.gstin, client.panNumber) };
  }

  async update(
    membership: Membership,
    externalId: string,
    parsePatch: (clientType: ClientType) => ClientPatch,
    actor: SessionUser,
  ): Promise<{ client: ClientView; warnings: string[] }> {
    const workspaceId = membership.workspace.id;
    const client = await this.knex
      .transaction(async (trx) => {
        const current = await this.find(workspaceId, externalId, trx);
        const patch = parsePatch(current.clientType);
        await this.assertUnique(workspaceId, patch.panNumber, patch.email, current.id, trx);
        const updated = await current.$query(trx).patchAndFetch(this.sealed(workspaceId, current.externalId, patch));
        await this.activity.record(
          {
            workspaceId,
            actorUserId: actor.id,
            action: 'client.updated',
            entityType: 'client',
            entityId: externalId,
            metadata: { fields: Object.keys(patch) },
          },
          trx,
        );
        return updated;
      })
      .catch((error: unknown) => {
        throw duplicateOf(error);
      });
    await this.announce(CLIENT_EVENTS.updated, [client]);
    return { client: viewOf(client), warnings: gstinWarnings(client.gstin, client.panNumber) };
  }

  /**
   * Notes and credentials go with the client through ON DELETE CASCADE, in this transaction, after every installed
   * plugin's clientLifecycle hooks have released their records in it (or one refused, which undoes everything).
   */
  async delete(membership: Membership, externalId: string, confirmation: string, actor: SessionUser, container: Container): Promise<void> {
    const workspaceId = membership.workspace.id;
    const deleted = await this.knex.transaction(async (trx) => {
      const client = await this.find(workspaceId, externalId, trx);
      if (confirmation !== client.name) throw badRequest('Invalid confirmation');
      await this.runDeleteHooks(client, trx, { actorUserId: actor.id, container });
      await Client.query(trx).deleteById(client.id);
      await this.activity.record(
        { workspaceId, actorUserId: actor.id, action: 'client.deleted', entityType: 'client', entityId: externalId, metadata: { name: client.name } },
        trx,
      );
      return client;
    });
    await this.announce(CLIENT_EVENTS.deleted, [deleted]);
  }

  /**
   * A hook's `{ refuse }` becomes a 409 in its own words and an HttpError it throws passes through as it is; any other
   * failure is the plugin's fault, logged and answered with a 409 naming the plugin, never a 500.
   */
  private async runDeleteHooks(client: Client, trx: Knex.Transaction, context: ClientLifecycleContext): Promise<void> {
    const subject = { workspaceId: client.workspaceId, id: client.id, externalId: client.externalId, name: client.name };
    for (const { pluginId, value: hooks } of this.registry.contributions(clientLifecyclePoint)) {
      let outcome: void | { refuse: string };
      try {
        outcome = await hooks.beforeDelete(subject, trx, context);
      } catch (error) {
        if (error instanceof HttpError) throw error;
        this.logger.error({ err: error, pluginId, clientId: client.externalId }, 'a clientLifecycle hook failed; the client was not deleted');
        throw conflict(
          `Cannot delete this client right now: the ${this.registry.get(pluginId)?.manifest.name ?? pluginId} plugin could not release its records`,
        );
      }
      if (outcome && 'refuse' in outcome) throw conflict(`Cannot delete this client: ${outcome.refuse}`);
    }
  }

  /** The full Aadhaar number, for holders of manage_clients; every reveal is in the activity log. */
  async revealAadhaar(membership: Membership, externalId: string, actor: SessionUser): Promise<{ aadhaarNumber: string | null; unreadable?: true }> {
    const workspaceId = membership.workspace.id;
    const client = await this.find(workspaceId, externalId);
    if (!client.aadhaarCiphertext) return { aadhaarNumber: null };
    await this.activity.record({ workspaceId, actorUserId: actor.id, action: 'client.aadhaar_revealed', entityType: 'client', entityId: externalId });
    try {
      return { aadhaarNumber: this.crypto.decrypt(client.aadhaarCiphertext, aadhaarContext(workspaceId, client.externalId)) };
    } catch (error) {
      if (error instanceof DecryptionError) return { aadhaarNumber: null, unreadable: true };
      throw error;
    }
  }

  async notes(workspaceId: number, clientExternalId: string): Promise<NoteView[]> {
    const client = await this.find(workspaceId, clientExternalId);
    const rows = await this.knex('client_notes as n')
      .leftJoin('users as u', 'u.id', 'n.author_user_id')
      .where({ 'n.client_id': client.id })
      .orderBy([
        { column: 'n.created_at', order: 'desc' },
        { column: 'n.id', order: 'desc' },
      ])
      .select('n.external_id', 'n.content', 'n.created_at', 'u.external_id as author_external_id', 'u.name as author_name');
    return rows.map((row) => ({
      externalId: row.external_id,
      content: row.content,
      author: row.author_external_id ? { externalId: row.author_external_id, name: row.author_name } : null,
      dateAdded: row.created_at,
    }));
  }

  async addNote(membership: Membership, clientExternalId: string, content: string, actor: SessionUser): Promise<NoteView> {
    const workspaceId = membership.workspace.id;
    return this.knex.transaction(async (trx) => {
      const client = await this.find(workspaceId, clientExternalId, trx);
      const note = await ClientNote.query(trx).insert({ workspaceId, clientId: client.id, authorUserId: actor.id, content });
      await this.activity.record(
        {
          workspaceId,
          actorUserId: actor.id,
          action: 'client.note_added',
          entityType: 'client',
          entityId: clientExternalId,
          metadata: { note: note.externalId },
        },
        trx,
      );
      return {
        externalId: note.externalId,
        content: note.content,
        author: { externalId: actor.externalId, name: actor.name },
        dateAdded: note.createdAt,
      };
    });
  }

  /**
   * Creates every row of a bulk import in one transaction, or none: rows whose PAN or email a client of the
   * workspace already has join the errors found while reading the file.
   */
  async importClients(
    membership: Membership,
    rows: ImportRow[],
    rowErrors: RowError[],
    actor: SessionUser,
  ): Promise<{ created: number } | { rowErrors: RowError[] }> {
    const workspaceId = membership.workspace.id;
    const existing = await Client.inWorkspace(workspaceId)
      .whereRaw('(pan_number = any(?) or lower(email) = any(?))', [
        rows.map(({ input }) => input.panNumber),
        rows.map(({ input }) => input.email.toLowerCase()),
      ])
      .select('pan_number', 'email');
    const takenPans = new Set(existing.map((client) => client.panNumber));
    const takenEmails = new Set(existing.map((client) => client.email.toLowerCase()));
    const errors = [...rowErrors];
    for (const { row, input } of rows) {
      if (takenPans.has(input.panNumber)) errors.push({ row, field: 'PAN Number', message: DUPLICATE_PAN });
      if (takenEmails.has(input.email.toLowerCase())) errors.push({ row, field: 'Email', message: DUPLICATE_EMAIL });
    }
    if (errors.length) return { rowErrors: errors.sort((a, b) => a.row - b.row) };

    const records = rows.map(({ input }) => this.recordOf(workspaceId, input, actor.id));
    const created: Client[] = [];
    await this.knex
      .transaction(async (trx) => {
        for (let start = 0; start < records.length; start += IMPORT_CHUNK_ROWS) {
          created.push(...(await Client.query(trx).insert(records.slice(start, start + IMPORT_CHUNK_ROWS))));
        }
        await this.activity.record(
          { workspaceId, actorUserId: actor.id, action: 'clients.imported', entityType: 'client', metadata: { count: records.length } },
          trx,
        );
      })
      .catch((error: unknown) => {
        throw duplicateOf(error);
      });
    await this.announce(CLIENT_EVENTS.created, created);
    return { created: records.length };
  }

  /**
   * The workspace's client with this PAN (capitals, no spaces, as stored), or a new one made from the contact details
   * alone, its type read from the PAN. Invalid details or an email another client uses fail with the client form's message.
   */
  async findOrCreateByPan(
    workspaceId: number,
    contact: ImportedClientInput,
    actorId: number | null,
    trx: Knex.Transaction,
  ): Promise<{ client: Client; created: boolean }> {
    const existing = await Client.inWorkspace(workspaceId, trx).where('pan_number', contact.panNumber).first();
    if (existing) return { client: existing, created: false };
    const details = parseBody(importedClientSchema, contact);
    await this.assertUnique(workspaceId, undefined, details.email, undefined, trx);
    const client = await Client.query(trx)
      .insert({ ...details, clientType: clientTypeOfPan(details.panNumber), externalId: randomUUID(), workspaceId, createdBy: actorId })
      .catch((error: unknown) => {
        throw duplicateOf(error);
      });
    afterCommit(trx, () => this.announce(CLIENT_EVENTS.created, [client]));
    return { client, created: true };
  }

  /** What a client row holds for this input, the Aadhaar number sealed; used for single and bulk inserts. */
  recordOf(workspaceId: number, input: ClientInput, actorId: number): Partial<Client> {
    const externalId = randomUUID();
    return { ...this.sealed(workspaceId, externalId, input), externalId, workspaceId, createdBy: actorId };
  }

  private sealed(workspaceId: number, clientExternalId: string, fields: ClientInput | ClientPatch): Partial<Client> {
    if (!('aadhaarNumber' in fields) || fields.aadhaarNumber === undefined) return fields;
    const { aadhaarNumber, ...plain } = fields;
    return {
      ...plain,
      aadhaarCiphertext: this.crypto.encrypt(aadhaarNumber, aadhaarContext(workspaceId, clientExternalId)),
      aadhaarLast4: aadhaarNumber.slice(-4),
    };
  }

  private async assertUnique(workspaceId: number, pan: string | undefined, email: string | undefined, exceptId?: number, trx?: Knex.Transaction) {
    if (pan === undefined && email === undefined) return;
    const clash = await Client.inWorkspace(workspaceId, trx)
      .where((query) => {
        if (pan !== undefined) query.orWhere('pan_number', pan);
        if (email !== undefined) query.orWhereRaw('lower(email) = lower(?)', [email]);
      })
      .modify((query) => {
        if (exceptId !== undefined) query.whereNot('id', exceptId);
      })
      .first();
    if (clash) throw conflict(clash.panNumber === pan ? DUPLICATE_PAN : DUPLICATE_EMAIL);
  }
}
