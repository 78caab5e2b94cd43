import type { Knex } from 'knex';
import type { JobContext, Logger, QueueService, StorageService } from '../../../core/plugin-api';

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
    private readonly knex: Knex,
    private readonly storage: StorageService,
    private readonly queue: QueueService,
    private readonly logger: Logger,
  ) {}

  /** Call inside the transaction that removes the records. */
  async schedule(trx: Knex | Knex.Transaction, workspaceId: number, fileKeys: string[]): Promise<void> {
    const unique = [...new Set(fileKeys)];
    for (let start = 0; start < unique.length; start += 1000) {
      await trx('documents_blob_deletions').insert(unique.slice(start, start + 1000).map((fileKey) => ({ workspace_id: workspaceId, file_key: fileKey })));
    }
  }

  /** Call after the commit. A queue that is down leaves the rows for the next clean-up of this workspace. */
  async start(workspaceId: number): Promise<void> {
    await this.queue.enqueue(BLOB_CLEANUP_QUEUE, { workspaceId }).catch((error: Error) =>
      this.logger.warn({ workspaceId, err: error.message }, 'could not queue the removal of stored files'),
    );
  }

  async run(workspaceId: number, context: JobContext): Promise<{ deleted: number }> {
    let deleted = 0;
    let failed = 0;
    let afterId = 0;
    for (;;) {
      const rows: { id: number; file_key: string }[] = await this.knex('documents_blob_deletions')
        .where({ workspace_id: workspaceId })
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(BATCH)
        .select('id', 'file_key');
      if (!rows.length) break;
      afterId = rows[rows.length - 1].id;
      for (const row of rows) {
        try {
          await this.storage.delete(row.file_key);
          await this.knex('documents_blob_deletions').where({ id: row.id }).delete();
          deleted += 1;
        } catch (error) {
          failed += 1;
          await this.knex('documents_blob_deletions')
            .where({ id: row.id })
            .update({ attempts: this.knex.raw('attempts + 1'), last_error: (error as Error).message.slice(0, 500) });
        }
      }
      context.reportProgress({ deleted, failed });
    }
    if (failed) throw new Error(`${failed} stored file(s) could not be removed yet`);
    return { deleted };
  }
}
