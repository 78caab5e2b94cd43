import { useQuery } from '@tanstack/react-query';
import { atom, useAtomValue } from 'jotai';
import { ApiError, apiV1 } from './api-client';
import { appPath } from './runtime-config';

export interface SessionUser {
  externalId: string;
  name: string;
  email: string;
  image: string | null;
}

export interface SessionInfo {
  user: SessionUser | null;
  providers: { google: boolean };
}

export type Role = 'OWNER' | 'ADMIN' | 'EMPLOYEE' | 'CLIENT';

export interface WorkspaceRole {
  role: Role;
  permissions: string[];
}

/** The workspace the user is in, set by the shell from the URL (`{app}/w/:workspaceId/...`). */
export const currentWorkspaceIdAtom = atom<string | null>(null);

export const sessionQueryKey = ['session'] as const;
export const roleQueryKey = (workspaceId: string) => ['workspaces', workspaceId, 'role'] as const;

/** Signed out is an answer (401 with the sign-in providers), not an error. */
export async function fetchSession(): Promise<SessionInfo> {
  const response = await fetch(appPath('/auth/session'), { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  const body = (await response.json().catch(() => ({}))) as Partial<SessionInfo> & { error?: string };
  if (response.status === 401) return { user: null, providers: body.providers ?? { google: false } };
  if (!response.ok) throw new ApiError(response.status, body.error ?? 'Could not load your session');
  return body as SessionInfo;
}

export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000 });
}

export function useCurrentWorkspaceId(): string | null {
  return useAtomValue(currentWorkspaceIdAtom);
}

/** The signed-in user's role in a workspace, fetched per workspace (spec 1 section 6). */
export function useWorkspaceRole(explicitWorkspaceId?: string) {
  const currentWorkspaceId = useCurrentWorkspaceId();
  const workspaceId = explicitWorkspaceId ?? currentWorkspaceId;
  return useQuery({
    queryKey: roleQueryKey(workspaceId ?? ''),
    queryFn: () => apiV1<WorkspaceRole>(`/workspaces/${workspaceId}/role`),
    enabled: Boolean(workspaceId),
    staleTime: 60_000,
  });
}

/** Whether the user's role in the current workspace holds a permission; nothing is granted until the role is known. */
export function usePermission(permission: string): boolean {
  const { data } = useWorkspaceRole();
  return data?.permissions.includes(permission) ?? false;
}
