import { Callout, H3, SectionCard } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { SettingsPanel } from '@axal/web-sdk';
import { ErrorState, LoadingSkeleton } from '@axal/web-sdk/ui';
import { contributionsTo, type Contribution } from '../../plugins/contributions';
import { PluginBoundary } from '../../plugins/PluginBoundary';
import { useLoadedPlugins, type LoadedPluginState, type WorkspacePluginEntry } from '../../plugins/workspace-plugins';
import { SettingsSection } from '../SettingsSection';
import { GenericSettingsForm } from './GenericSettingsForm';
import { usePluginSettings } from './plugin-settings-api';
import { settingsFormFields } from './settings-form-fields';
import './plugin-settings.css';

function PluginSection({ plugin, children }: { plugin: WorkspacePluginEntry; children: ReactNode }) {
  return (
    <SettingsSection title={`${plugin.name} settings`} subtitle="These settings apply to this workspace only.">
      {children}
    </SettingsSection>
  );
}

function GeneratedSettings({ workspaceId, plugin }: { workspaceId: string; plugin: WorkspacePluginEntry }) {
  const settings = usePluginSettings(workspaceId, plugin.id);
  let content: ReactNode;
  if (settings.isPending) content = <LoadingSkeleton rows={2} height={30} />;
  else if (settings.error) {
    content = <ErrorState message={`The ${plugin.name} settings could not be loaded.`} onRetry={() => void settings.refetch()} />;
  } else {
    const controls = settingsFormFields(settings.data);
    content = controls ? (
      <GenericSettingsForm
        // A saved answer starts the form over from what the server kept.
        key={JSON.stringify(settings.data.values)}
        workspaceId={workspaceId}
        pluginId={plugin.id}
        pluginName={plugin.name}
        controls={controls}
        values={settings.data.values}
      />
    ) : (
      <Callout icon="info-sign" compact>
        The settings of {plugin.name} cannot be edited here.
      </Callout>
    );
  }
  return (
    <PluginSection plugin={plugin}>
      <SectionCard>{content}</SectionCard>
    </PluginSection>
  );
}

function ContributedPanels({
  workspaceId,
  plugin,
  panels,
}: {
  workspaceId: string;
  plugin: WorkspacePluginEntry;
  panels: Contribution<SettingsPanel>[];
}) {
  return (
    <PluginSection plugin={plugin}>
      {panels.map(({ pluginName, item: panel }) => (
        <SectionCard key={panel.id}>
          <H3 className="plugin-settings-panel__title">{panel.title}</H3>
          {/* Retry clears the boundary's error, which mounts the panel again. */}
          <PluginBoundary pluginName={pluginName} onRetry={() => undefined}>
            <panel.component workspaceId={workspaceId} pluginId={plugin.id} />
          </PluginBoundary>
        </SectionCard>
      ))}
    </PluginSection>
  );
}

/** One plugin's settings: the panels its remote contributes, or else the form generated from its schema. */
function PluginSettingsSection({ workspaceId, plugin, state }: { workspaceId: string; plugin: WorkspacePluginEntry; state?: LoadedPluginState }) {
  const panels = state ? contributionsTo([state], 'settingsPanels') : [];
  if (panels.length > 0) return <ContributedPanels workspaceId={workspaceId} plugin={plugin} panels={panels} />;
  if (!plugin.hasSettings) return null;
  if (state?.status === 'loading') {
    // Until the remote is in, it is not known whether the plugin edits its settings itself.
    return (
      <PluginSection plugin={plugin}>
        <SectionCard>
          <LoadingSkeleton rows={2} height={30} />
        </SectionCard>
      </PluginSection>
    );
  }
  return <GeneratedSettings workspaceId={workspaceId} plugin={plugin} />;
}

/** The settings of every enabled plugin that has some, shown to owners and admins under the plugin catalogue. */
export function PluginSettingsSections({ workspaceId }: { workspaceId: string }) {
  const { list, loaded } = useLoadedPlugins(workspaceId);
  return (list.data ?? [])
    .filter((plugin) => plugin.enabled && plugin.available)
    .map((plugin) => (
      <PluginSettingsSection key={plugin.id} workspaceId={workspaceId} plugin={plugin} state={loaded.find((state) => state.entry.id === plugin.id)} />
    ));
}
