import type { Express, Router } from 'express';

/** One method and path pattern an app serves, e.g. `get /clients/:clientId`. */
export interface MountedRoute {
  method: string;
  path: string;
}

/** What Express 5's router keeps of each `use` and route: the path as written, and either a route or a handler. */
interface RouterLayer {
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: RouterLayer[] };
}

const pathsOf = (path: string | string[] | undefined): string[] => (path === undefined ? [''] : [path].flat());

/** Every method and path an Express router serves, including those of the routers mounted inside it. */
export function mountedRoutes(router: Router, prefix = ''): MountedRoute[] {
  return (router.stack as unknown as RouterLayer[]).flatMap((layer) => {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods);
      return pathsOf(layer.route.path).flatMap((path) => methods.map((method) => ({ method, path: `${prefix}${path}` })));
    }
    if (!layer.handle.stack) return [];
    const nested = layer.handle as unknown as Router;
    return pathsOf(layer.rawPath).flatMap((mountPath) => mountedRoutes(nested, `${prefix}${mountPath === '/' ? '' : mountPath}`));
  });
}

/** The routes of a whole app under `prefix` (e.g. `/app/api/v1`), with the prefix taken off, each once. */
export function routesUnder(app: Express, prefix: string): MountedRoute[] {
  const seen = new Set<string>();
  return mountedRoutes(app.router, '').flatMap(({ method, path }) => {
    const key = `${method} ${path}`;
    if (!path.startsWith(`${prefix}/`) || seen.has(key)) return [];
    seen.add(key);
    return [{ method, path: path.slice(prefix.length) }];
  });
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * Whether a request to `requestPath` reaches the route `pattern`, segment by segment: a `:param` of the route takes
 * any one segment (a placeholder such as `:clientId` or a literal value), a `{*rest}` wildcard takes one or more, and
 * every other segment must be equal.
 */
export function pathReaches(requestPath: string, pattern: string): boolean {
  const requested = segmentsOf(requestPath);
  const wanted = segmentsOf(pattern);
  for (const [index, segment] of wanted.entries()) {
    if (/^\{\*\w+\}$/.test(segment)) return requested.length > index;
    if (index >= requested.length || (!segment.startsWith(':') && segment !== requested[index])) return false;
  }
  return requested.length === wanted.length;
}

/** The routes that none of `requests` reaches (same method, `pathReaches`). */
export function routesNotReached(routes: MountedRoute[], requests: MountedRoute[]): MountedRoute[] {
  return routes.filter((route) => !requests.some((request) => request.method === route.method && pathReaches(request.path, route.path)));
}
