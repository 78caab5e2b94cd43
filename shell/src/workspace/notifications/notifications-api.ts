import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { apiV1, appPath } from '@axal/web-sdk';
import {
  NOTIFICATION_BELL_SIZE,
  type NotificationDto,
  type NotificationListResponse,
  type NotificationStatus,
  type NotificationStreamEvent,
} from '../../../../core/notifications/wire';

export interface NotificationListParams {
  limit: number;
  offset: number;
  status: NotificationStatus | null;
}

/** The bell's list; always fetched while a workspace is open, so it also carries the workspace's total and unread counts. */
export const LATEST_NOTIFICATIONS: NotificationListParams = { limit: NOTIFICATION_BELL_SIZE, offset: 0, status: null };

export const notificationListsKey = (workspaceId: string) => ['workspaces', workspaceId, 'notifications', 'list'] as const;
export const notificationListKey = (workspaceId: string, params: NotificationListParams) => [...notificationListsKey(workspaceId), params] as const;

export const notificationsPath = (workspaceId: string) => appPath(`/w/${workspaceId}/notifications`);

export function useNotificationList(workspaceId: string, params: NotificationListParams, { keepPrevious = false } = {}) {
  return useQuery({
    queryKey: notificationListKey(workspaceId, params),
    queryFn: ({ signal }) =>
      apiV1<NotificationListResponse>('/notifications', {
        query: { workspaceId, limit: params.limit, offset: params.offset, status: params.status },
        signal,
      }),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    enabled: Boolean(workspaceId),
  });
}

type ListUpdate = (list: NotificationListResponse, params: NotificationListParams) => NotificationListResponse;

/** Applies `update` to every cached list of the workspace, whatever its page or status filter. */
function updateLists(queryClient: QueryClient, workspaceId: string, update: ListUpdate): void {
  for (const [key, list] of queryClient.getQueriesData<NotificationListResponse>({ queryKey: notificationListsKey(workspaceId) })) {
    if (list) queryClient.setQueryData(key, update(list, paramsOf(key)));
  }
}

const paramsOf = (key: QueryKey) => key[key.length - 1] as NotificationListParams;

const asRead = (notification: NotificationDto): NotificationDto =>
  notification.status === 'read' ? notification : { ...notification, status: 'read' };

const newestFirst = (a: NotificationDto, b: NotificationDto) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

/**
 * Merges streamed notifications into the newest page: a known one is replaced (a sync's progress, a read elsewhere),
 * a new one goes in and counts. One not on the page and older than all of it is an update to a notification further
 * down, which this page does not show.
 */
function mergeIntoNewestPage(list: NotificationListResponse, incoming: NotificationDto[], limit: number): NotificationListResponse {
  const onPage = new Map(list.notifications.map((notification) => [notification.id, notification]));
  const oldest = list.notifications[list.notifications.length - 1];
  const isPageFull = list.notifications.length >= limit;
  const added: NotificationDto[] = [];
  for (const notification of incoming) {
    if (onPage.has(notification.id)) onPage.set(notification.id, notification);
    else if (!isPageFull || !oldest || newestFirst(notification, oldest) <= 0) added.push(notification);
  }
  // New ones first, so among equal times the latest news leads; the sort is stable.
  const notifications = [...added, ...onPage.values()].sort(newestFirst).slice(0, limit);
  return { ...list, notifications, count: list.count + added.length };
}

/**
 * A stream event (spec 2 section 4): the newest page without a status filter takes the notifications; every list
 * takes the unread count. Other pages keep what the user is looking at, except that with nothing unread left (all
 * marked read in another tab) nothing shown can still be unread.
 */
export function applyStreamEvent(queryClient: QueryClient, workspaceId: string, event: NotificationStreamEvent): void {
  updateLists(queryClient, workspaceId, (list, params) => {
    const updated = params.offset === 0 && params.status === null ? mergeIntoNewestPage(list, event.notifications, params.limit) : list;
    const notifications = event.unreadCount === 0 ? updated.notifications.map(asRead) : updated.notifications;
    return { ...updated, notifications, unreadCount: event.unreadCount };
  });
}

/** Lists fetched before `time` may have missed events sent while no stream was connected; one being fetched is left to finish. */
export function refetchListsOlderThan(queryClient: QueryClient, workspaceId: string, time: number): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: notificationListsKey(workspaceId),
    predicate: (query) => query.state.fetchStatus === 'idle' && query.state.dataUpdatedAt < time,
  });
}

/** Marking one lowers the unread count by one, never below 0 (spec 2 section 4). */
export function useMarkNotificationRead(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: NotificationDto) =>
      apiV1(`/notifications/${encodeURIComponent(notification.id)}/read`, { method: 'POST', query: { workspaceId } }),
    onMutate: (notification) =>
      updateLists(queryClient, workspaceId, (list) => ({
        ...list,
        notifications: list.notifications.map((item) => (item.id === notification.id ? asRead(item) : item)),
        unreadCount: notification.status === 'unread' ? Math.max(list.unreadCount - 1, 0) : list.unreadCount,
      })),
    // Spec 2 section 8: a failed mark-read is only logged; the refetch below puts the true state back.
    onError: (error) => console.error('Failed to mark the notification as read', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationListsKey(workspaceId) }),
  });
}

export function useMarkAllNotificationsRead(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiV1('/notifications/read-all', { method: 'POST', body: { workspaceId } }),
    onMutate: () => updateLists(queryClient, workspaceId, (list) => ({ ...list, notifications: list.notifications.map(asRead), unreadCount: 0 })),
    onError: (error) => console.error('Failed to mark all notifications as read', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationListsKey(workspaceId) }),
  });
}
