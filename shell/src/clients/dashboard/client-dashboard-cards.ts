import type { DashboardCard } from '@axal/web-sdk';
import { ClientGrowthCard } from './ClientGrowthCard';
import { TotalClientsCard } from './TotalClientsCard';

/**
 * The core's own dashboard cards, among the plugins' by `order`: Total Clients leads the figures (spec 1 section 2.7)
 * and Monthly Client Growth sits beside Task Status Distribution (60), ahead of the full-width Notices Received (70).
 */
export const CLIENT_DASHBOARD_CARDS: DashboardCard[] = [
  { id: 'total-clients', order: 10, component: TotalClientsCard },
  { id: 'client-growth', order: 65, component: ClientGrowthCard },
];
