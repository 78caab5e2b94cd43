import { ContainerModule } from 'inversify';
import { definePlugin, schedulesPoint } from '../../../core/plugin-api';
import { DocumentAttachments } from './attachment-service';
import { BLOB_CLEANUP_JOB } from './blob-cleanup';
import { BlobSweeps, DELETED_WORKSPACE_BLOBS_SWEEP_JOB, UNREGISTERED_BLOBS_SWEEP_JOB } from './blob-sweeps';
import { seedDemoDocuments } from './demo-seed';
import { documentSearchContributions } from './document-search';
import { DocumentService } from './document-service';
import { documentRoutes } from './routes';
import { ATTACHMENT_SERVICE } from './tokens';

export default definePlugin({
  id: 'documents',
  containerModule: new ContainerModule(({ bind }) => {
    bind(DocumentService).toSelf().inSingletonScope();
    bind(BlobSweeps).toSelf().inSingletonScope();
    bind(ATTACHMENT_SERVICE).to(DocumentAttachments).inSingletonScope();
  }),
  exports: [ATTACHMENT_SERVICE],
  routes: documentRoutes,
  jobs: (container) => [
    {
      name: BLOB_CLEANUP_JOB,
      retries: 6,
      backoffMs: 1000,
      timeoutMs: 5 * 60_000,
      concurrency: 1,
      handler: (payload, context) => container.get(DocumentService).cleanup.run(payload.workspaceId, context),
    },
    {
      name: UNREGISTERED_BLOBS_SWEEP_JOB,
      retries: 2,
      backoffMs: 60_000,
      timeoutMs: 30 * 60_000,
      concurrency: 1,
      handler: (payload) => container.get(BlobSweeps).sweepUnregistered(payload.workspaceId),
    },
    {
      name: DELETED_WORKSPACE_BLOBS_SWEEP_JOB,
      retries: 2,
      backoffMs: 60_000,
      timeoutMs: 30 * 60_000,
      concurrency: 1,
      handler: () => container.get(BlobSweeps).sweepDeletedWorkspaces(),
    },
  ],
  contributes: [
    schedulesPoint.contribute({ name: UNREGISTERED_BLOBS_SWEEP_JOB, every: 'day at 02:00', timezone: 'Asia/Kolkata', perWorkspace: true }),
    schedulesPoint.contribute({ name: DELETED_WORKSPACE_BLOBS_SWEEP_JOB, every: 'day at 02:30', timezone: 'Asia/Kolkata' }),
    ...documentSearchContributions,
  ],
  seedDemo: seedDemoDocuments,
});
