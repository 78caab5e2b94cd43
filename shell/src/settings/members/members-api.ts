import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiV1, roleQueryKey, type Role } from '@axal/web-sdk';
import { clientListsKey } from '../../clients/clients-api';
import { workspaceKey } from '../../workspace/workspace-queries';

/** A client a CLIENT member stands for, or will once their invitation is accepted. */
export interface LinkedClient {
  externalId: string;
  name: string;
}

export interface Member {
  externalId: string;
  name: string;
  /** Hidden (null) from CLIENT members. */
  email: string | null;
  role: Role;
  /** The clients a CLIENT member sees; empty for staff. */
  clients: LinkedClient[];
}

/** A pending invitation, expired ones included until they are resent or revoked. */
export interface Invitation {
  externalId: string;
  email: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
  invitedBy: { name: string } | null;
  clients: LinkedClient[];
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

const CLIENT_OPTIONS_SHOWN = 20;

/** The workspace's clients whose name (or PAN, email...) matches `search`, for choosing whom a CLIENT member stands for. */
export function useClientOptions(workspaceId: string, search: string) {
  return useQuery<LinkedClient[]>({
    queryKey: [...clientListsKey(workspaceId), { search, purpose: 'member-links' }],
    queryFn: ({ signal }) =>
      apiV1<{ clients: LinkedClient[] }>('/clients', { query: { workspaceId, search, limit: CLIENT_OPTIONS_SHOWN }, signal }).then((body) =>
        body.clients.map(({ externalId, name }) => ({ externalId, name })),
      ),
    placeholderData: keepPreviousData,
  });
}
