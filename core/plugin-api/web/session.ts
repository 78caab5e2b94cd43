import { useQuery } from '@tanstack/react-query';
import { atom, useAtomValue } from 'jotai';
import { api, apiV1 } from './api-client';

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

/** Who is signed in, if anyone, and which sign-in providers are on. */
export function fetchSession(): Promise<SessionInfo> {
  return api<SessionInfo>('/auth/status');
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
