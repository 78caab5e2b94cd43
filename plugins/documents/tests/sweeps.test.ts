import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { jobOutcome, schedulesOf } from '../../../core/plugin-api/testing';
import { TOKENS, type QueueService } from '../../../core/plugin-api';
import { BlobSweeps, DELETED_WORKSPACE_BLOBS_SWEEP_JOB, SWEEP_GRACE_MS, UNREGISTERED_BLOBS_SWEEP_JOB } from '../server/blob-sweeps';
import {
  blobExists,
  call,
  HOST_START_TIMEOUT_MS,
  presign,
  putBlob,
  startDocumentsHost,
  storageOf,
  upload,
  type TestHost,
  type TestSession,
} from './support';

/** The sweeps' clock a little over a day from now: everything stored so far is past its grace period. */
const aDayLater = () => new Date(Date.now() + SWEEP_GRACE_MS + 60_000);

describe('documents: sweeping stored files that no document names', () => {
  let documents: TestHost;
  let owner: TestSession;

  // Its own blob container too: a sweep of deleted workspaces judges every folder of the container.
  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    documents = await startDocumentsHost();
    owner = await documents.signedInUser('docs-sweeps');
  });

  after(() => documents?.stop());

  const sweeps = () => documents.host.container.get(BlobSweeps);
  const exists = (name: string) => blobExists(documents, name);

  async function storeBlob(name: string): Promise<string> {
    await storageOf(documents).upload(name, Buffer.from(`bytes of ${name}`), 'text/plain');
    return name;
  }

  it('removes the files presigned but never registered once they are a day old; keeps documents, pending deletions and other workspaces', async () => {
    const workspace = (await documents.createWorkspace(owner)).externalId;
    const neighbour = (await documents.createWorkspace(owner)).externalId;
    const workspaceId = await documents.internalIdOf(workspace);
    const registered = await upload(owner, workspace, 'kept.txt');
    const body = Buffer.from('uploaded, then abandoned');
    const presigned = await presign(owner, workspace, 'abandoned.txt', body.length);
    expect((await putBlob(presigned.url, body)).status).to.equal(201);
    const abandoned = [presigned.fileKey, await storeBlob(`${workspace}/${randomUUID()}`)];
    const pendingDeletion = await storeBlob(`${workspace}/${randomUUID()}`);
    await documents.host.knex('documents_blob_deletions').insert({ workspace_id: workspaceId, file_key: pendingDeletion });
    const neighbours = await storeBlob(`${neighbour}/${randomUUID()}`);

    expect(await sweeps().sweepUnregistered(workspaceId), 'nothing is a day old yet').to.deep.equal({ deleted: 0 });
    for (const name of abandoned) expect(await exists(name)).to.equal(true);

    expect(await sweeps().sweepUnregistered(workspaceId, aDayLater())).to.deep.equal({ deleted: 2 });
    for (const name of abandoned) expect(await exists(name), name).to.equal(false);
    expect(await exists(registered.fileKey), 'a registered document').to.equal(true);
    expect(await exists(pendingDeletion), 'left to the clean-up job').to.equal(true);
    expect(await exists(neighbours), 'another workspace').to.equal(true);
  });

  it('removes every file of a deleted workspace once it is a day old, and nothing of a living one or outside the workspaces', async () => {
    const doomed = await documents.createWorkspace(owner);
    const doomedFiles = [(await upload(owner, doomed.externalId, 'gone.txt')).fileKey, await storeBlob(`${doomed.externalId}/${randomUUID()}`)];
    const living = (await documents.createWorkspace(owner)).externalId;
    const livingFiles = [(await upload(owner, living, 'stays.txt')).fileKey, await storeBlob(`${living}/${randomUUID()}`)];
    const foreign = await storeBlob(`not-a-workspace/${randomUUID()}`);
    await call(owner, 'delete', `/workspaces/${doomed.externalId}`, { confirmation: doomed.name }).expect(200);

    expect(await sweeps().sweepDeletedWorkspaces(), 'nothing is a day old yet').to.deep.equal({ deleted: 0 });
    for (const name of doomedFiles) expect(await exists(name)).to.equal(true);

    expect(await sweeps().sweepDeletedWorkspaces(aDayLater()), 'the host has no other deleted workspace').to.deep.equal({
      deleted: doomedFiles.length,
    });
    for (const name of doomedFiles) expect(await exists(name), name).to.equal(false);
    for (const name of livingFiles) expect(await exists(name), name).to.equal(true);
    expect(await exists(foreign), 'a folder not named like a workspace').to.equal(true);
  });

  it('lets two sweeps race over the same files: each file is removed once and neither fails', async () => {
    const workspace = (await documents.createWorkspace(owner)).externalId;
    const workspaceId = await documents.internalIdOf(workspace);
    const abandoned = await Promise.all(Array.from({ length: 6 }, () => storeBlob(`${workspace}/${randomUUID()}`)));

    const later = aDayLater();
    const results = await Promise.all([sweeps().sweepUnregistered(workspaceId, later), sweeps().sweepUnregistered(workspaceId, later)]);
    expect(results[0].deleted + results[1].deleted).to.equal(abandoned.length);
    for (const name of abandoned) expect(await exists(name), name).to.equal(false);
  });

  it('is scheduled daily in Asia/Kolkata: per workspace at 02:00, deleted workspaces at 02:30', () => {
    const scheduled = schedulesOf(documents, 'documents').map(({ name, every, timezone, perWorkspace }) => ({ name, every, timezone, perWorkspace }));
    expect(scheduled).to.deep.equal([
      { name: UNREGISTERED_BLOBS_SWEEP_JOB, every: 'day at 02:00', timezone: 'Asia/Kolkata', perWorkspace: true },
      { name: DELETED_WORKSPACE_BLOBS_SWEEP_JOB, every: 'day at 02:30', timezone: 'Asia/Kolkata', perWorkspace: false },
    ]);
  });

  it('runs as queued jobs: the per-workspace one for its workspace, the other with no workspace at all', async () => {
    const queue = documents.host.container.get<QueueService>(TOKENS.Queue);
    const workspace = (await documents.createWorkspace(owner)).externalId;
    const abandoned = await storeBlob(`${workspace}/${randomUUID()}`);

    const perWorkspace = await queue.enqueue(`documents.${UNREGISTERED_BLOBS_SWEEP_JOB}`, { workspaceId: await documents.internalIdOf(workspace) });
    expect(await jobOutcome(perWorkspace)).to.deep.equal({ result: { deleted: 0 } });
    const global = await queue.enqueue(`documents.${DELETED_WORKSPACE_BLOBS_SWEEP_JOB}`, {});
    expect(await jobOutcome(global), 'run, not skipped for want of a workspace').to.deep.equal({ result: { deleted: 0 } });
    expect(await exists(abandoned), 'a fresh upload survives the real clock').to.equal(true);
  });
});
