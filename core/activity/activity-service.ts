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
}

export interface ActivityRecord extends ActivityEntry {
  id: number;
  createdAt: Date;
}

/** The audit trail every domain writes to: who did what to which entity, when. Pass the transaction of the change itself. */
@injectable()
export class ActivityService {
  constructor(@inject(TOKENS.Knex) private readonly knex: Knex) {}

  async record(entry: ActivityEntry, trx?: Knex.Transaction): Promise<void> {
    await (trx ?? this.knex)('activity_log').insert({
      workspace_id: entry.workspaceId,
      actor_user_id: entry.actorUserId,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId ?? null,
      metadata: entry.metadata ?? {},
    });
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
