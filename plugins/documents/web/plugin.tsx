import { lazy } from 'react';
import { defineWebPlugin } from '@axal/web-sdk';
import { DOCUMENT_SEARCH_HIT_TYPES } from '../shared/wire';
import { TotalDocumentsCard } from './components/TotalDocumentsCard';

// The dashboard card is small and shown at once; the browser, the client section and the search rows load when first shown.
const DocumentsPage = lazy(() => import('./pages/DocumentsPage').then((module) => ({ default: module.DocumentsPage })));
const ClientDocumentsSection = lazy(() =>
  import('./components/ClientDocumentsSection').then((module) => ({ default: module.ClientDocumentsSection })),
);
const DocumentSearchHit = lazy(() => import('./components/DocumentSearchHit').then((module) => ({ default: module.DocumentSearchHit })));
// Shown by other plugins' pages (a task's Attachments card) through `usePluginExport('documents', 'EntityAttachments')`.
const EntityAttachments = lazy(() => import('./components/EntityAttachments').then((module) => ({ default: module.EntityAttachments })));

export default defineWebPlugin({
  id: 'documents',
  routes: [{ path: 'documents', element: <DocumentsPage /> }],
  clientSections: [{ id: 'documents', title: 'Documents', order: 30, component: ClientDocumentsSection }],
  dashboardCards: [{ id: 'total-documents', order: 20, component: TotalDocumentsCard }],
  searchResultRenderers: [
    { type: DOCUMENT_SEARCH_HIT_TYPES.file, groupTitle: 'Documents', component: DocumentSearchHit },
    { type: DOCUMENT_SEARCH_HIT_TYPES.folder, groupTitle: 'Folders', component: DocumentSearchHit },
  ],
  exports: { EntityAttachments },
});
