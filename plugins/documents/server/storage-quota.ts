import type { Knex } from 'knex';
import { raw } from 'objection';
import { HttpError } from '../../../core/plugin-api';
import { MESSAGES, type StorageInfo } from '../shared/wire';
import { Document, StorageLimit } from './models';

/**
 * A workspace's storage: its limit lives in one row per workspace, its usage is always the sum of its documents.
 * Every write that changes either locks that row first, so two uploads cannot both take the last free space.
 */
export class StorageQuota {
  constructor(
    private readonly defaultLimit: number,
    private readonly maxFileSize: number,
  ) {}

  async info(workspaceId: number, options: { trx?: Knex.Transaction; lock?: boolean } = {}): Promise<StorageInfo> {
    const { trx, lock } = options;
    await StorageLimit.query(trx).insert({ workspaceId, storageLimit: this.defaultLimit }).onConflict('workspace_id').ignore();
    const limitQuery = StorageLimit.inWorkspace(workspaceId, trx).first();
    const limit = await (lock ? limitQuery.forUpdate() : limitQuery);
    const usage = await Document.inWorkspace(workspaceId, trx)
      .select(raw('coalesce(sum(size), 0)::bigint as used'))
      .first()
      .castTo<{ used: number }>();
    const storageLimit = Number(limit!.storageLimit);
    const usedStorage = Number(usage?.used ?? 0);
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
    const current = await this.info(workspaceId, { trx, lock: true });
    await StorageLimit.inWorkspace(workspaceId, trx).patch({ storageLimit: current.storageLimit + additionalBytes, updatedAt: raw('now()') });
    return this.info(workspaceId, { trx });
  }
}
