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

/** `GET workspaces/{id}/role`: the role and the member's effective permissions (a switched-off plugin's are absent). */
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

/**
 * The signed-in user's role and permissions in a workspace, fetched per workspace (spec 1 section 6). Whoever
 * changes a membership or switches a plugin invalidates `roleQueryKey`; a change made by someone else arrives when
 * the answer goes stale, together with the plugin list (both keep the client's default freshness).
 */
export function useWorkspaceRole(explicitWorkspaceId?: string) {
  const currentWorkspaceId = useCurrentWorkspaceId();
  const workspaceId = explicitWorkspaceId ?? currentWorkspaceId;
  return useQuery({
    queryKey: roleQueryKey(workspaceId ?? ''),
    queryFn: () => apiV1<WorkspaceRole>(`/workspaces/${workspaceId}/role`),
    enabled: Boolean(workspaceId),
  });
}

/**
 * Whether the member holds a permission in the current workspace: a core one, or one a plugin switched on there
 * declares. Nothing is granted until the answer is known. Pages ask this, never a list of roles.
 */
export function usePermission(permission: string): boolean {
  const { data } = useWorkspaceRole();
  return data?.permissions.includes(permission) ?? false;
}
