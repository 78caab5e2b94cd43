import type { Knex } from 'knex';
import type { ClientDirectory, LinkedClient } from '../clients/client-directory';
import type { Role } from '../platform/identity';

/** A pending invitation as administrators see it in Settings -> Members. */
export interface InvitationView {
  externalId: string;
  email: string;
  role: Role;
  createdAt: Date;
  expiresAt: Date;
  /** An expired invitation stays listed, so it can be resent or revoked. */
  expired: boolean;
  invitedBy: { name: string } | null;
  /** The clients a CLIENT member will stand for once they accept; empty for other roles. */
  clients: LinkedClient[];
}

interface InvitationRow {
  id: number;
  external_id: string;
  email: string;
  role: Role;
  created_at: Date;
  expires_at: Date;
  expired: boolean;
  inviter_name: string | null;
}

const byName = (left: LinkedClient, right: LinkedClient) => left.name.localeCompare(right.name, 'en-IN', { sensitivity: 'base' });

/** The workspace's pending invitations, oldest first, or just the one with serial id `invitationId`. */
export async function invitationViews(
  knex: Knex,
  directory: ClientDirectory,
  workspaceId: number,
  options: { invitationId?: number; trx?: Knex.Transaction } = {},
): Promise<InvitationView[]> {
  const { invitationId, trx } = options;
  const db = trx ?? knex;
  const rows: InvitationRow[] = await db('workspace_invitations as i')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .where('i.workspace_id', workspaceId)
    .modify((query) => {
      if (invitationId !== undefined) query.where('i.id', invitationId);
    })
    .orderBy('i.id')
    .select(
      'i.id',
      'i.external_id',
      'i.email',
      'i.role',
      'i.created_at',
      'i.expires_at',
      'u.name as inviter_name',
      db.raw('i.expires_at <= now() as expired'),
    );
  const links: { invitation_id: number; client_id: number }[] = rows.length
    ? await db('workspace_invitation_clients')
        .whereIn(
          'invitation_id',
          rows.map((row) => row.id),
        )
        .select('invitation_id', 'client_id')
    : [];
  const clients = await directory.byIds(
    workspaceId,
    links.map((link) => link.client_id),
    trx,
  );
  return rows.map((row) => ({
    externalId: row.external_id,
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    expired: row.expired,
    invitedBy: row.inviter_name === null ? null : { name: row.inviter_name },
    clients: links
      .filter((link) => link.invitation_id === row.id)
      .flatMap((link) => {
        const client = clients.get(link.client_id);
        return client ? [{ externalId: client.externalId, name: client.name }] : [];
      })
      .sort(byName),
  }));
}
