import { lazy } from 'react';
import { defineWebPlugin } from '@axal/web-sdk';
import { TotalDocumentsCard } from './components/TotalDocumentsCard';

// The dashboard card is small and shown at once; the browser and the client section load when first opened.
const DocumentsPage = lazy(() => import('./pages/DocumentsPage').then((module) => ({ default: module.DocumentsPage })));
const ClientDocumentsSection = lazy(() =>
  import('./components/ClientDocumentsSection').then((module) => ({ default: module.ClientDocumentsSection })),
);

export default defineWebPlugin({
  id: 'documents',
  routes: [{ path: 'documents', element: <DocumentsPage /> }],
  clientSections: [{ id: 'documents', title: 'Documents', order: 30, component: ClientDocumentsSection }],
  dashboardCards: [{ id: 'total-documents', order: 20, component: TotalDocumentsCard }],
});
