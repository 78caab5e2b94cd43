import { AnchorButton, Button, Checkbox, Classes, Icon, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatFileSize, formatRelativeTime } from '@axal/web-sdk';
import { DataTable, type DataTableColumn, type ErrorStateProps } from '@axal/web-sdk/ui';
import { TREE_PLACEHOLDER_ROWS, type DirectoryNode } from '../../shared/wire';
import { BreakableName } from '../components/BreakableName';
import { fileIconOf, fileTypeLabel } from '../file-kinds';
import { folderSearch } from './use-directory-path';

/** Wide enough that a file name reads as a name at any screen width, not a word per line. */
const NAME_MIN_WIDTH_PX = 160;

/** Folders and files have separate identities: a folder by its path, a file by its id (names may repeat). */
export const nodeKey = (node: DirectoryNode): string => (node.type === 'file' ? `file:${node.fileInfo.id}` : `folder:${node.path}`);

interface DirectoryTableProps {
  /** The folder's entries to show; keep the array stable between renders (the table measures new content). */
  nodes: readonly DirectoryNode[];
  selected: ReadonlySet<string>;
  onToggle: (node: DirectoryNode) => void;
  onToggleAll: (select: boolean) => void;
  /** Only for members who may assign clients. */
  onAssignClient?: (node: DirectoryNode) => void;
  /** The folder is loading: 5 placeholder rows (spec 3 section 2). */
  loading: boolean;
  error?: ErrorStateProps;
  /** What an empty folder, or a search that matched nothing, shows instead of the table. */
  empty: ReactNode;
}

/** The folder's listing: the checkbox and the name always shown, the other columns while they fit the screen. */
export function DirectoryTable({ nodes, selected, onToggle, onToggleAll, onAssignClient, loading, error, empty }: DirectoryTableProps) {
  const selectedCount = nodes.filter((node) => selected.has(nodeKey(node))).length;
  const selectAll = loading ? undefined : (
    <Checkbox
      aria-label="Select all"
      checked={selectedCount > 0 && selectedCount === nodes.length}
      indeterminate={selectedCount > 0 && selectedCount < nodes.length}
      onChange={(event) => onToggleAll(event.currentTarget.checked)}
      className="documents-table__checkbox"
    />
  );
  return (
    <DataTable
      label="Documents"
      className="documents-table"
      columns={directoryColumns({ selectAll, selected, onToggle, onAssignClient })}
      rows={nodes}
      rowKey={nodeKey}
      rowLabel={(node) => node.name}
      rowClassName={(node) => (selected.has(nodeKey(node)) ? 'documents-table__row--selected' : undefined)}
      loading={loading}
      skeletonRows={TREE_PLACEHOLDER_ROWS}
      error={error}
      empty={empty}
    />
  );
}

interface ColumnOptions {
  selectAll: ReactNode;
  selected: ReadonlySet<string>;
  onToggle: (node: DirectoryNode) => void;
  onAssignClient?: (node: DirectoryNode) => void;
}

/** Spec 3 section 2's columns, in its order; on a narrow screen the actions stay longest, the file type goes first. */
function directoryColumns({ selectAll, selected, onToggle, onAssignClient }: ColumnOptions): DataTableColumn<DirectoryNode>[] {
  return [
    {
      id: 'select',
      header: 'Select',
      hideHeader: true,
      headerContent: selectAll,
      priority: 'primary',
      className: 'documents-table__select',
      cell: (node) => (
        <Checkbox
          aria-label={`Select ${node.name}`}
          checked={selected.has(nodeKey(node))}
          onChange={() => onToggle(node)}
          className="documents-table__checkbox"
        />
      ),
    },
    { id: 'name', header: 'Name', priority: 'primary', minWidth: NAME_MIN_WIDTH_PX, cell: (node) => <NodeName node={node} /> },
    { id: 'type', header: 'Type', priority: 5, nowrap: true, cell: (node) => (node.type === 'directory' ? 'Folder' : fileTypeLabel(node.name)) },
    { id: 'client', header: 'Client', priority: 3, cell: (node) => <ClientTags node={node} /> },
    { id: 'size', header: 'Size', priority: 4, nowrap: true, cell: (node) => formatFileSize(node.size) },
    {
      id: 'modified',
      header: 'Modified',
      priority: 2,
      nowrap: true,
      cell: (node) => (
        <time dateTime={node.lastModified} title={new Date(node.lastModified).toLocaleString()}>
          {formatRelativeTime(node.lastModified)}
        </time>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      priority: 1,
      nowrap: true,
      className: 'documents-table__actions',
      cell: (node) => (node.type === 'file' || onAssignClient ? <NodeActions node={node} onAssignClient={onAssignClient} /> : null),
    },
  ];
}

function NodeName({ node }: { node: DirectoryNode }) {
  return node.type === 'directory' ? (
    <Link to={{ search: folderSearch(node.path) }} className="documents-table__name documents-table__name--folder">
      <Icon icon="folder-close" aria-hidden="true" />
      <span>
        <BreakableName name={node.name} />
      </span>
    </Link>
  ) : (
    <span className="documents-table__name">
      <Icon icon={fileIconOf(node.fileInfo.mimeType)} aria-hidden="true" />
      <span>
        <BreakableName name={node.name} />
      </span>
    </span>
  );
}

function ClientTags({ node }: { node: DirectoryNode }) {
  const clients = node.type === 'file' ? (node.fileInfo.client ? [node.fileInfo.client] : []) : node.clients;
  if (clients.length === 0) return <span className={Classes.TEXT_MUTED}>—</span>;
  return clients.map((client) => (
    <Tag key={client.externalId} minimal round multiline className="documents-table__client">
      {client.name}
    </Tag>
  ));
}

/** A file's download link and, for those who may, "Assign client". */
function NodeActions({ node, onAssignClient }: { node: DirectoryNode; onAssignClient?: (node: DirectoryNode) => void }) {
  return (
    <>
      {node.type === 'file' ? (
        <AnchorButton
          variant="minimal"
          icon="download"
          href={node.fileInfo.downloadUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Download ${node.name}`}
          title="Download"
        />
      ) : (
        // Keeps the assign buttons of folders and files in one line.
        <span className="documents-table__action-slot" aria-hidden="true" />
      )}
      {onAssignClient && (
        <Button
          variant="minimal"
          icon="person"
          aria-label={`Assign client to ${node.name}`}
          title="Assign client"
          onClick={() => onAssignClient(node)}
        />
      )}
    </>
  );
}
