import { useQuery } from '@tanstack/react-query';
import { apiV1 } from './api-client';

/** Invalidate it after a change the dashboard counts (a task created, a notice resolved). */
export const dashboardQueriesKey = (workspaceId: string) => ['dashboard', workspaceId] as const;

/**
 * The core's three dashboard answers, each holding every plugin's part (spec 1 section 2.7). Every card asks through
 * these hooks, so the cards share one request per answer.
 */
const dashboardKey = (workspaceId: string, part: 'stats' | 'recent' | 'graphs') => [...dashboardQueriesKey(workspaceId), part] as const;

export function useDashboardStats(workspaceId: string) {
  return useQuery({
    queryKey: dashboardKey(workspaceId, 'stats'),
    queryFn: ({ signal }) => apiV1<{ stats: Record<string, number | null> }>('/dashboard/stats', { query: { workspaceId }, signal }),
  });
}

export function useDashboardRecent(workspaceId: string) {
  return useQuery({
    queryKey: dashboardKey(workspaceId, 'recent'),
    queryFn: ({ signal }) => apiV1<Record<string, unknown[] | undefined>>('/dashboard/recent', { query: { workspaceId }, signal }),
  });
}

export function useDashboardGraphs(workspaceId: string) {
  return useQuery({
    queryKey: dashboardKey(workspaceId, 'graphs'),
    queryFn: ({ signal }) => apiV1<Record<string, unknown>>('/dashboard/graphs', { query: { workspaceId }, signal }),
  });
}
