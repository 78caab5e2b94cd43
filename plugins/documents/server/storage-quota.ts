import type { Knex } from 'knex';
import { HttpError } from '../../../core/plugin-api';
import { MESSAGES, type StorageInfo } from '../shared/wire';

/**
 * A workspace's storage: its limit lives in one row per workspace, its usage is always the sum of its documents.
 * Every write that changes either locks that row first, so two uploads cannot both take the last free space.
 */
export class StorageQuota {
  constructor(
    private readonly defaultLimit: number,
    private readonly maxFileSize: number,
  ) {}

  async info(db: Knex | Knex.Transaction, workspaceId: number, options: { lock?: boolean } = {}): Promise<StorageInfo> {
    await db('documents_storage').insert({ workspace_id: workspaceId, storage_limit: this.defaultLimit }).onConflict('workspace_id').ignore();
    const limitQuery = db('documents_storage').where({ workspace_id: workspaceId }).first('storage_limit');
    const row = await (options.lock ? limitQuery.forUpdate() : limitQuery);
    const [{ used }] = await db('documents').where({ workspace_id: workspaceId }).select(db.raw('coalesce(sum(size), 0)::bigint as used'));
    const storageLimit = Number(row.storage_limit);
    const usedStorage = Number(used);
    return { maxFileSize: this.maxFileSize, usedStorage, storageLimit, remainingStorage: Math.max(0, storageLimit - usedStorage) };
  }

  /** 413 when one file is larger than the per-file maximum. */
  assertFileSize(filename: string, size: number): void {
    if (size > this.maxFileSize) throw new HttpError(413, MESSAGES.fileTooLarge(filename, this.maxFileSize));
  }

  /** 413 'Storage Limit Reached' when nothing is left, else 'Not enough storage space...' when this file does not fit. */
  static assertRoom(info: StorageInfo, size: number): void {
    if (info.remainingStorage <= 0) throw new HttpError(413, MESSAGES.storageLimitReached);
    if (size > info.remainingStorage) throw new HttpError(413, MESSAGES.notEnoughStorage(size, info.remainingStorage));
  }

  async raiseLimit(trx: Knex.Transaction, workspaceId: number, additionalBytes: number): Promise<StorageInfo> {
    const current = await this.info(trx, workspaceId, { lock: true });
    await trx('documents_storage')
      .where({ workspace_id: workspaceId })
      .update({ storage_limit: current.storageLimit + additionalBytes, updated_at: trx.fn.now() });
    return this.info(trx, workspaceId);
  }
}
