import { useMutation, useQuery } from '@tanstack/react-query';
import { apiV1, queryClient } from '@axal/web-sdk';
import type { OtherSessionsEnded, SessionList } from '../../../core/auth/wire';

const mySessionsKey = ['me', 'sessions'] as const;

/** Where the user is signed in; asked again when the page regains focus, like every query. */
export function useMySessions() {
  return useQuery({ queryKey: mySessionsKey, queryFn: () => apiV1<SessionList>('/me/sessions') });
}

/** The list is fetched again, e.g. after a password change signed the other sessions out. */
export const forgetMySessions = () => void queryClient.invalidateQueries({ queryKey: mySessionsKey });

export function useSignOutSession() {
  return useMutation({
    mutationFn: (sessionId: string) => apiV1<void>(`/me/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
    onSettled: forgetMySessions,
  });
}

export function useSignOutOtherSessions() {
  return useMutation({
    mutationFn: () => apiV1<OtherSessionsEnded>('/me/sessions/revoke-others', { method: 'POST' }),
    onSettled: forgetMySessions,
  });
}
