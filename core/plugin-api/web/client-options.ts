import { useQuery } from '@tanstack/react-query';
import { apiV1 } from './api-client';

/** Every query of a workspace's client lists; the shell invalidates it whenever a client is added, changed or removed. */
export const clientListsKey = (workspaceId: string) => ['workspaces', workspaceId, 'clients', 'list'] as const;

export interface ClientOption {
  externalId: string;
  name: string;
  clientType: string;
}

const CLIENT_PAGE_SIZE = 100;
/** A select beyond this many clients stops being usable; it keeps the first ones by name. */
const MAX_CLIENT_OPTIONS = 1000;

/**
 * The workspace's clients by name (the core's `GET clients`, page after page) for a client select or filter. Kept
 * under `clientListsKey`, so a client added in the shell is offered at once.
 */
export function useClientOptions(workspaceId: string, enabled = true) {
  return useQuery({
    queryKey: [...clientListsKey(workspaceId), 'options'],
    queryFn: async ({ signal }) => {
      const clients: ClientOption[] = [];
      let cursor: string | undefined;
      do {
        const page = await apiV1<{ clients: ClientOption[]; nextCursor: string | null }>('/clients', {
          query: { workspaceId, limit: CLIENT_PAGE_SIZE, cursor },
          signal,
        });
        clients.push(...page.clients.map(({ externalId, name, clientType }) => ({ externalId, name, clientType })));
        cursor = page.nextCursor ?? undefined;
      } while (cursor && clients.length < MAX_CLIENT_OPTIONS);
      return clients;
    },
    enabled,
    staleTime: 60_000,
  });
}
