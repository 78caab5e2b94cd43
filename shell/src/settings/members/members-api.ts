import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiV1, roleQueryKey, type Role } from '@axal/web-sdk';
import { workspaceKey } from '../../workspace/workspace-queries';

export interface Member {
  externalId: string;
  name: string;
  /** Hidden (null) from CLIENT members. */
  email: string | null;
  role: Role;
}

export interface Invitation {
  externalId: string;
  email: string;
  role: Role;
  createdAt: string;
}

export const membersKey = (workspaceId: string) => ['workspaces', workspaceId, 'members'] as const;

export function useMembers(workspaceId: string) {
  return useQuery({
    queryKey: membersKey(workspaceId),
    queryFn: () => apiV1<{ members: Member[]; invitations: Invitation[] }>(`/workspaces/${workspaceId}/members`),
  });
}

interface MembershipMutationCallbacks<Input, Result> {
  onSuccess: (result: Result, input: Input) => void;
  onError: (error: Error) => void;
}

/**
 * A change to the membership: afterwards the member list, the member count and (it may be one's own) the role are
 * refreshed. The callbacks belong to the mutation, not to one `mutate` call, so they still run when the refreshed
 * list no longer holds the row that started it (a removed member, a revoked invitation).
 */
export function useMembershipMutation<Input, Result>(
  workspaceId: string,
  call: (input: Input) => Promise<Result>,
  { onSuccess, onError }: MembershipMutationCallbacks<Input, Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess,
    onError,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKey(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: workspaceKey(workspaceId), exact: true }),
        queryClient.invalidateQueries({ queryKey: roleQueryKey(workspaceId) }),
      ]),
  });
}

export type AddMemberResult = { member: Member } | { invitation: Invitation };
