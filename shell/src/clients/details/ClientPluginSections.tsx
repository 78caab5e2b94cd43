import type { ClientSectionProps, ClientSection as PluginClientSection } from '@axal/web-sdk';
import { contributionsTo } from '../../plugins/contributions';
import { PluginBoundary } from '../../plugins/PluginBoundary';
import type { LoadedPluginState } from '../../plugins/workspace-plugins';
import { ClientSection } from './ClientSection';

interface ClientPluginSectionsProps {
  loaded: LoadedPluginState[];
  /** What every section is given: the workspace and the client of the page. */
  client: ClientSectionProps;
}

/** The sections enabled plugins add to a client's page (tasks, notices, documents...), each failing alone. */
export function ClientPluginSections({ loaded, client }: ClientPluginSectionsProps) {
  return contributionsTo(loaded, 'clientSections').map(({ pluginId, pluginName, item }) => (
    <PluginSection key={`${pluginId}.${item.id}`} pluginName={pluginName} section={item} client={client} />
  ));
}

interface PluginSectionProps {
  pluginName: string;
  section: PluginClientSection;
  client: ClientSectionProps;
}

function PluginSection({ pluginName, section, client }: PluginSectionProps) {
  return (
    <ClientSection title={section.title} icon="application">
      {/* Retry clears the boundary's error, which mounts the section again. */}
      <PluginBoundary pluginName={pluginName} onRetry={() => undefined}>
        <section.component {...client} />
      </PluginBoundary>
    </ClientSection>
  );
}
