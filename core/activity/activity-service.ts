import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TOKENS } from '../platform/tokens';

export interface ActivityEntry {
  workspaceId: number | null;
  actorUserId: number | null;
  /** Verb phrase such as `workspace.created` or `member.role_changed`. */
  action: string;
  entityType: string;
  entityId?: string | null;
  metadata?: Record<string, unknown>;
  /** When it happened, if not now (a demo seed's history of past weeks); the database's clock otherwise. */
  at?: Date;
}

export interface ActivityRecord extends ActivityEntry {
  id: number;
  createdAt: Date;
}

/** One entry of a record's history, with the name of whoever did it (null once their account is gone). */
export interface EntityActivity {
  id: number;
  action: string;
  metadata: Record<string, unknown>;
  actorUserId: number | null;
  actorName: string | null;
  createdAt: Date;
}

/** The audit trail every domain writes to: who did what to which entity, when. Pass the transaction of the change itself. */
@injectable()
export class ActivityService {
  constructor(@inject(TOKENS.Knex) private readonly knex: Knex) {}

  /** Answers the entry as stored, so a caller can show it at once without reading it back. */
  async record(entry: ActivityEntry, trx?: Knex.Transaction): Promise<ActivityRecord> {
    const [row]: { id: number; created_at: Date }[] = await (trx ?? this.knex)('activity_log')
      .insert({
        workspace_id: entry.workspaceId,
        actor_user_id: entry.actorUserId,
        action: entry.action,
        entity_type: entry.entityType,
        entity_id: entry.entityId ?? null,
        metadata: entry.metadata ?? {},
        ...(entry.at ? { created_at: entry.at } : {}),
      })
      .returning(['id', 'created_at']);
    return { ...entry, id: row!.id, createdAt: row!.created_at };
  }

  /** The history of one record of a workspace, newest first: what its detail page shows. */
  async forEntity(
    workspaceId: number,
    entityType: string,
    entityId: string,
    { limit = 200, trx }: { limit?: number; trx?: Knex.Transaction } = {},
  ): Promise<EntityActivity[]> {
    const rows = await (trx ?? this.knex)('activity_log as a')
      .leftJoin('users as u', 'u.id', 'a.actor_user_id')
      .where({ 'a.workspace_id': workspaceId, 'a.entity_type': entityType, 'a.entity_id': entityId })
      .orderBy([
        { column: 'a.created_at', order: 'desc' },
        { column: 'a.id', order: 'desc' },
      ])
      .limit(limit)
      .select('a.id', 'a.action', 'a.metadata', 'a.actor_user_id', 'a.created_at', 'u.name as actor_name');
    return rows.map((row: Record<string, any>) => ({
      id: row.id,
      action: row.action,
      metadata: row.metadata ?? {},
      actorUserId: row.actor_user_id,
      actorName: row.actor_name,
      createdAt: row.created_at,
    }));
  }

  async forWorkspace(workspaceId: number, { limit = 50, beforeId }: { limit?: number; beforeId?: number } = {}): Promise<ActivityRecord[]> {
    const rows = await this.knex('activity_log')
      .where({ workspace_id: workspaceId })
      .modify((query) => {
        if (beforeId) query.where('id', '<', beforeId);
      })
      .orderBy('id', 'desc')
      .limit(limit);
    return rows.map((row: Record<string, any>) => ({
      id: row.id,
      workspaceId: row.workspace_id,
      actorUserId: row.actor_user_id,
      action: row.action,
      entityType: row.entity_type,
      entityId: row.entity_id,
      metadata: row.metadata,
      createdAt: row.created_at,
    }));
  }
}
