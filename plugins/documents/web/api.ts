import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiV1 } from '@axal/web-sdk';
import {
  DOCUMENTS_ROUTES,
  TREE_CACHE_MS,
  type AssignClientResponse,
  type CreateDirectoryResponse,
  type DeleteDocumentsResponse,
  type DirectoriesResponse,
  type DocumentListResponse,
  type DocumentStatsResponse,
  type DocumentTreeResponse,
  type StorageInfo,
} from '../shared/wire';
import type { AttachmentView } from '../server/tokens';
import type { AssignClientRequest } from '../shared/schemas';

export type { AttachmentView };

type WithoutWorkspace<T> = Omit<T, 'workspaceId'>;

const route = (name: keyof typeof DOCUMENTS_ROUTES) => `/${DOCUMENTS_ROUTES[name]}`;

export const documentsKey = (workspaceId: string) => ['documents', workspaceId] as const;
export const treeKey = (workspaceId: string, path: string) => [...documentsKey(workspaceId), 'tree', path] as const;
export const storageKey = (workspaceId: string) => [...documentsKey(workspaceId), 'storage'] as const;
export const directoriesKey = (workspaceId: string, clientId?: string) => [...documentsKey(workspaceId), 'directories', clientId ?? null] as const;
export const documentListKey = (workspaceId: string, clientId: string) => [...documentsKey(workspaceId), 'list', clientId] as const;
export const statsKey = (workspaceId: string) => [...documentsKey(workspaceId), 'stats'] as const;

/**
 * One folder and its direct children. Kept for a minute (spec: the tree is not fetched again within 60 s unless
 * refreshed by hand); `enabled` lets the browser hold the call back while the path is still changing.
 */
export function useDirectoryTree(workspaceId: string, path: string, enabled: boolean) {
  return useQuery({
    queryKey: treeKey(workspaceId, path),
    queryFn: ({ signal }) => apiV1<DocumentTreeResponse>(route('tree'), { query: { workspaceId, path }, signal }).then((body) => body.tree),
    staleTime: TREE_CACHE_MS,
    enabled,
    // Access decisions and missing folders are answers, not reasons to try again.
    retry: false,
  });
}

export function useStorageInfo(workspaceId: string, enabled = true) {
  return useQuery({
    queryKey: storageKey(workspaceId),
    queryFn: ({ signal }) => apiV1<StorageInfo>(route('storage'), { query: { workspaceId }, signal }),
    enabled,
  });
}

/** The folder listing of the folder picker; with a client, only that client's folders and those above them. */
export function useDirectories(workspaceId: string, clientId?: string) {
  return useQuery({
    queryKey: directoriesKey(workspaceId, clientId),
    queryFn: ({ signal }) => apiV1<DirectoriesResponse>(route('directories'), { query: { workspaceId, clientExternalId: clientId }, signal }),
  });
}

export function useClientDocuments(workspaceId: string, clientId: string) {
  return useQuery({
    queryKey: documentListKey(workspaceId, clientId),
    queryFn: ({ signal }) => apiV1<DocumentListResponse>(route('list'), { query: { workspaceId, clientExternalId: clientId, limit: 1000 }, signal }),
  });
}

export function useDocumentStats(workspaceId: string) {
  return useQuery({
    queryKey: statsKey(workspaceId),
    queryFn: ({ signal }) => apiV1<DocumentStatsResponse>(route('stats'), { query: { workspaceId }, signal }),
  });
}

/** Whatever changed documents or folders: every view of this workspace's documents is fetched again. */
export function useInvalidateDocuments(workspaceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: documentsKey(workspaceId) });
}

export function useCreateDirectory(workspaceId: string) {
  const invalidate = useInvalidateDocuments(workspaceId);
  return useMutation({
    mutationFn: ({ path, clientId }: { path: string; clientId?: string }) =>
      apiV1<CreateDirectoryResponse>(route('createDirectory'), { method: 'POST', body: { workspaceId, path, clientId } }),
    onSuccess: () => invalidate(),
  });
}

export type DeleteNode = { type: 'file'; path?: string; fileInfo: { id: string } } | { type: 'directory'; path: string };

export function deleteDocuments(workspaceId: string, nodes: DeleteNode[]) {
  return apiV1<DeleteDocumentsResponse>(route('remove'), { method: 'DELETE', body: { workspaceId, nodes } });
}

export function useAssignClient(workspaceId: string) {
  const invalidate = useInvalidateDocuments(workspaceId);
  return useMutation({
    mutationFn: (request: WithoutWorkspace<AssignClientRequest>) =>
      apiV1<AssignClientResponse>(route('assignClient'), { method: 'POST', body: { ...request, workspaceId } }),
    onSuccess: () => invalidate(),
  });
}

export function useUpgradeStorage(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (additionalStorage: number) =>
      apiV1<StorageInfo>(route('updateStorage'), { method: 'POST', body: { workspaceId, additionalStorage } }),
    onSuccess: (storage) => queryClient.setQueryData(storageKey(workspaceId), storage),
  });
}

export interface ClientOption {
  externalId: string;
  name: string;
}

const CLIENT_PICKER_LIMIT = 25;

/** The workspace's clients matching a search, for the Assign Client dialog (the core's clients list). */
export function useClientOptions(workspaceId: string, search: string, enabled: boolean) {
  return useQuery<ClientOption[]>({
    queryKey: [...documentsKey(workspaceId), 'client-options', search],
    queryFn: ({ signal }) =>
      apiV1<{ clients: ClientOption[] }>('/clients', { query: { workspaceId, search, limit: CLIENT_PICKER_LIMIT }, signal }).then(
        (body) => body.clients,
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

interface WorkspaceName {
  name: string;
}

/** The workspace's name, which the delete confirmation asks for (the shell's workspace query, shared by key). */
export function useWorkspaceName(workspaceId: string) {
  return useQuery({
    queryKey: ['workspaces', workspaceId],
    queryFn: () => apiV1<WorkspaceName>(`/workspaces/${workspaceId}`),
    select: (workspace) => workspace.name,
  });
}

export const attachmentsKey = (workspaceId: string, attachmentsPath: string) =>
  [...documentsKey(workspaceId), 'attachments', attachmentsPath] as const;

/** The attachments of a record of another plugin, e.g. `tasks/{id}/attachments`; kept with the documents, so uploads refresh them. */
export function useAttachments(workspaceId: string, attachmentsPath: string) {
  return useQuery({
    queryKey: attachmentsKey(workspaceId, attachmentsPath),
    queryFn: ({ signal }) => apiV1<{ data: AttachmentView[] }>(`/${attachmentsPath}`, { query: { workspaceId }, signal }).then((body) => body.data),
  });
}

export function linkAttachment(workspaceId: string, attachmentsPath: string, documentId: string, signal?: AbortSignal) {
  return apiV1<{ data: AttachmentView }>(`/${attachmentsPath}`, { method: 'POST', body: { workspaceId, documentId }, signal });
}

export function useRemoveAttachment(workspaceId: string, attachmentsPath: string) {
  const invalidate = useInvalidateDocuments(workspaceId);
  return useMutation({
    mutationFn: (attachmentId: string) => apiV1<void>(`/${attachmentsPath}/${attachmentId}`, { method: 'DELETE', query: { workspaceId } }),
    onSettled: () => invalidate(),
  });
}
