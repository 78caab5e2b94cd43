import { ContainerModule } from 'inversify';
import { definePlugin } from '../../../core/plugin-api';
import { DocumentAttachments } from './attachment-service';
import { BLOB_CLEANUP_JOB } from './blob-cleanup';
import { seedDemoDocuments } from './demo-seed';
import { DocumentService } from './document-service';
import { documentRoutes } from './routes';
import { ATTACHMENT_SERVICE } from './tokens';

export default definePlugin({
  id: 'documents',
  containerModule: new ContainerModule(({ bind }) => {
    bind(DocumentService).toSelf().inSingletonScope();
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
  ],
  seedDemo: seedDemoDocuments,
});
