import { useEffect, useState } from 'react';
import { apiV1 } from '@axal/web-sdk';
import type { SearchAnswer } from '../../../../core/search/search-service';

export type { SearchAnswer };

export const MIN_SEARCH_LENGTH = 2;
export const MAX_SEARCH_LENGTH = 100;
const DEBOUNCE_MS = 250;

/** The outcome of the last request that was not cancelled, and the term it was for. */
interface Outcome {
  term: string;
  answer?: SearchAnswer;
  error?: unknown;
}

/**
 * Searches the workspace for what is typed, once typing pauses for 250 ms. Every keystroke that changes the term
 * aborts the request in flight at once, so an answer to an older term never arrives after a newer one and the server
 * stops working on it. While the next answer is on its way the previous one stays on screen, marked `isStale`, so
 * the list does not flash empty between keystrokes.
 */
export function useWorkspaceSearch(workspaceId: string, typed: string) {
  const term = typed.trim();
  const isTooShort = term.length < MIN_SEARCH_LENGTH;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (isTooShort) return;
    const request = new AbortController();
    const timer = setTimeout(() => {
      apiV1<SearchAnswer>('/search', { query: { workspaceId, q: term }, signal: request.signal }).then(
        (answer) => setOutcome({ term, answer }),
        (error: unknown) => {
          if (!request.signal.aborted) setOutcome({ term, error });
        },
      );
    }, DEBOUNCE_MS);
    // Runs on the next change of the term (or on closing): drops the pause and aborts the request in flight.
    return () => {
      clearTimeout(timer);
      request.abort();
    };
  }, [workspaceId, term, isTooShort, attempt]);

  const isStale = outcome?.term !== term;
  return {
    term,
    isTooShort,
    /** The latest answer: to the term in the box, or to an earlier one while that is on its way (`isStale`). */
    answer: isTooShort ? undefined : outcome?.answer,
    isStale,
    /** Why the search for the term in the box failed. */
    error: isTooShort || isStale ? undefined : outcome?.error,
    retry: () => {
      setOutcome(null);
      setAttempt((count) => count + 1);
    },
  };
}
