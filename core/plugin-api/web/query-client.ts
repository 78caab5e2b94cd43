import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** One client for the shell and every plugin: a 4xx is an answer, not a reason to retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    },
  },
});
