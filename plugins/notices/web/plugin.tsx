import { lazy } from 'react';
import { defineWebPlugin } from '@axal/web-sdk';
import { NoticesReceivedCard } from './components/dashboard/NoticesReceivedCard';
import { PendingNoticesCard } from './components/dashboard/PendingNoticesCard';
import { RecentNoticesCard } from './components/dashboard/RecentNoticesCard';

// The dashboard cards are small and shown at once (the line chart loads ECharts itself); pages, the client section
// and the search rows load when first shown.
const NoticesPage = lazy(() => import('./pages/NoticesPage').then((module) => ({ default: module.NoticesPage })));
const NoticeDetailsPage = lazy(() => import('./pages/NoticeDetailsPage').then((module) => ({ default: module.NoticeDetailsPage })));
const ClientNoticesSection = lazy(() => import('./components/ClientNoticesSection').then((module) => ({ default: module.ClientNoticesSection })));
const DigestSubscriptionPanel = lazy(() =>
  import('./components/profile/DigestSubscriptionPanel').then((module) => ({ default: module.DigestSubscriptionPanel })),
);
const NoticeSearchHit = lazy(() => import('./components/NoticeSearchHit').then((module) => ({ default: module.NoticeSearchHit })));

export default defineWebPlugin({
  id: 'notices',
  routes: [
    { path: 'notices', element: <NoticesPage /> },
    { path: 'notices/:noticeId', element: <NoticeDetailsPage /> },
  ],
  clientSections: [{ id: 'notices', title: 'Notices', order: 30, component: ClientNoticesSection }],
  dashboardCards: [
    { id: 'pending-notices', order: 35, component: PendingNoticesCard },
    { id: 'recent-notices', order: 55, component: RecentNoticesCard },
    { id: 'notices-received', order: 70, component: NoticesReceivedCard },
  ],
  searchResultRenderers: [{ type: 'notice', groupTitle: 'Notices', component: NoticeSearchHit }],
  profilePanels: [{ id: 'digest', title: 'Notices', component: DigestSubscriptionPanel }],
});
