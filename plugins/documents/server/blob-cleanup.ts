import type { Knex } from 'knex';
import { raw } from 'objection';
import type { JobContext, Logger, QueueService, StorageService } from '../../../core/plugin-api';
import { BlobDeletion } from './models';

export const BLOB_CLEANUP_JOB = 'delete-blobs';
export const BLOB_CLEANUP_QUEUE = `documents.${BLOB_CLEANUP_JOB}`;

const BATCH = 200;

/**
 * Stored files are removed after their records, never before, so no record ever points at nothing. The records'
 * transaction writes each file key to an outbox table; a job then deletes each blob and only then its outbox row.
 * A failed delete keeps its row and fails the job, which Bee-Queue retries with backoff; any later clean-up of the
 * same workspace picks up what is still left.
 */
export class BlobCleanup {
  constructor(
    private readonly storage: StorageService,
    private readonly queue: QueueService,
    private readonly logger: Logger,
  ) {}

  /** Call with the transaction (`trx`) that removes the records. */
  async schedule(workspaceId: number, fileKeys: string[], trx?: Knex.Transaction): Promise<void> {
    const unique = [...new Set(fileKeys)];
    for (let start = 0; start < unique.length; start += 1000) {
      await BlobDeletion.query(trx).insert(unique.slice(start, start + 1000).map((fileKey) => ({ workspaceId, fileKey })));
    }
  }

  /** Call after the commit. A queue that is down leaves the rows for the next clean-up of this workspace. */
  async start(workspaceId: number): Promise<void> {
    await this.queue
      .enqueue(BLOB_CLEANUP_QUEUE, { workspaceId })
      .catch((error: Error) => this.logger.warn({ workspaceId, err: error.message }, 'could not queue the removal of stored files'));
  }

  async run(workspaceId: number, context: JobContext): Promise<{ deleted: number }> {
    let deleted = 0;
    let failed = 0;
    let afterId = 0;
    for (;;) {
      const rows = await BlobDeletion.inWorkspace(workspaceId).where('id', '>', afterId).orderBy('id').limit(BATCH).select('id', 'file_key');
      if (!rows.length) break;
      afterId = rows[rows.length - 1].id;
      for (const row of rows) {
        const outboxRow = () => BlobDeletion.inWorkspace(workspaceId).where('id', row.id);
        try {
          await this.storage.delete(row.fileKey);
          await outboxRow().delete();
          deleted += 1;
        } catch (error) {
          failed += 1;
          await outboxRow().patch({ attempts: raw('attempts + 1'), lastError: (error as Error).message.slice(0, 500) });
        }
      }
      context.reportProgress({ deleted, failed });
    }
    if (failed) throw new Error(`${failed} stored file(s) could not be removed yet`);
    return { deleted };
  }
}
