import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiV1, clientListsKey } from '@axal/web-sdk';
import type { ClientType } from '../../../core/clients/schemas';
import type { ClientDetailView, ClientListEntry, CredentialStatus } from '../../../core/clients/wire';

export interface ClientNote {
  externalId: string;
  content: string;
  author: { externalId: string; name: string } | null;
  dateAdded: string;
}

/** The password is always masked (null) in the list; the username is null for members without manage_clients. */
export interface PlatformCredential extends CredentialStatus {
  username: string | null;
  password: null;
  /** The stored values no longer decrypt; saving them again repairs the record. */
  unreadable?: true;
  updatedAt: string;
}

/** `GET clients/{id}/credentials/{platform}/reveal`: null with `unreadable` when the stored value no longer decrypts. */
export interface RevealedPassword {
  platformName: string;
  password: string | null;
  unreadable?: true;
}

export interface ClientListFilters {
  search: string;
  type: ClientType | '';
  cursor: string | null;
}

const CLIENTS_PAGE_SIZE = 25;
const CREDENTIALS_STATUS_STALE_MS = 900_000;
const CREDENTIALS_STALE_MS = 300_000;

export const clientsKey = (workspaceId: string) => ['workspaces', workspaceId, 'clients'] as const;
/** Shared with the plugins' client selects (the SDK's `useClientOptions`), which refresh with the shell's lists. */
export { clientListsKey };
export const clientKey = (workspaceId: string, clientId: string) => [...clientsKey(workspaceId), 'detail', clientId] as const;
export const clientNotesKey = (workspaceId: string, clientId: string) => [...clientKey(workspaceId, clientId), 'notes'] as const;
export const clientCredentialsKey = (workspaceId: string, clientId: string) => [...clientKey(workspaceId, clientId), 'credentials'] as const;
export const credentialsStatusKey = (workspaceId: string) => [...clientsKey(workspaceId), 'credentials-status'] as const;

export function useClientList(workspaceId: string, { search, type, cursor }: ClientListFilters) {
  return useQuery({
    queryKey: [...clientListsKey(workspaceId), { search, type, cursor }],
    queryFn: ({ signal }) =>
      apiV1<{ clients: ClientListEntry[]; nextCursor: string | null }>('/clients', {
        query: { workspaceId, search, type, cursor, limit: CLIENTS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Which clients have a stored portal login that no longer works; a failed call means "none known" (spec 7). */
export function useCredentialsStatus(workspaceId: string) {
  return useQuery({
    queryKey: credentialsStatusKey(workspaceId),
    queryFn: ({ signal }) =>
      apiV1<{ status: Record<string, CredentialStatus[]> }>('/clients/credentials-status', { query: { workspaceId }, signal })
        .then((body) => body.status)
        .catch((): Record<string, CredentialStatus[]> => ({})),
    staleTime: CREDENTIALS_STATUS_STALE_MS,
  });
}

export function useClientDetail(workspaceId: string, clientId: string) {
  return useQuery({
    queryKey: clientKey(workspaceId, clientId),
    queryFn: ({ signal }) =>
      apiV1<{ client: ClientDetailView }>(`/clients/${clientId}`, { query: { workspaceId }, signal }).then((body) => body.client),
  });
}

export function useClientNotes(workspaceId: string, clientId: string) {
  return useQuery({
    queryKey: clientNotesKey(workspaceId, clientId),
    queryFn: ({ signal }) =>
      apiV1<{ data: ClientNote[] }>(`/clients/${clientId}/notes`, { query: { workspaceId }, signal }).then((body) => body.data),
  });
}

export function usePlatformCredentials(workspaceId: string, clientId: string) {
  return useQuery({
    queryKey: clientCredentialsKey(workspaceId, clientId),
    queryFn: ({ signal }) =>
      apiV1<{ credentials: PlatformCredential[] }>(`/clients/${clientId}/credentials`, { query: { workspaceId }, signal }).then(
        (body) => body.credentials,
      ),
    staleTime: CREDENTIALS_STALE_MS,
  });
}

export const hasInvalidCredential = (entries: CredentialStatus[] | undefined) => (entries ?? []).some((entry) => !entry.isValid);

export const CLIENT_TYPE_LABELS: Record<ClientType, string> = { BUSINESS: 'Business', INDIVIDUAL: 'Individual' };

export const clientsPath = (workspaceId: string) => `/w/${workspaceId}/clients`;
