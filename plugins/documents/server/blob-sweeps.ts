import { inject, injectable } from 'inversify';
import { isExternalId, TOKENS, type StorageService, type StoredBlob, type WorkspaceDirectory } from '../../../core/plugin-api';
import { BlobDeletion, Document } from './models';

export const UNREGISTERED_BLOBS_SWEEP_JOB = 'sweep-unregistered-blobs';
export const DELETED_WORKSPACE_BLOBS_SWEEP_JOB = 'sweep-deleted-workspace-blobs';

/** No sweep touches a blob younger than this: an upload presigned a moment ago may still be registered. */
export const SWEEP_GRACE_MS = 24 * 60 * 60_000;

const BATCH = 500;

export interface SweepResult {
  deleted: number;
}

async function* inBatches<T>(items: AsyncIterable<T>): AsyncIterable<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/**
 * The two clean-ups the upload flow cannot do itself, run daily by the scheduler. Blobs are named
 * `<workspace external id>/<uuid>` when presigned, and become documents only when registered; a blob that was
 * never registered, or whose workspace is gone (its rows went with it), is stored but never shown.
 */
@injectable()
export class BlobSweeps {
  constructor(
    @inject(TOKENS.Storage) private readonly storage: StorageService,
    @inject(TOKENS.Workspaces) private readonly workspaces: WorkspaceDirectory,
  ) {}

  /**
   * Deletes the blobs in the workspace's folder, older than the grace period at `now`, that no document names.
   * Blobs waiting in the deletion outbox are left to the clean-up job.
   */
  async sweepUnregistered(workspaceId: number, now = new Date()): Promise<SweepResult> {
    const workspace = await this.workspaces.byId(workspaceId);
    // A workspace deleted meanwhile is the other sweep's.
    if (!workspace) return { deleted: 0 };
    let deleted = 0;
    for await (const batch of inBatches(this.expiredBlobs(`${workspace.externalId}/`, now))) {
      const names = batch.map((blob) => blob.name);
      const [registered, pending] = await Promise.all([
        Document.inWorkspace(workspaceId).whereIn('file_key', names).select('file_key'),
        BlobDeletion.inWorkspace(workspaceId).whereIn('file_key', names).select('file_key'),
      ]);
      const known = new Set([...registered, ...pending].map((row) => row.fileKey));
      deleted += await this.deleteAll(names.filter((name) => !known.has(name)));
    }
    return { deleted };
  }

  /** Deletes the blobs, older than the grace period at `now`, in folders named after workspaces that no longer exist. */
  async sweepDeletedWorkspaces(now = new Date()): Promise<SweepResult> {
    let deleted = 0;
    for await (const batch of inBatches(this.workspaceFolders())) {
      const existing = await this.workspaces.existingExternalIds(batch);
      for (const folder of batch.filter((name) => !existing.has(name.toLowerCase()))) {
        for await (const blobs of inBatches(this.expiredBlobs(`${folder}/`, now))) deleted += await this.deleteAll(blobs.map((blob) => blob.name));
      }
    }
    return { deleted };
  }

  /** Top-level folders named like a workspace; anything else in the container is not this plugin's to judge. */
  private async *workspaceFolders(): AsyncIterable<string> {
    for await (const folder of this.storage.topLevelFolders()) if (isExternalId(folder)) yield folder;
  }

  private async *expiredBlobs(prefix: string, now: Date): AsyncIterable<StoredBlob> {
    const cutoff = now.getTime() - SWEEP_GRACE_MS;
    for await (const blob of this.storage.blobs(prefix)) if (blob.createdOn.getTime() < cutoff) yield blob;
  }

  /** A blob someone else removed first (a racing sweep, the clean-up job) is simply not counted. */
  private async deleteAll(names: string[]): Promise<number> {
    let deleted = 0;
    for (const name of names) if (await this.storage.delete(name)) deleted += 1;
    return deleted;
  }
}
