import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiV1 } from '@axal/web-sdk';
import { NOTICES_ROUTES, type HearingRequest, type HearingView, type NoticeActivityView, type NoticeView } from '../shared/wire';
import { noticeKey, noticesKey, useInvalidateNotices } from './api';

const path = (route: string) => `/${route}`;

/**
 * What the Associated Tasks card shows of a task, as the tasks plugin answers it (`TaskView` in its wire); only these
 * fields are read, so a notices build never depends on the tasks plugin's code.
 */
export interface AssociatedTask {
  externalId: string;
  title: string;
  description: string;
  status: string;
  priority: string;
  dueDate: string | null;
  assignedTo: { name: string; isMember: boolean } | null;
  createdAt: string;
}

/** `GET notices/{id}` (spec 2 section 7). */
export function useNotice(workspaceId: string, noticeId: string) {
  return useQuery({
    queryKey: noticeKey(workspaceId, noticeId),
    queryFn: ({ signal }) =>
      apiV1<{ data: NoticeView }>(path(NOTICES_ROUTES.notice(noticeId)), { query: { workspaceId }, signal }).then((body) => body.data),
    // A missing notice is an answer, not a reason to ask again.
    retry: false,
  });
}

export function useNoticeActivities(workspaceId: string, noticeId: string) {
  return useQuery({
    queryKey: [...noticeKey(workspaceId, noticeId), 'activities'],
    queryFn: ({ signal }) =>
      apiV1<{ data: NoticeActivityView[] }>(path(NOTICES_ROUTES.activities(noticeId)), { query: { workspaceId }, signal }).then((body) => body.data),
  });
}

/** `GET notices/{id}/tasks`: ask only while the tasks plugin is on (the route is 404 otherwise). */
export function useAssociatedTasks(workspaceId: string, noticeId: string) {
  return useQuery({
    queryKey: [...noticeKey(workspaceId, noticeId), 'tasks'],
    queryFn: ({ signal }) =>
      apiV1<{ data: AssociatedTask[] }>(path(NOTICES_ROUTES.tasks(noticeId)), { query: { workspaceId }, signal }).then((body) => body.data),
  });
}

/** `GET notices?clientId=`: the client page's section. */
export function useClientNotices(workspaceId: string, clientId: string) {
  return useQuery({
    queryKey: [...noticesKey(workspaceId), 'client', clientId],
    queryFn: ({ signal }) =>
      apiV1<{ data: NoticeView[] }>(path(NOTICES_ROUTES.all), { query: { workspaceId, clientId }, signal }).then((body) => body.data),
  });
}

/** `POST notices/{id}/generate-task`: the task of spec 2 section 4, answered as the tasks plugin shows it. */
export function useGenerateTask(workspaceId: string, noticeId: string) {
  const invalidate = useInvalidateNotices(workspaceId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiV1<{ data: AssociatedTask }>(path(NOTICES_ROUTES.generateTask(noticeId)), { method: 'POST', body: { workspaceId } }).then(
        (body) => body.data,
      ),
    // The tasks plugin's own lists and dashboard figures now have one more task.
    onSuccess: () => Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: ['tasks', workspaceId] })]),
  });
}

export type HearingInput = Omit<HearingRequest, 'workspaceId'>;

export function useAddHearing(workspaceId: string, noticeId: string) {
  const invalidate = useInvalidateNotices(workspaceId);
  return useMutation({
    mutationFn: (hearing: HearingInput) =>
      apiV1<{ data: HearingView }>(path(NOTICES_ROUTES.hearings(noticeId)), { method: 'POST', body: { ...hearing, workspaceId } }),
    onSuccess: () => invalidate(),
  });
}

export function useRemoveHearing(workspaceId: string, noticeId: string) {
  const invalidate = useInvalidateNotices(workspaceId);
  return useMutation({
    mutationFn: (hearingId: string) => apiV1<void>(path(NOTICES_ROUTES.hearing(noticeId, hearingId)), { method: 'DELETE', query: { workspaceId } }),
    onSuccess: () => invalidate(),
  });
}

/** `DELETE notices/{id}`: the typed reference goes along, as the server checks it too. */
export function deleteNotice(workspaceId: string, noticeId: string, confirmation: string) {
  return apiV1<void>(path(NOTICES_ROUTES.notice(noticeId)), { method: 'DELETE', body: { workspaceId, confirmation } });
}
