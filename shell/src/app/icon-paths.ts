import { type IconPathsLoader, Icons } from '@blueprintjs/icons';

async function fetchIconPaths(name: string, size: number): Promise<string[]> {
  const response = await fetch(`${__webpack_public_path__}${__ICON_PATHS_FOLDER__}/${size}/${name}.json`);
  if (!response.ok) throw new Error(`The paths of the icon "${name}" answered HTTP ${response.status}`);
  return (await response.json()) as string[];
}

const requested = new Map<string, Promise<string[]>>();

/**
 * Each icon's paths are fetched the first time a page draws that icon (shell/build/icon-paths-assets.ts writes them),
 * so a page carries the few dozen icons it shows instead of Blueprint's default: the whole 16 px set (~93 KB
 * compressed) with the first icon. Blueprint asks again for an icon drawn twice before its paths arrive: one request
 * serves both. A failed request is forgotten, so the next drawing of the icon tries again.
 */
const iconPathsOneByOne: IconPathsLoader = (name, size) => {
  const key = `${size}/${name}`;
  let paths = requested.get(key);
  if (!paths) {
    paths = fetchIconPaths(name, size);
    requested.set(key, paths);
    paths.catch(() => requested.delete(key));
  }
  return paths;
};

/** Set before the first render (an icon drawn earlier would load the default way); the remotes draw through the shell's shared Blueprint, so this loader serves them too. */
export function loadIconPathsOneByOne(): void {
  Icons.setLoaderOptions({ loader: iconPathsOneByOne });
}
