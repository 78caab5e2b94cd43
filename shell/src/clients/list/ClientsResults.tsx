import { Button, Classes, HTMLTable, Tag } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { appPath, formatDate } from '@axal/web-sdk';
import { EmptyState, ErrorState } from '@axal/web-sdk/ui';
import type { ClientType } from '../../../../core/clients/schemas';
import type { ClientListEntry, CredentialStatus } from '../../../../core/clients/wire';
import { RouterAnchorButton } from '../../workspace/router-links';
import { CLIENT_TYPE_LABELS, clientsPath, hasInvalidCredential, useClientList, useCredentialsStatus } from '../clients-api';
import { CLIENT_INVALID_CREDENTIALS, InvalidCredentialsIcon } from '../InvalidCredentialsIcon';

const COLUMNS = ['Name', 'Type', 'PAN', 'GSTIN', 'Email', 'Phone', 'Created'] as const;
const SKELETON_ROWS = 6;

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

  if (list.error)
    return <ErrorState title="Failed to load clients" message="The client list could not be loaded." onRetry={() => void list.refetch()} />;
  if (list.isPending) return <ClientsTable rows={<SkeletonRows />} />;

  const { clients, nextCursor } = list.data;
  if (clients.length === 0 && pageCursors.length === 1) {
    return search || type ? (
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
    );
  }

  const pageNumber = pageCursors.length;
  return (
    <>
      <ClientsTable
        busy={list.isPlaceholderData}
        rows={clients.map((client) => (
          <ClientRow key={client.externalId} client={client} workspaceId={workspaceId} credentialStatus={status.data?.[client.externalId]} />
        ))}
      />
      {(pageNumber > 1 || nextCursor) && (
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

function ClientsTable({ rows, busy = false }: { rows: ReactNode; busy?: boolean }) {
  return (
    <div className="clients-table-wrapper">
      <HTMLTable className="clients-table" striped aria-busy={busy} aria-label="Clients">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows}</tbody>
      </HTMLTable>
    </div>
  );
}

function SkeletonRows() {
  return Array.from({ length: SKELETON_ROWS }, (_, row) => (
    <tr key={row} aria-hidden="true">
      {COLUMNS.map((column) => (
        <td key={column}>
          <div className={`${Classes.SKELETON} clients-table__skeleton`} />
        </td>
      ))}
    </tr>
  ));
}

function ClientRow({
  client,
  workspaceId,
  credentialStatus,
}: {
  client: ClientListEntry;
  workspaceId: string;
  credentialStatus?: CredentialStatus[];
}) {
  return (
    <tr>
      <td>
        <span className="clients-table__name">
          <Link to={appPath(`${clientsPath(workspaceId)}/${client.externalId}`)}>{client.name}</Link>
          {hasInvalidCredential(credentialStatus) && <InvalidCredentialsIcon message={CLIENT_INVALID_CREDENTIALS} />}
        </span>
      </td>
      <td>
        <Tag minimal round intent={client.clientType === 'BUSINESS' ? 'primary' : 'success'}>
          {CLIENT_TYPE_LABELS[client.clientType]}
        </Tag>
      </td>
      <td className="clients-table__code">{client.panNumber}</td>
      <td className="clients-table__code">{client.gstin ?? <span className={Classes.TEXT_MUTED}>—</span>}</td>
      <td className="clients-table__email">{client.email}</td>
      <td className="clients-table__nowrap">{client.phone}</td>
      <td className="clients-table__nowrap">{formatDate(client.createdAt)}</td>
    </tr>
  );
}
