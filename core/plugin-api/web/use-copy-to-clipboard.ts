import { useCallback, useEffect, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies text and reports "copied" or "failed" for `resetMs` (the spec's 2 s confirmation), then "idle" again; `copy`
 * also resolves to whether it copied, for a caller that tells each attempt's outcome (a toast per copy).
 */
export function useCopyToClipboard(resetMs = 2000) {
  // A new object per attempt, so copying again restarts the reset timer even when the state is unchanged.
  const [attempt, setAttempt] = useState<{ state: CopyState }>({ state: 'idle' });

  useEffect(() => {
    if (attempt.state === 'idle') return;
    const timer = setTimeout(() => setAttempt({ state: 'idle' }), resetMs);
    return () => clearTimeout(timer);
  }, [attempt, resetMs]);

  const copy = useCallback(async (text: string): Promise<boolean> => {
    try {
      // navigator.clipboard is missing outside secure contexts; the throw lands in the catch below.
      await navigator.clipboard.writeText(text);
      setAttempt({ state: 'copied' });
      return true;
    } catch {
      setAttempt({ state: 'failed' });
      return false;
    }
  }, []);

  return { copy, state: attempt.state };
}
