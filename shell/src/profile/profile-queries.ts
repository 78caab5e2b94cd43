import { useQuery } from '@tanstack/react-query';
import { apiV1, queryClient, sessionQueryKey, type SessionInfo, type SessionUser } from '@axal/web-sdk';

interface MyProfile {
  user: SessionUser;
  hasPassword: boolean;
}

const myProfileKey = ['me'] as const;

export function useMyProfile() {
  return useQuery({ queryKey: myProfileKey, queryFn: () => apiV1<MyProfile>('/me') });
}

/** A saved profile shows at once here and wherever the session's user is shown (the user menu). */
export function rememberSavedUser(user: SessionUser): void {
  queryClient.setQueryData<MyProfile>(myProfileKey, (profile) => (profile ? { ...profile, user } : profile));
  queryClient.setQueryData<SessionInfo>(sessionQueryKey, (session) => (session ? { ...session, user } : session));
}

/** The profile is fetched again, e.g. once a Google-only account has set a password. */
export function forgetMyProfile(): void {
  void queryClient.invalidateQueries({ queryKey: myProfileKey });
}
