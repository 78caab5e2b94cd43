import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { ActivityService } from '../activity/activity-service';
import { DecryptionError, type CryptoService } from '../platform/crypto';
import { notFound } from '../platform/errors';
import type { Logger } from '../platform/logger';
import type { Membership, SessionUser } from '../platform/http';
import { TOKENS } from '../platform/tokens';
import type { ClientScope } from './client-scope';
import { ClientService, type CredentialStatus } from './client-service';
import { ClientCredential } from './models';
import type { Platform } from './schemas';

export interface CredentialView extends CredentialStatus {
  username: string | null;
  /** Never in a list: `reveal` gives one password at a time, to a verified identity, and logs it. */
  password: null;
  hasCredentials: true;
  /** Present when the stored ciphertext no longer decrypts in its place (moved, tampered with, or its key is gone). */
  unreadable?: true;
  updatedAt: Date;
}

export interface RevealedPassword {
  platformName: Platform;
  password: string | null;
  unreadable?: true;
}

/** A client with a login to a portal, named without opening the login. */
export interface PortalLoginClient {
  clientId: number;
  clientName: string;
}

/** One client's login to a portal, opened for a sync job; never sent to a browser. */
export interface PortalLogin extends PortalLoginClient {
  clientExternalId: string;
  platform: Platform;
  username: string;
  password: string;
  /**
   * When the login was last saved or marked, ISO 8601 to the microsecond as stored: give it back to `markInvalid` so
   * that a login saved again meanwhile is not the one marked.
   */
  credentialUpdatedAt: string;
}

export const CREDENTIALS_NOT_FOUND = 'No credentials are saved for this platform';

type SealedField = 'username' | 'password';

/** Binds a ciphertext to its row: copied to another workspace, client, platform or field, it no longer decrypts. */
export const credentialContext = (credential: { workspaceId: number; clientId: number; platform: Platform }, field: SealedField) =>
  `workspace:${credential.workspaceId}|client:${credential.clientId}|platform:${credential.platform}|field:${field}`;

/**
 * Portal logins (GST, Income Tax) of a client, sealed at rest. A member reads one password at a time (`reveal`, recorded
 * in the activity log); a portal sync opens the valid logins of a platform together (`portalLogins`), recorded nowhere.
 */
@injectable()
export class CredentialService {
  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Crypto) private readonly crypto: CryptoService,
    @inject(TOKENS.Activity) private readonly activity: ActivityService,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(ClientService) private readonly clients: ClientService,
  ) {}

  /**
   * Which platforms have credentials and whether they are valid; the username too when `showUsernames`. Passwords
   * stay masked, though each record is opened to tell whether it is still readable.
   */
  async list(workspaceId: number, clientExternalId: string, showUsernames: boolean): Promise<CredentialView[]> {
    const client = await this.clients.find(workspaceId, clientExternalId);
    const credentials = await ClientCredential.query().where('client_id', client.id).orderBy('platform');
    return credentials.map((credential) => {
      const view = {
        platformName: credential.platform,
        isValid: credential.isValid,
        hasCredentials: true as const,
        password: null,
        updatedAt: credential.updatedAt,
      };
      if (!showUsernames) return { ...view, username: null };
      const opened = this.open(credential);
      return opened ? { ...view, username: opened.username } : { ...view, username: null, unreadable: true as const };
    });
  }

  /** One platform's password in plain text, recorded in the activity log. */
  async reveal(membership: Membership, clientExternalId: string, platform: Platform, actor: SessionUser): Promise<RevealedPassword> {
    const workspaceId = membership.workspace.id;
    const client = await this.clients.find(workspaceId, clientExternalId);
    const credential = await ClientCredential.query().findOne({ client_id: client.id, platform });
    if (!credential) throw notFound(CREDENTIALS_NOT_FOUND);
    const opened = this.open(credential);
    if (!opened) return { platformName: platform, password: null, unreadable: true };
    await this.activity.record({
      workspaceId,
      actorUserId: actor.id,
      action: 'client.credentials_viewed',
      entityType: 'client',
      entityId: clientExternalId,
      metadata: { platform },
    });
    return { platformName: platform, password: opened.password };
  }

  /** One record per client and platform: saving again replaces it and marks it valid. */
  async save(
    membership: Membership,
    clientExternalId: string,
    input: { platformName: Platform; username: string; password: string },
    actor: SessionUser,
  ): Promise<CredentialStatus> {
    const workspaceId = membership.workspace.id;
    await this.knex.transaction(async (trx) => {
      const client = await this.clients.find(workspaceId, clientExternalId, trx);
      await this.store({ workspaceId, clientId: client.id, platform: input.platformName }, input, actor.id, trx);
      await this.activity.record(
        {
          workspaceId,
          actorUserId: actor.id,
          action: 'client.credentials_saved',
          entityType: 'client',
          entityId: clientExternalId,
          metadata: { platform: input.platformName },
        },
        trx,
      );
    });
    return { platformName: input.platformName, isValid: true };
  }

  /** Seals and saves the one record of this client and platform, valid again; says whether it replaced an earlier one. */
  async store(
    place: { workspaceId: number; clientId: number; platform: Platform },
    secrets: { username: string; password: string },
    actorId: number | null,
    trx: Knex.Transaction,
  ): Promise<'added' | 'replaced'> {
    const [{ inserted }] = await trx('client_credentials')
      .insert({
        workspace_id: place.workspaceId,
        client_id: place.clientId,
        platform: place.platform,
        username_ciphertext: this.crypto.encrypt(secrets.username, credentialContext(place, 'username')),
        password_ciphertext: this.crypto.encrypt(secrets.password, credentialContext(place, 'password')),
        is_valid: true,
        updated_by: actorId,
      })
      .onConflict(['client_id', 'platform'])
      .merge(['username_ciphertext', 'password_ciphertext', 'is_valid', 'updated_by', 'updated_at'])
      // xmax is 0 only on a row version this statement inserted; an updated row carries the updating transaction's id.
      .returning(this.knex.raw('(xmax = 0) as inserted'));
    return inserted ? 'added' : 'replaced';
  }

  /** `{clientExternalId: [{platformName, isValid}]}` for every client in `scope` that has credentials. */
  async statusByClient(workspaceId: number, scope: ClientScope): Promise<Record<string, CredentialStatus[]>> {
    const rows: { external_id: string; platform: Platform; is_valid: boolean }[] = await this.knex('client_credentials as cc')
      .join('clients as c', 'c.id', 'cc.client_id')
      .where('cc.workspace_id', workspaceId)
      .modify((query) => {
        if (scope) query.whereIn('cc.client_id', scope);
      })
      .orderBy(['c.id', 'cc.platform'])
      .select('c.external_id', 'cc.platform', 'cc.is_valid');
    const status: Record<string, CredentialStatus[]> = {};
    for (const row of rows) (status[row.external_id] ??= []).push({ platformName: row.platform, isValid: row.is_valid });
    return status;
  }

  /**
   * The valid, readable logins of a platform in a workspace in plain text, for a portal sync job to keep in memory;
   * records that do not open are skipped (and logged by `open`). The read is not recorded in the activity log.
   */
  async portalLogins(workspaceId: number, platform: Platform, clientIds?: readonly number[]): Promise<PortalLogin[]> {
    const credentials = await this.validLogins(workspaceId, platform, clientIds)
      .select(
        'client_credentials.*',
        'clients.name as client_name',
        'clients.external_id as client_external_id',
        // The column's full precision: a Date would drop the microseconds that `markInvalid` compares.
        this.knex.raw(`to_char(client_credentials.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as credential_updated_at`),
      )
      .castTo<(ClientCredential & { clientName: string; clientExternalId: string; credentialUpdatedAt: string })[]>();
    const logins: PortalLogin[] = [];
    for (const credential of credentials) {
      const opened = this.open(credential);
      if (!opened) continue;
      logins.push({
        clientId: credential.clientId,
        clientExternalId: credential.clientExternalId,
        clientName: credential.clientName,
        platform,
        username: opened.username,
        password: opened.password,
        credentialUpdatedAt: credential.credentialUpdatedAt,
      });
    }
    return logins;
  }

  /**
   * The clients with a valid login of a platform in the workspace, by name, opening no secret. A login sealed under a
   * key this installation no longer holds is left out; one that does not open for another reason (moved, tampered
   * with) is only found out when `portalLogins` opens it.
   */
  async portalLoginClients(workspaceId: number, platform: Platform): Promise<PortalLoginClient[]> {
    const credentials = await this.validLogins(workspaceId, platform)
      .select(
        'client_credentials.client_id',
        'client_credentials.username_ciphertext',
        'client_credentials.password_ciphertext',
        'clients.name as client_name',
      )
      .castTo<(ClientCredential & { clientName: string })[]>();
    return credentials
      .filter((credential) => this.crypto.holdsKeyOf(credential.usernameCiphertext) && this.crypto.holdsKeyOf(credential.passwordCiphertext))
      .map((credential) => ({ clientId: credential.clientId, clientName: credential.clientName }));
  }

  /**
   * A portal refused the login: the client's record shows the warning until someone saves it again. With
   * `credentialUpdatedAt` (from `portalLogins`) only that version of the login is marked: one saved again while the
   * portal was being asked stays valid.
   */
  async markInvalid(workspaceId: number, clientId: number, platform: Platform, credentialUpdatedAt?: string): Promise<void> {
    await this.knex('client_credentials')
      .where({ workspace_id: workspaceId, client_id: clientId, platform })
      .modify((query) => {
        if (credentialUpdatedAt !== undefined) query.where('updated_at', credentialUpdatedAt);
      })
      .update({ is_valid: false, updated_at: this.knex.fn.now() });
  }

  /** The valid logins of a platform in the workspace (of `clientIds` only, when given) with their clients, by client name. */
  private validLogins(workspaceId: number, platform: Platform, clientIds?: readonly number[]) {
    return ClientCredential.query()
      .join('clients', 'clients.id', 'client_credentials.client_id')
      .where({ 'client_credentials.workspace_id': workspaceId, 'client_credentials.platform': platform, 'client_credentials.is_valid': true })
      .modify((query) => {
        if (clientIds) query.whereIn('client_credentials.client_id', [...clientIds]);
      })
      .orderByRaw('lower(clients.name), clients.id');
  }

  private open(credential: ClientCredential): { username: string; password: string } | null {
    try {
      return {
        username: this.crypto.decrypt(credential.usernameCiphertext, credentialContext(credential, 'username')),
        password: this.crypto.decrypt(credential.passwordCiphertext, credentialContext(credential, 'password')),
      };
    } catch (error) {
      if (!(error instanceof DecryptionError)) throw error;
      // An integrity failure, not bad input: the record is shown as unreadable and the operators are told.
      this.logger.error(
        { credentialId: credential.id, platform: credential.platform, err: error.message },
        'stored credential could not be decrypted',
      );
      return null;
    }
  }
}
