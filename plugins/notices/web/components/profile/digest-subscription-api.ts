import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiV1 } from '@axal/web-sdk';
import { NOTICE_SYNC_ROUTES } from '../../../shared/wire';

/** `notices/digest-subscription`: the member's own daily digest switch in one workspace. */
interface DigestSubscription {
  subscribed: boolean;
}

const ROUTE = `/${NOTICE_SYNC_ROUTES.digestSubscription}`;
const digestSubscriptionKey = (workspaceId: string) => ['notices-digest-subscription', workspaceId] as const;

export function useDigestSubscription(workspaceId: string) {
  return useQuery({
    queryKey: digestSubscriptionKey(workspaceId),
    queryFn: ({ signal }) => apiV1<{ data: DigestSubscription }>(ROUTE, { query: { workspaceId }, signal }).then((body) => body.data),
  });
}

/** Saves at once; the cache takes the server's answer, so the switch shows what was kept. */
export function useSaveDigestSubscription(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) =>
      apiV1<{ data: DigestSubscription }>(ROUTE, { method: 'PUT', body: { workspaceId, subscribed } }).then((body) => body.data),
    onSuccess: (saved) => queryClient.setQueryData(digestSubscriptionKey(workspaceId), saved),
  });
}
