import { AnchorButton, Button, Checkbox, Classes, HTMLTable, Icon, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatFileSize, formatRelativeTime } from '@axal/web-sdk';
import { TREE_PLACEHOLDER_ROWS, type DirectoryNode } from '../../shared/wire';
import { fileIconOf, fileTypeLabel } from '../file-kinds';
import { folderSearch } from './use-directory-path';

const COLUMNS = ['Name', 'Type', 'Client', 'Size', 'Modified', 'Actions'] as const;

/** Folders and files have separate identities: a folder by its path, a file by its id (names may repeat). */
export const nodeKey = (node: DirectoryNode): string => (node.type === 'file' ? `file:${node.fileInfo.id}` : `folder:${node.path}`);

interface DirectoryTableProps {
  nodes: DirectoryNode[];
  selected: ReadonlySet<string>;
  onToggle: (node: DirectoryNode) => void;
  onToggleAll: (select: boolean) => void;
  /** Only for members who may assign clients. */
  onAssignClient?: (node: DirectoryNode) => void;
}

export function DirectoryTable({ nodes, selected, onToggle, onToggleAll, onAssignClient }: DirectoryTableProps) {
  const selectedCount = nodes.filter((node) => selected.has(nodeKey(node))).length;
  return (
    <DirectoryTableFrame
      selectAll={
        <Checkbox
          aria-label="Select all"
          checked={selectedCount > 0 && selectedCount === nodes.length}
          indeterminate={selectedCount > 0 && selectedCount < nodes.length}
          onChange={(event) => onToggleAll(event.currentTarget.checked)}
          className="documents-table__checkbox"
        />
      }
    >
      {nodes.map((node) => (
        <DirectoryRow key={nodeKey(node)} node={node} isSelected={selected.has(nodeKey(node))} onToggle={onToggle} onAssignClient={onAssignClient} />
      ))}
    </DirectoryTableFrame>
  );
}

function DirectoryTableFrame({ selectAll, children, busy = false }: { selectAll?: ReactNode; children: ReactNode; busy?: boolean }) {
  return (
    <div className="documents-table-wrapper">
      <HTMLTable className="documents-table" interactive aria-label="Documents" aria-busy={busy}>
        <thead>
          <tr>
            <th scope="col" className="documents-table__select">
              {selectAll ?? <span className="documents-visually-hidden">Select</span>}
            </th>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </HTMLTable>
    </div>
  );
}

/** The 5 placeholder rows of a loading folder; "Loading..." is announced once for the table. */
export function DirectoryTableSkeleton() {
  return (
    <>
      <p role="status" className="documents-visually-hidden">
        Loading...
      </p>
      <DirectoryTableFrame busy>
        {Array.from({ length: TREE_PLACEHOLDER_ROWS }, (_, row) => (
          <tr key={row} aria-hidden="true" data-placeholder-row>
            {['select', ...COLUMNS].map((column) => (
              <td key={column}>
                <div className={`${Classes.SKELETON} documents-table__skeleton`} />
              </td>
            ))}
          </tr>
        ))}
      </DirectoryTableFrame>
    </>
  );
}

interface DirectoryRowProps {
  node: DirectoryNode;
  isSelected: boolean;
  onToggle: (node: DirectoryNode) => void;
  onAssignClient?: (node: DirectoryNode) => void;
}

function DirectoryRow({ node, isSelected, onToggle, onAssignClient }: DirectoryRowProps) {
  const clients = node.type === 'file' ? (node.fileInfo.client ? [node.fileInfo.client] : []) : node.clients;
  return (
    <tr className={isSelected ? 'documents-table__row--selected' : undefined}>
      <td className="documents-table__select">
        <Checkbox aria-label={`Select ${node.name}`} checked={isSelected} onChange={() => onToggle(node)} className="documents-table__checkbox" />
      </td>
      <td>
        {node.type === 'directory' ? (
          <Link to={{ search: folderSearch(node.path) }} className="documents-table__name documents-table__name--folder">
            <Icon icon="folder-close" aria-hidden="true" />
            <span>{node.name}</span>
          </Link>
        ) : (
          <span className="documents-table__name">
            <Icon icon={fileIconOf(node.fileInfo.mimeType)} aria-hidden="true" />
            <span>{node.name}</span>
          </span>
        )}
      </td>
      <td className="documents-table__nowrap">{node.type === 'directory' ? 'Folder' : fileTypeLabel(node.name)}</td>
      <td>
        {clients.length > 0 ? (
          clients.map((client) => (
            <Tag key={client.externalId} minimal round className="documents-table__client">
              {client.name}
            </Tag>
          ))
        ) : (
          <span className={Classes.TEXT_MUTED}>—</span>
        )}
      </td>
      <td className="documents-table__nowrap">{formatFileSize(node.size)}</td>
      <td className="documents-table__nowrap">
        <time dateTime={node.lastModified} title={new Date(node.lastModified).toLocaleString()}>
          {formatRelativeTime(node.lastModified)}
        </time>
      </td>
      <td className="documents-table__actions">
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
      </td>
    </tr>
  );
}
