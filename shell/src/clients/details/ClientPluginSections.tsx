import type { ClientSection as PluginClientSection } from '@axal/web-sdk';
import { contributionsTo } from '../../plugins/contributions';
import { PluginBoundary } from '../../plugins/PluginBoundary';
import type { LoadedPluginState } from '../../plugins/workspace-plugins';
import { ClientSection } from './ClientSection';

interface ClientPluginSectionsProps {
  loaded: LoadedPluginState[];
  workspaceId: string;
  clientId: string;
  clientName: string;
}

/** The sections enabled plugins add to a client's page (tasks, notices, documents...), each failing alone. */
export function ClientPluginSections({ loaded, workspaceId, clientId, clientName }: ClientPluginSectionsProps) {
  return contributionsTo(loaded, 'clientSections').map(({ pluginId, pluginName, item }) => (
    <PluginSection
      key={`${pluginId}.${item.id}`}
      pluginName={pluginName}
      section={item}
      workspaceId={workspaceId}
      clientId={clientId}
      clientName={clientName}
    />
  ));
}

interface PluginSectionProps {
  pluginName: string;
  section: PluginClientSection;
  workspaceId: string;
  clientId: string;
  clientName: string;
}

function PluginSection({ pluginName, section, workspaceId, clientId, clientName }: PluginSectionProps) {
  return (
    <ClientSection title={section.title} icon="application">
      {/* Retry clears the boundary's error, which mounts the section again. */}
      <PluginBoundary pluginName={pluginName} onRetry={() => undefined}>
        <section.component workspaceId={workspaceId} clientId={clientId} clientName={clientName} />
      </PluginBoundary>
    </ClientSection>
  );
}
