import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiV1, dashboardQueriesKey, type Role } from '@axal/web-sdk';
import {
  NOTICES_ROUTES,
  type NoticeBulkUpdateRequest,
  type NoticeCreateRequest,
  type NoticeFilters,
  type NoticeListRequest,
  type NoticePage,
  type NoticeUpdateRequest,
  type NoticeView,
} from '../shared/wire';

const path = (route: string) => `/${route}`;

/** Every answer about this workspace's notices lives under this key, so one change refreshes lists and pages alike. */
export const noticesKey = (workspaceId: string) => ['notices', workspaceId] as const;
/** One notice's details (and, beneath it, its activity, tasks and the like). */
export const noticeKey = (workspaceId: string, noticeId: string) => [...noticesKey(workspaceId), 'notice', noticeId] as const;
const filterPreferenceKey = (workspaceId: string) => ['notices-filter-preference', workspaceId] as const;

/** Whatever changed a notice: every list, page and card of the workspace's notices, and the dashboard, is fetched again. */
export const invalidateNotices = (queryClient: QueryClient, workspaceId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: noticesKey(workspaceId) }),
    queryClient.invalidateQueries({ queryKey: dashboardQueriesKey(workspaceId) }),
  ]);

export function useInvalidateNotices(workspaceId: string) {
  const queryClient = useQueryClient();
  return () => invalidateNotices(queryClient, workspaceId);
}

/** `POST notices/list`: one page; the page on screen stays while the next one loads. `enabled` waits for the filters. */
export function useNoticePage(request: NoticeListRequest, enabled: boolean) {
  return useQuery({
    queryKey: [...noticesKey(request.workspaceId), 'list', request],
    queryFn: ({ signal }) => apiV1<NoticePage>(path(NOTICES_ROUTES.list), { method: 'POST', body: request, signal }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

/** The member's saved filters, null when they never saved any. This page writes them, so the cached answer stays true. */
export function useFilterPreference(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: filterPreferenceKey(workspaceId),
    queryFn: ({ signal }) =>
      apiV1<{ data: NoticeFilters | null }>(path(NOTICES_ROUTES.filterPreference), { query: { workspaceId }, signal }).then((body) => body.data),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** `PUT notices/filter-preference`; the cache holds the new filters at once, so coming back to the page applies them. */
export function useSaveFilterPreference(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filters: NoticeFilters) =>
      apiV1<{ data: NoticeFilters }>(path(NOTICES_ROUTES.filterPreference), { method: 'PUT', body: { workspaceId, ...filters } }),
    onMutate: (filters) => queryClient.setQueryData(filterPreferenceKey(workspaceId), filters),
  });
}

export function useBulkUpdateNotices(workspaceId: string) {
  const invalidate = useInvalidateNotices(workspaceId);
  return useMutation({
    mutationFn: (request: Omit<NoticeBulkUpdateRequest, 'workspaceId'>) =>
      apiV1<{ data: { updated: number } }>(path(NOTICES_ROUTES.bulkUpdate), { method: 'PUT', body: { ...request, workspaceId } }),
    onSettled: () => invalidate(),
  });
}

export type NoticeInput = Omit<NoticeCreateRequest, 'workspaceId'>;
export type NoticeChanges = Omit<NoticeUpdateRequest, 'workspaceId'>;

export function useCreateNotice(workspaceId: string) {
  const invalidate = useInvalidateNotices(workspaceId);
  return useMutation({
    mutationFn: (input: NoticeInput) =>
      apiV1<{ data: NoticeView }>(path(NOTICES_ROUTES.create), { method: 'POST', body: { ...input, workspaceId } }).then((body) => body.data),
    onSuccess: () => invalidate(),
  });
}

/** `PATCH notices/{id}`: any fields; the spec's own call sends `{ status }`. */
export function useUpdateNotice(workspaceId: string) {
  const invalidate = useInvalidateNotices(workspaceId);
  return useMutation({
    mutationFn: ({ noticeId, changes }: { noticeId: string; changes: NoticeChanges }) =>
      apiV1<{ data: NoticeView }>(path(NOTICES_ROUTES.notice(noticeId)), { method: 'PATCH', body: { ...changes, workspaceId } }).then(
        (body) => body.data,
      ),
    onSuccess: () => invalidate(),
  });
}

// ---- The core's calls the form needs ----

export interface WorkspaceMember {
  externalId: string;
  name: string;
  role: Role;
  /** The clients a CLIENT member stands for (empty for staff, and in the answer a CLIENT member gets). */
  clients: { externalId: string }[];
}

/** `GET workspaces/{id}/members`: who a notice may be assigned to (the shell's key, so it is asked once). */
export function useWorkspaceMembers(workspaceId: string) {
  return useQuery({
    queryKey: ['workspaces', workspaceId, 'members'],
    queryFn: ({ signal }) => apiV1<{ members: WorkspaceMember[] }>(`/workspaces/${workspaceId}/members`, { signal }),
    select: (body) => body.members,
  });
}
