import { Classes, Icon } from '@blueprintjs/core';
import { Link, useParams } from 'react-router-dom';
import { ApiError, appPath, usePermission } from '@axal/web-sdk';
import { ErrorState, LoadingSkeleton } from '@axal/web-sdk/ui';
import type { LoadedPluginState } from '../../plugins/workspace-plugins';
import { NotFoundPage } from '../../public/NotFoundPage';
import { clientsPath, useClientDetail } from '../clients-api';
import { ClientHeader } from './ClientHeader';
import { ClientPluginSections } from './ClientPluginSections';
import { CredentialsPanel } from './credentials/CredentialsPanel';
import { NotesSection } from './NotesSection';

/**
 * `{app}/w/:workspaceId/clients/:clientId`: the client's header and facts, notes, portal credentials and plugin
 * sections. Staff notes and credentials are shown only to members allowed to read them (not CLIENT members).
 */
export function ClientDetailsPage({ loaded }: { loaded: LoadedPluginState[] }) {
  const { workspaceId = '', clientId = '' } = useParams();
  const detail = useClientDetail(workspaceId, clientId);
  const canViewNotes = usePermission('view_client_notes');
  const canViewCredentials = usePermission('view_client_credentials');

  if (detail.error instanceof ApiError && detail.error.status === 404) return <NotFoundPage embedded />;
  return (
    <div className="workspace-page client-page">
      <Link to={appPath(clientsPath(workspaceId))} className={`client-page__back ${Classes.TEXT_MUTED}`}>
        <Icon icon="arrow-left" size={12} /> All clients
      </Link>
      {detail.error ? (
        <ErrorState message="This client could not be loaded." onRetry={() => void detail.refetch()} />
      ) : detail.isPending ? (
        <LoadingSkeleton rows={4} height={28} />
      ) : (
        <>
          <ClientHeader workspaceId={workspaceId} client={detail.data} />
          <div className="client-page__sections">
            {canViewNotes && <NotesSection workspaceId={workspaceId} clientId={clientId} />}
            {canViewCredentials && <CredentialsPanel workspaceId={workspaceId} clientId={clientId} />}
            <ClientPluginSections loaded={loaded} client={{ workspaceId, clientId, clientName: detail.data.name }} />
          </div>
        </>
      )}
    </div>
  );
}
