import { useQuery } from '@tanstack/react-query';
import { apiV1, type Role } from '@axal/web-sdk';

/** One entry of `GET {app}/api/v1/workspaces`: a workspace the user belongs to. */
export interface WorkspaceSummary {
  externalId: string;
  name: string;
  role: Role;
}

export interface WorkspaceDetail extends WorkspaceSummary {
  memberCount: number;
  createdAt: string;
}

export const myWorkspacesKey = ['workspaces'] as const;
export const workspaceKey = (workspaceId: string) => ['workspaces', workspaceId] as const;

export function useMyWorkspaces() {
  return useQuery({
    queryKey: myWorkspacesKey,
    queryFn: () => apiV1<{ workspaces: WorkspaceSummary[] }>('/workspaces').then((body) => body.workspaces),
  });
}

export function useWorkspaceDetail(workspaceId: string) {
  return useQuery({ queryKey: workspaceKey(workspaceId), queryFn: () => apiV1<WorkspaceDetail>(`/workspaces/${workspaceId}`) });
}

export const ROLE_LABELS: Record<Role, string> = { OWNER: 'Owner', ADMIN: 'Admin', EMPLOYEE: 'Employee', CLIENT: 'Client' };
