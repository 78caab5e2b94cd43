import { Spinner } from '@blueprintjs/core';
import type { RouteObject } from 'react-router-dom';
import { NotEnabledPage } from './NotEnabledPage';
import { PluginBoundary } from './PluginBoundary';
import { RemoteErrorPanel } from './RemoteErrorPanel';
import type { LoadedPluginState, WorkspacePluginEntry } from './workspace-plugins';

function wrapInBoundary(routes: RouteObject[], state: Extract<LoadedPluginState, { status: 'ready' }>, onRetry: () => void): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    element: route.element ? (
      <PluginBoundary pluginName={state.entry.name} onRetry={onRetry}>
        {route.element}
      </PluginBoundary>
    ) : undefined,
    children: route.children ? wrapInBoundary(route.children, state, onRetry) : undefined,
  })) as RouteObject[];
}

/**
 * The workspace routes contributed by plugins: a loaded plugin's own routes inside its error boundary, a loading or
 * failed one's area, and the "not enabled" page for a disabled plugin's address.
 */
export function pluginRouteObjects(
  workspaceId: string,
  entries: WorkspacePluginEntry[],
  loaded: LoadedPluginState[],
  onRetryPage: () => void,
): RouteObject[] {
  const routes: RouteObject[] = [];
  for (const state of loaded) {
    const area = `${state.entry.nav?.path ?? state.entry.id}/*`;
    if (state.status === 'ready') routes.push(...wrapInBoundary(state.plugin.routes, state, onRetryPage));
    else if (state.status === 'failed')
      routes.push({ path: area, element: <RemoteErrorPanel pluginName={state.entry.name} onRetry={state.retry} /> });
    else routes.push({ path: area, element: <Spinner aria-label={`Loading ${state.entry.name}`} /> });
  }
  for (const entry of entries) {
    if (!entry.enabled && entry.nav) {
      routes.push({ path: `${entry.nav.path}/*`, element: <NotEnabledPage pluginName={entry.name} workspaceId={workspaceId} /> });
    }
  }
  return routes;
}
