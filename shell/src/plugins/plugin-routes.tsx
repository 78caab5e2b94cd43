import { Spinner } from '@blueprintjs/core';
import type { RouteObject } from 'react-router-dom';
import { NotAvailablePage } from './NotAvailablePage';
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
 * failed one's area, the "not available yet" page for the address of a plugin without a web part, and the "not
 * enabled" page for a disabled plugin's address.
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
    if (!entry.nav) continue;
    const area = `${entry.nav.path}/*`;
    if (!entry.available) {
      routes.push({ path: area, element: <NotAvailablePage pluginName={entry.name} description={entry.description} workspaceId={workspaceId} /> });
    } else if (!entry.enabled) {
      routes.push({ path: area, element: <NotEnabledPage pluginName={entry.name} workspaceId={workspaceId} /> });
    }
  }
  return routes;
}
