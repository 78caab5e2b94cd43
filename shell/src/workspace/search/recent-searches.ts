import { useCallback, useState } from 'react';
import { useSession } from '@axal/web-sdk';

const MAX_RECENT_SEARCHES = 5;

// Per user as well as per workspace: on a shared computer one member never sees what another looked for.
const storageKey = (userId: string, workspaceId: string) => `axal.recent-searches.${userId}.${workspaceId}`;

function readTerms(key: string): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(stored) ? stored.filter((term): term is string => typeof term === 'string').slice(0, MAX_RECENT_SEARCHES) : [];
  } catch {
    // Unreadable or blocked storage: no history rather than no search.
    return [];
  }
}

function writeTerms(key: string, terms: string[]): void {
  try {
    if (terms.length) localStorage.setItem(key, JSON.stringify(terms));
    else localStorage.removeItem(key);
  } catch {
    // Full or blocked storage: the history is a convenience, never a failure.
  }
}

/**
 * The last terms this member searched for in this workspace and opened a result of, newest first, kept in the
 * browser's localStorage; a term searched again moves to the top (ignoring case).
 */
export function useRecentSearches(workspaceId: string) {
  const userId = useSession().data?.user?.externalId;
  const key = userId ? storageKey(userId, workspaceId) : null;
  const [stored, setStored] = useState(() => ({ key, terms: key ? readTerms(key) : [] }));
  // The session arrives after the first render, and the workspace may change: read that member's list then.
  if (stored.key !== key) setStored({ key, terms: key ? readTerms(key) : [] });

  const save = useCallback(
    (terms: string[]) => {
      if (!key) return;
      writeTerms(key, terms);
      setStored({ key, terms });
    },
    [key],
  );
  const remember = useCallback(
    (term: string) => save([term, ...stored.terms.filter((earlier) => earlier.toLowerCase() !== term.toLowerCase())].slice(0, MAX_RECENT_SEARCHES)),
    [save, stored.terms],
  );
  const clear = useCallback(() => save([]), [save]);

  return { terms: stored.terms, remember, clear };
}
