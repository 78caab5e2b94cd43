import { Button, Classes, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { appPath, formatDate, formatPhone } from '@axal/web-sdk';
import { DataTable, EmptyState, type DataTableColumn } from '@axal/web-sdk/ui';
import type { ClientType } from '../../../../core/clients/schemas';
import type { ClientListEntry, CredentialStatus } from '../../../../core/clients/wire';
import { RouterAnchorButton } from '../../workspace/router-links';
import { CLIENT_TYPE_LABELS, clientsPath, hasInvalidCredential, useClientList, useCredentialsStatus } from '../clients-api';
import { CLIENT_INVALID_CREDENTIALS, InvalidCredentialsIcon } from '../InvalidCredentialsIcon';

const SKELETON_ROWS = 6;
/** Wide enough that a client's name reads as a name at any screen width, not a word per line. */
const NAME_MIN_WIDTH_PX = 160;
const NO_CLIENTS: ClientListEntry[] = [];

interface ClientsResultsProps {
  workspaceId: string;
  search: string;
  type: ClientType | '';
  canManage: boolean;
  onClearFilters: () => void;
}

/** One page of the filtered list. Paging is keyset: the cursors of the pages already seen allow going back. */
export function ClientsResults({ workspaceId, search, type, canManage, onClearFilters }: ClientsResultsProps) {
  const [pageCursors, setPageCursors] = useState<(string | null)[]>([null]);
  const cursor = pageCursors[pageCursors.length - 1];
  const list = useClientList(workspaceId, { search, type, cursor });
  const status = useCredentialsStatus(workspaceId);
  const columns = useMemo(() => clientColumns(workspaceId, status.data), [workspaceId, status.data]);

  const clients = list.data?.clients ?? NO_CLIENTS;
  const nextCursor = list.data?.nextCursor ?? null;
  const pageNumber = pageCursors.length;
  return (
    <>
      <DataTable
        label="Clients"
        columns={columns}
        rows={clients}
        rowKey={(client) => client.externalId}
        rowLabel={(client) => client.name}
        loading={list.isPending}
        skeletonRows={SKELETON_ROWS}
        busy={list.isPlaceholderData}
        error={
          list.error
            ? { title: 'Failed to load clients', message: 'The client list could not be loaded.', onRetry: () => void list.refetch() }
            : undefined
        }
        empty={
          search || type ? (
            <EmptyState
              icon="search"
              title="No clients match your search"
              description="Try another name, PAN, GSTIN or email, or another client type."
              action={<Button icon="filter-remove" text="Clear filters" onClick={onClearFilters} />}
            />
          ) : (
            <EmptyState
              icon="people"
              title="No clients yet"
              description="Clients you add appear here with their PAN, GSTIN and contact details."
              action={
                canManage ? (
                  <RouterAnchorButton intent="primary" icon="plus" text="New Client" to={appPath(`${clientsPath(workspaceId)}/new`)} />
                ) : undefined
              }
            />
          )
        }
      />
      {!list.error && (pageNumber > 1 || nextCursor) && (
        <nav className="clients-paging" aria-label="Pagination">
          <Button
            variant="minimal"
            icon="chevron-left"
            text="Previous"
            disabled={pageNumber === 1 || list.isPlaceholderData}
            onClick={() => setPageCursors((cursors) => cursors.slice(0, -1))}
          />
          <span className={Classes.TEXT_MUTED} aria-live="polite">
            Page {pageNumber}
          </span>
          <Button
            variant="minimal"
            endIcon="chevron-right"
            text="Next"
            disabled={!nextCursor || list.isPlaceholderData}
            onClick={() => nextCursor && setPageCursors((cursors) => [...cursors, nextCursor])}
          />
        </nav>
      )}
    </>
  );
}

/**
 * The name always shows; the identifiers a practice looks clients up by come next, then contact details. What does not
 * fit the screen opens under each row.
 */
function clientColumns(workspaceId: string, credentialStatus: Record<string, CredentialStatus[]> | undefined): DataTableColumn<ClientListEntry>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      priority: 'primary',
      minWidth: NAME_MIN_WIDTH_PX,
      cell: (client) => (
        <span className="clients-table__name">
          <Link to={appPath(`${clientsPath(workspaceId)}/${client.externalId}`)}>{client.name}</Link>
          {hasInvalidCredential(credentialStatus?.[client.externalId]) && <InvalidCredentialsIcon message={CLIENT_INVALID_CREDENTIALS} />}
        </span>
      ),
    },
    {
      id: 'type',
      header: 'Type',
      priority: 2,
      cell: (client) => (
        <Tag minimal round intent={client.clientType === 'BUSINESS' ? 'primary' : 'success'}>
          {CLIENT_TYPE_LABELS[client.clientType]}
        </Tag>
      ),
    },
    { id: 'pan', header: 'PAN', priority: 1, nowrap: true, className: 'clients-table__code', cell: (client) => client.panNumber },
    {
      id: 'gstin',
      header: 'GSTIN',
      priority: 3,
      nowrap: true,
      className: 'clients-table__code',
      cell: (client) => client.gstin ?? <span className={Classes.TEXT_MUTED}>—</span>,
    },
    // An address broken at its hyphens or dots reads as two; it stays whole.
    { id: 'email', header: 'Email', priority: 5, nowrap: true, cell: (client) => client.email },
    { id: 'phone', header: 'Phone', priority: 4, nowrap: true, cell: (client) => formatPhone(client.phone) },
    { id: 'created', header: 'Created', priority: 6, nowrap: true, cell: (client) => formatDate(client.createdAt) },
  ];
}
