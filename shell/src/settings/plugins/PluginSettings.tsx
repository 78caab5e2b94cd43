import { Callout, Card, Classes, H3, Switch, Tag } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiV1, roleQueryKey, usePermission, useWorkspaceRole } from '@axal/web-sdk';
import { ErrorState, LoadingSkeleton, showErrorToast, showToast } from '@axal/web-sdk/ui';
import { useWorkspacePluginList, workspacePluginsKey, type WorkspacePluginEntry } from '../../plugins/workspace-plugins';
import { PluginSettingsSections } from './PluginSettingsSections';

interface PluginCardProps {
  workspaceId: string;
  plugin: WorkspacePluginEntry;
  requiredNames: string[];
  canSwitch: boolean;
}

function PluginCard({ workspaceId, plugin, requiredNames, canSwitch }: PluginCardProps) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => apiV1(`/workspaces/${workspaceId}/plugins/${plugin.id}`, { method: 'PUT', body: { enabled } }),
    // Waiting for the new list keeps the switch on the requested side until the sidebar has it too; the member's
    // permissions follow the switch, since a switched-off plugin's permissions are not in force.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workspacePluginsKey(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: roleQueryKey(workspaceId) }),
      ]),
  });
  const switchTo = (enabled: boolean) =>
    toggle.mutate(enabled, {
      onSuccess: () =>
        void showToast({ message: `${plugin.name} is now ${enabled ? 'enabled' : 'disabled'} for this workspace.`, intent: 'success' }),
      onError: (error) =>
        void showErrorToast(
          error,
          'The plugin could not be switched. Please try again.',
          `${plugin.name} was not ${enabled ? 'enabled' : 'disabled'}`,
        ),
    });
  const enabled = toggle.isPending ? Boolean(toggle.variables) : plugin.enabled;
  const titleId = `plugin-${plugin.id}-title`;

  return (
    <Card className="plugin-card" aria-labelledby={titleId} role="group">
      <div className="plugin-card__body">
        <div className="plugin-card__title-row">
          <H3 id={titleId} className="plugin-card__title">
            {plugin.name}
          </H3>
          {plugin.demo && (
            <Tag minimal round intent="warning">
              Demo
            </Tag>
          )}
          <span className={`plugin-card__version ${Classes.TEXT_MUTED}`}>v{plugin.version}</span>
        </div>
        <p className="plugin-card__description">{plugin.description}</p>
        {requiredNames.length > 0 && <p className={`plugin-card__requires ${Classes.TEXT_MUTED}`}>Requires: {requiredNames.join(', ')}</p>}
      </div>
      {plugin.available ? (
        <Switch
          className="plugin-card__switch"
          role="switch"
          large
          aria-labelledby={titleId}
          checked={enabled}
          disabled={!canSwitch || toggle.isPending}
          onChange={(event) => switchTo(event.currentTarget.checked)}
          innerLabelChecked="On"
          innerLabel="Off"
        />
      ) : (
        // No switch: an "On" for a feature without a page would promise what is not there.
        <Tag className="plugin-card__unavailable" minimal round icon="time">
          Not available yet
        </Tag>
      )}
    </Card>
  );
}

/** The plugin catalogue of this workspace; owners and admins switch plugins on and off, others see which are on. */
export function PluginSettings({ workspaceId }: { workspaceId: string }) {
  const plugins = useWorkspacePluginList(workspaceId);
  const role = useWorkspaceRole();
  const canSwitch = usePermission('manage_plugins');

  if (plugins.isPending || role.isPending) return <LoadingSkeleton rows={4} height={72} />;
  if (plugins.error) return <ErrorState message="The plugins of this workspace could not be loaded." onRetry={() => void plugins.refetch()} />;

  const nameOf = new Map(plugins.data.map((plugin) => [plugin.id, plugin.name]));
  // What can be used now before what is not available yet; within each, the sidebar's order, then plugins without a
  // page of their own, by name.
  const catalogue = [...plugins.data].sort(
    (a, b) =>
      Number(b.available) - Number(a.available) ||
      (a.nav?.order ?? Number.MAX_SAFE_INTEGER) - (b.nav?.order ?? Number.MAX_SAFE_INTEGER) ||
      a.name.localeCompare(b.name),
  );
  return (
    <section aria-label="Plugins" className="plugin-settings">
      <p className={`plugin-settings__intro ${Classes.TEXT_MUTED}`}>
        Each feature of Axal Practice is a plugin. Switching one off hides it from this workspace; its data is kept and comes back when it is switched
        on again. Features marked “Not available yet” are still being built.
      </p>
      {!canSwitch && (
        <Callout icon="lock" compact>
          Only owners and admins can switch plugins on or off.
        </Callout>
      )}
      <div className="plugin-list">
        {catalogue.map((plugin) => (
          <PluginCard
            key={plugin.id}
            workspaceId={workspaceId}
            plugin={plugin}
            requiredNames={plugin.requires.map((id) => nameOf.get(id) ?? id)}
            canSwitch={canSwitch}
          />
        ))}
      </div>
      {canSwitch && <PluginSettingsSections workspaceId={workspaceId} />}
    </section>
  );
}
