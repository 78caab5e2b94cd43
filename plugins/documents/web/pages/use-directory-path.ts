import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { folderPathProblem, TREE_REFETCH_DEBOUNCE_MS } from '../../shared/wire';
import { ROOT_PATH } from '../folder-paths';

const PATH_PARAM = 'path';

/** `?path=` of the address, so a folder can be linked to, reloaded, and left with the browser's back button. */
export const folderSearch = (path: string): string => (path === ROOT_PATH ? '' : `?${new URLSearchParams({ [PATH_PARAM]: path })}`);

/**
 * The folder the browser shows, and the one it may fetch: the latter follows 300 ms after the last change, so
 * clicking quickly through folders fetches only the one the user stops at (spec 3 section 4).
 */
export function useDirectoryPath() {
  const [searchParams, setSearchParams] = useSearchParams();
  const path = (searchParams.get(PATH_PARAM) ?? ROOT_PATH).replace(/^\/+|\/+$/g, '');
  const [settledPath, setSettledPath] = useState(path);

  useEffect(() => {
    if (path === settledPath) return;
    const timer = setTimeout(() => setSettledPath(path), TREE_REFETCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [path, settledPath]);

  const openFolder = useCallback((target: string) => setSearchParams(target === ROOT_PATH ? {} : { [PATH_PARAM]: target }), [setSearchParams]);

  return { path, isValid: folderPathProblem(path) === null, isSettled: path === settledPath, openFolder };
}
