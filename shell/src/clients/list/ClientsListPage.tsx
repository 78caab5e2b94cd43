import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { appPath, usePermission } from '@axal/web-sdk';
import { RouterAnchorButton } from '../../workspace/router-links';
import { clientsPath } from '../clients-api';
import { CredentialImportDialog } from '../credential-import/CredentialImportDialog';
import { PageHeading } from '../PageHeading';
import { BulkImportDialog } from './BulkImportDialog';
import { ClientFilters, useClientFilters } from './ClientFilters';
import { ClientsResults } from './ClientsResults';

/** `{app}/w/:workspaceId/clients`: search, type filter, the paged table and, for managers, creation and bulk import. */
export function ClientsListPage() {
  const { workspaceId = '' } = useParams();
  const canManage = usePermission('manage_clients');
  const [isImportOpen, setImportOpen] = useState(false);
  const [isCredentialImportOpen, setCredentialImportOpen] = useState(false);
  const filters = useClientFilters();
  const [, setSearchParams] = useSearchParams();
  const clearFilters = () => setSearchParams(new URLSearchParams(), { replace: true });

  return (
    <div className="workspace-page">
      <PageHeading
        title="Clients"
        description="The businesses and individuals this workspace serves."
        actions={
          canManage && (
            <>
              <Button icon="import" text="Bulk Import Clients" onClick={() => setImportOpen(true)} />
              <Button icon="key" text="Bulk Import Credentials" onClick={() => setCredentialImportOpen(true)} />
              <RouterAnchorButton intent="primary" icon="plus" text="New Client" to={appPath(`${clientsPath(workspaceId)}/new`)} />
            </>
          )
        }
      />
      <ClientFilters filters={filters} />
      {/* Keyed by the filters, so paging starts over from the first page whenever they change. */}
      <ClientsResults
        key={`${filters.committedSearch}\u0000${filters.type}`}
        workspaceId={workspaceId}
        search={filters.committedSearch}
        type={filters.type}
        canManage={canManage}
        onClearFilters={clearFilters}
      />
      {canManage && <BulkImportDialog workspaceId={workspaceId} isOpen={isImportOpen} onClose={() => setImportOpen(false)} />}
      {canManage && (
        <CredentialImportDialog workspaceId={workspaceId} isOpen={isCredentialImportOpen} onClose={() => setCredentialImportOpen(false)} />
      )}
    </div>
  );
}
