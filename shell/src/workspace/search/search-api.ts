import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiV1 } from '@axal/web-sdk';
import type { SearchAnswer } from '../../../../core/search/search-service';

export type { SearchAnswer };

export const MIN_SEARCH_LENGTH = 2;
export const MAX_SEARCH_LENGTH = 100;
const DEBOUNCE_MS = 250;

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Searches the workspace for what is typed, once typing pauses. While the next answer is on its way the previous
 * one stays on screen, marked `isStale`, so the list does not flash empty between keystrokes.
 */
export function useWorkspaceSearch(workspaceId: string, typed: string) {
  const term = typed.trim();
  const debouncedTerm = useDebouncedValue(term, DEBOUNCE_MS);
  const searchable = debouncedTerm.length >= MIN_SEARCH_LENGTH;
  const query = useQuery({
    queryKey: ['workspaces', workspaceId, 'search', debouncedTerm],
    queryFn: ({ signal }) => apiV1<SearchAnswer>('/search', { query: { workspaceId, q: debouncedTerm }, signal }),
    enabled: searchable,
    placeholderData: keepPreviousData,
  });
  const isStale = debouncedTerm !== term || query.isPlaceholderData;
  return { term, query, isTooShort: term.length < MIN_SEARCH_LENGTH, isStale, isSearching: isStale || query.isFetching };
}
